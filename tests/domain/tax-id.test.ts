import { describe, expect, it } from 'vitest';
import { isValidTaxId } from '../../src/domain/tax-id';

describe('統一編號 (current rule: divisible by 5)', () => {
  it.each([
    ['10458575', true],
    ['88117125', true],
    ['53212539', true],
    ['12345675', true],
    ['22099131', true],
    ['04595252', true],
    ['12345676', true], // 7th digit 7: the total plus one divides
    ['88117126', false],
    ['12345678', false],
    ['1234567', false],
    ['123456789', false],
    ['104585751', false], // nine digits, the first eight a valid number
    ['x10458575', false],
    ['88117124', false], // the total plus one divides, but the 7th digit is not 7
    ['1234567a', false],
    ['', false],
  ])('%s → %s', (id, valid) => {
    expect(isValidTaxId(id)).toBe(valid);
  });

  it('04595252 is valid only under the new rule: the old one (divisible by 10) rejects it', () => {
    expect(isValidTaxId('04595252', 'mod10')).toBe(false);
    expect(isValidTaxId('04595252', 'mod5')).toBe(true);
  });

  it.each(['10458575', '88117125', '53212539', '22099131'])('%s was valid under the old rule too', (id) => {
    expect(isValidTaxId(id, 'mod10')).toBe(true);
  });
});
