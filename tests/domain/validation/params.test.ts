import { describe, expect, it } from 'vitest';
import { string } from 'yup';
import { isBlank, labelOf, toNumber } from '../../../src/domain/validation/params';
import { decimal } from '../../../src/domain/validation/text-rules';
import { firstError } from './first-error';

describe('labelOf: the label, else the path', () => {
  it.each([
    [{ label: '公司名稱', originalPath: 'company', path: 'company' }, '公司名稱'],
    [{ label: undefined, originalPath: 'company', path: 'this' }, 'company'],
    [{ label: '', originalPath: undefined, path: 'company' }, 'company'],
  ])('%o → %s', (params, label) => {
    expect(labelOf(params as Parameters<typeof labelOf>[0])).toBe(label);
  });
});

describe('isBlank: what .required() reports and every other rule passes', () => {
  it.each([
    [undefined, true],
    [null, true],
    ['', true],
    [' ', false],
    [0, false],
    [false, false],
  ])('%o → %s', (value, blank) => {
    expect(isBlank(value)).toBe(blank);
  });

  it('a rule passes null', () => {
    expect(firstError(string().nullable().label('保額').test(decimal()), null)).toBeNull();
  });
});

describe('toNumber: a number, or a plain decimal string; NaN otherwise', () => {
  it.each([
    [12, 12],
    ['12', 12],
    ['-1.5', -1.5],
    ['+3', 3],
    ['1e3', Number.NaN],
    ['', Number.NaN],
    [' 12', Number.NaN],
    [[12], Number.NaN],
    [['12'], Number.NaN],
    [null, Number.NaN],
    [true, Number.NaN],
  ])('%o → %d', (value, number) => {
    expect(toNumber(value)).toBe(number);
  });
});
