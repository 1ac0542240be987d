import { describe, expect, it } from 'vitest';
import { boolean, number, object, ref, string } from 'yup';
import { amount } from '../../../src/domain/validation/fields';
import {
  between,
  laborInsuranceSalary,
  laborSumSalary,
  maxMonthlySalary,
  notZero,
  totalMonthlySalary,
} from '../../../src/domain/validation/number-rules';
import { firstError } from './first-error';

describe('zero not allowed', () => {
  const schema = amount('投保人數').test(notZero());
  it.each([
    ['0', '投保人數不可為0'],
    ['0.0', '投保人數不可為0'],
    ['1', null],
    ['-1', null],
    ['', null],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('labor sum salary: 10000 × value ≤ limit', () => {
  const schema = amount('投保薪資').test(laborSumSalary(1_000_000));
  it.each([
    ['100', null],
    ['99.99', null],
    ['100.01', '投保薪資合計不可超過100萬'],
    ['101', '投保薪資合計不可超過100萬'],
    ['', null],
  ])('%s 萬 → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });

  it('takes the limit from a sibling field', () => {
    const form = object({ limit: number(), sum: amount('投保薪資').test(laborSumSalary(ref('limit'))) });
    expect(firstError(form, { limit: 50_000, sum: '5' })).toBeNull();
    expect(firstError(form, { limit: 50_000, sum: '6' })).toBe('投保薪資合計不可超過5萬');
  });
});

describe('total monthly salary: while checking, 10000 × value ÷ people ≤ limit salary', () => {
  const form = object({
    checking: boolean(),
    people: number(),
    total: amount('員工月薪總額').test(
      totalMonthlySalary({ checking: ref('checking'), people: ref('people'), limit: 60_000 }),
    ),
  });
  it.each([
    [true, 10, '60', null],
    [true, 10, '60.01', '員工月薪總額超過上限'],
    [true, 3, '19', '員工月薪總額超過上限'],
    [true, 3, '18', null],
    [false, 10, '1000', null],
    [undefined, 10, '1000', null],
    [true, 0, '1000', null],
    [true, 10, '', null],
  ])('checking %s, %i people, %s 萬 → %s', (checking, people, total, message) => {
    expect(firstError(form, { checking, people, total })).toBe(message);
  });
});

describe('max monthly salary: while checking, value ≤ limit (萬)', () => {
  const form = object({
    checking: boolean(),
    salary: amount('月薪').test(maxMonthlySalary({ checking: ref('checking'), limit: 10 })),
  });
  it.each([
    [true, '10', null],
    [true, '10.5', '月薪上限10萬'],
    [true, '11', '月薪上限10萬'],
    [false, '11', null],
    [true, '', null],
  ])('checking %s, %s 萬 → %s', (checking, salary, message) => {
    expect(firstError(form, { checking, salary })).toBe(message);
  });
});

describe('labor-insurance salary: a grade of the table in force', () => {
  const schema = amount('月投保薪資').test(laborInsuranceSalary());
  const grades = [29_500, 30_300, 31_800, 33_300, 34_800, 36_300, 38_200, 40_100, 42_000, 43_900, 45_800];

  it.each(grades)('%i passes', (grade) => {
    expect(firstError(schema, String(grade), { today: '2026-01-01' })).toBeNull();
  });

  it.each([29_501, 28_590, 46_000, 1])('%i fails', (value) => {
    expect(firstError(schema, value, { today: '2026-01-01' })).toBe('勞保投保薪資非級距金額');
  });

  it('follows the table of the day: 28,590 was a grade in 2025', () => {
    expect(firstError(schema, 28_590, { today: '2025-12-31' })).toBeNull();
    expect(firstError(amount('x').test(laborInsuranceSalary({ on: '2025-06-01' })), 28_590)).toBeNull();
    expect(firstError(schema, 28_590, { today: new Date('2025-12-31T16:00:00Z') })).toBe(
      '勞保投保薪資非級距金額',
    );
  });

  it('without a date uses the newest table', () => {
    expect(firstError(schema, 29_500)).toBeNull();
  });

  it('leaves an empty amount to required', () => {
    expect(firstError(schema, '', { today: '2026-01-01' })).toBeNull();
  });
});

describe('rules on amounts pass what is not a number: the decimal rule reports it', () => {
  it.each([
    ['zero', notZero()],
    ['labor sum salary', laborSumSalary(1_000_000)],
    ['max monthly salary', maxMonthlySalary({ checking: true, limit: 10 })],
    ['total monthly salary', totalMonthlySalary({ checking: true, people: 10, limit: 60_000 })],
    ['labor-insurance salary', laborInsuranceSalary({ on: '2026-01-01' })],
    ['between', between(1, 999)],
  ])('%s', (_, rule) => {
    const typed = string().label('金額').test(rule);
    for (const value of ['abc', '1,000', '', null]) expect(firstError(typed.nullable(), value)).toBeNull();
  });
});

describe('between: both ends included, 「X須介於min至max之間」', () => {
  const schema = amount('排列順序').test(between(1, 999));
  it.each([
    ['1', null],
    ['999', null],
    ['500', null],
    ['0', '排列順序須介於1至999之間'],
    ['0.5', '排列順序須介於1至999之間'],
    ['999.5', '排列順序須介於1至999之間'],
    ['1000', '排列順序須介於1至999之間'],
    ['-1', '排列順序須介於1至999之間'],
    ['', null],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});
