import { describe, expect, it } from 'vitest';
import { text } from '../../../src/domain/validation/fields';
import { cellPhone, homePhone } from '../../../src/domain/validation/phone-rules';
import { firstError } from './first-error';

describe('cell phone: 09xx + 6 digits, hyphens optional', () => {
  const schema = text('手機號碼', 'halfWidth').test(cellPhone());
  it.each([
    ['0912345678', null],
    ['0912-345-678', null],
    ['0912-345678', null],
    ['０９１２３４５６７８', null],
    ['091234567', '請輸入正確的手機號碼'],
    ['09123456789', '請輸入正確的手機號碼'],
    ['0812345678', '請輸入正確的手機號碼'],
    ['+886912345678', '請輸入正確的手機號碼'],
    ['0912 345 678', '請輸入正確的手機號碼'],
    ['09-12345678', '請輸入正確的手機號碼'],
    ['10912345678', '請輸入正確的手機號碼'],
    ['0912345678x', '請輸入正確的手機號碼'],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('home phone: area code (2-3 digits, brackets optional) + 3-4 + 4 digits, or a mobile', () => {
  const schema = text('聯絡電話', 'halfWidth').test(homePhone());
  it.each([
    ['02-2345-6789', null],
    ['0223456789', null],
    ['(02)2345-6789', null],
    ['(02)23456789', null],
    ['037-123-4567', null],
    ['(037)1234567', null],
    ['07-123-4567', null],
    ['0912-345-678', null],
    ['(02-2345-6789', '請輸入正確的電話號碼'],
    ['2345-6789', '請輸入正確的電話號碼'],
    ['02-234-567', '請輸入正確的電話號碼'],
    ['02-23456-7890', '請輸入正確的電話號碼'],
    ['0212-345-6789', '請輸入正確的電話號碼'],
    ['02-2345-678a', '請輸入正確的電話號碼'],
    ['02-2345-67890', '請輸入正確的電話號碼'],
    ['x02-2345-6789', '請輸入正確的電話號碼'],
    ['10912345678', '請輸入正確的電話號碼'],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});
