import { describe, expect, it } from 'vitest';
import { mixed, ValidationError } from 'yup';
import { ageRange, birthDate, insuranceDate, validDate } from '../../../src/domain/validation/date-rules';
import { nationalId, personId, residentId, taxId } from '../../../src/domain/validation/id-rules';
import {
  between,
  laborInsuranceSalary,
  laborSumSalary,
  maxMonthlySalary,
  notZero,
  totalMonthlySalary,
} from '../../../src/domain/validation/number-rules';
import type { Rule } from '../../../src/domain/validation/params';
import { cellPhone, homePhone } from '../../../src/domain/validation/phone-rules';
import {
  b2bEmail,
  captcha,
  decimal,
  email,
  generic,
  maxLength,
  noSpecialCharacters,
  numeric,
  printable,
} from '../../../src/domain/validation/text-rules';

/** The `type` of the error a rule raises for `value`: how a form tells which rule failed. */
function failedRule(rule: Rule, value: unknown): string | undefined {
  try {
    mixed()
      .label('欄位')
      .test(rule)
      .validateSync(value, { context: { today: '2026-03-01' } });
    return undefined;
  } catch (error) {
    if (error instanceof ValidationError) return error.type;
    throw error;
  }
}

describe('each rule of docs/specification.md §5 fails under its own name', () => {
  it.each<[string, Rule, unknown]>([
    ['decimal', decimal(), 'abc'],
    ['numeric', numeric(), '1.5'],
    ['email', email(), 'a@b'],
    ['b2bEmail', b2bEmail(), 'a!b@c.com'],
    ['noSpecialCharacters', noSpecialCharacters(), 'a b'],
    ['printable', printable(), 'a\u0000b'],
    ['maxLength', maxLength(2), 'abc'],
    ['captcha', captcha(false), '1234'],
    ['generic', generic({ error: true, message: '錯誤' }), 'x'],
    ['notZero', notZero(), 0],
    ['laborSumSalary', laborSumSalary(10_000), 2],
    ['totalMonthlySalary', totalMonthlySalary({ checking: true, people: 1, limit: 10_000 }), 2],
    ['maxMonthlySalary', maxMonthlySalary({ checking: true, limit: 1 }), 2],
    ['laborInsuranceSalary', laborInsuranceSalary(), 1],
    ['between', between(1, 2), 3],
    ['validDate', validDate(), '115/02/30'],
    ['insuranceDate', insuranceDate(), '2026-03-01'],
    ['ageRange', ageRange('15,75'), '2020-01-01'],
    ['birthDate', birthDate(), '1920-01-01'],
    ['cellPhone', cellPhone(), '0812345678'],
    ['homePhone', homePhone(), '2345-6789'],
    ['taxId', taxId(), '88117126'],
    ['nationalId', nationalId(), 'A123456788'],
    ['residentId', residentId(), 'A123456789'],
    ['personId', personId(), 'A123456788'],
  ])('%s', (name, rule, value) => {
    expect(failedRule(rule, value)).toBe(name);
  });
});
