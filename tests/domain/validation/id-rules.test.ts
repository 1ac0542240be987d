import { describe, expect, it } from 'vitest';
import { text } from '../../../src/domain/validation/fields';
import { nationalId, personId, residentId, taxId } from '../../../src/domain/validation/id-rules';
import { firstError } from './first-error';

describe('統一編號 rule', () => {
  const schema = text('統一編號', 'halfWidth').test(taxId());
  it.each([
    ['10458575', null],
    ['88117125', null],
    ['53212539', null],
    ['12345675', null],
    ['22099131', null],
    ['04595252', null],
    ['０４５９５２５２', null],
    ['88117126', '請輸入正確的統一編號'],
    ['8811712', '請輸入正確的統一編號'],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('身分證 / 居留證 rules', () => {
  it.each([
    [nationalId(), 'a123456789', null],
    [nationalId(), 'A123456789', null],
    [nationalId(), 'A123456788', '請輸入正確的身分證字號'],
    [nationalId(), 'A800000014', '請輸入正確的身分證字號'],
    [residentId(), 'A800000014', null],
    [residentId(), 'AA00000009', null],
    [residentId(), 'A123456789', '請輸入正確的身分證字號'],
    [personId(), 'A123456789', null],
    [personId(), 'A800000014', null],
    [personId(), 'ac03095424', null],
    [personId(), 'A123456788', '請輸入正確的身分證字號'],
  ])('%#: %s', (rule, value, message) => {
    expect(firstError(text('身分證字號', 'upper').test(rule), value)).toBe(message);
  });
});
