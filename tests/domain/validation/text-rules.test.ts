import { describe, expect, it } from 'vitest';
import { boolean, mixed, object, ref, string } from 'yup';
import { text } from '../../../src/domain/validation/fields';
import {
  b2bEmail,
  captcha,
  decimal,
  email,
  generic,
  maxLength,
  noSpecialCharacters,
  numeric,
} from '../../../src/domain/validation/text-rules';
import { firstError } from './first-error';

describe('decimal: 「X必須為數字」', () => {
  const schema = text('保額').test(decimal());
  it.each([
    ['10', null],
    ['10.5', null],
    ['10.25', null],
    ['-3', null],
    ['+0.125', null],
    ['1.', '保額必須為數字'],
    ['abc', '保額必須為數字'],
    ['1,000', '保額必須為數字'],
    ['', null],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('decimal and numeric take numbers as numbers', () => {
  it.each([
    [1e21, null, null],
    [1e-7, null, '人數必須為整數'],
    [2.5, null, '人數必須為整數'],
    [-4, null, null],
    [Number.NaN, '保額必須為數字', '人數必須為整數'],
    [Number.POSITIVE_INFINITY, '保額必須為數字', '人數必須為整數'],
  ])('%d: decimal → %s, numeric → %s', (value, decimalMessage, numericMessage) => {
    expect(firstError(mixed().label('保額').test(decimal()), value)).toBe(decimalMessage);
    expect(firstError(mixed().label('人數').test(numeric()), value)).toBe(numericMessage);
  });
});

describe('numeric: 「X必須為整數」', () => {
  const schema = text('人數').test(numeric());
  it.each([
    ['10', null],
    ['0', null],
    ['+10', null],
    ['-10', null],
    ['10.5', '人數必須為整數'],
    ['1a', '人數必須為整數'],
    [undefined, null],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('email', () => {
  const schema = text('電子郵件', 'halfWidth').test(email());
  it.each([
    ['user@example.com', null],
    ['first.last+tag@mail.example.com.tw', null],
    ['ｕｓｅｒ＠ｅｘａｍｐｌｅ．ｃｏｍ', null],
    ['user@x.example.com', null],
    ['user@example.x.tw', null],
    ['user@example.com!', '請輸入正確的電子郵件地址'],
    ['user@localhost', '請輸入正確的電子郵件地址'],
    ['user@@example.com', '請輸入正確的電子郵件地址'],
    ['user example@example.com', '請輸入正確的電子郵件地址'],
    ['@example.com', '請輸入正確的電子郵件地址'],
    // Dots, lengths and domains a mail server refuses (issue 9's cases).
    ['john..doe@x.com', '請輸入正確的電子郵件地址'],
    ['.john@x.com', '請輸入正確的電子郵件地址'],
    ['user.@x.com', '請輸入正確的電子郵件地址'],
    [`${'a'.repeat(64)}@x.com`, null],
    [`${'a'.repeat(65)}@x.com`, '請輸入正確的電子郵件地址'],
    [`${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.tw`, null],
    [
      `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(59)}.tw`,
      '請輸入正確的電子郵件地址',
    ],
    ['a@b.c', '請輸入正確的電子郵件地址'],
    ['a@b.123', '請輸入正確的電子郵件地址'],
    ['user@192.168.0.1', '請輸入正確的電子郵件地址'],
    ['userexample.com', '請輸入正確的電子郵件地址'],
    ['user@example.12ab', '請輸入正確的電子郵件地址'],
    ['user@example.com1', '請輸入正確的電子郵件地址'],
    ['user@[192.168.0.1]', '請輸入正確的電子郵件地址'],
    ['user@-example.com', '請輸入正確的電子郵件地址'],
    ['user@example-.com', '請輸入正確的電子郵件地址'],
    ['user@example..com', '請輸入正確的電子郵件地址'],
    ['user@example.com.', '請輸入正確的電子郵件地址'],
    [`user@${'b'.repeat(64)}.com`, '請輸入正確的電子郵件地址'],
    ['user@x.taipei', null],
    ['user@example.xn--kpry57d', null],
    ["o'brien@example.com", null],
    ['"john doe"@example.com', '請輸入正確的電子郵件地址'],
    ['用戶@example.com', '請輸入正確的電子郵件地址'],
    ['user\u200b@example.com', '請輸入正確的電子郵件地址'],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('B2B email: [\\w.+-]+@domain.suffix(2-24 letters)', () => {
  const schema = text('聯絡人信箱').test(b2bEmail());
  it.each([
    ['hr.dept_01@company.com.tw', null],
    ['a-b@x.io', null],
    ['a@b.info', null],
    ['a+b@company.com', null],
    ['hr@company.taipei', null],
    ['hr@company.online', null],
    ['a@company.museum', null],
    [`a@company.${'x'.repeat(24)}`, null],
    [`a@company.${'x'.repeat(25)}`, '請輸入正確的電子郵件地址'],
    ['a@company.c', '請輸入正確的電子郵件地址'],
    ['a@company', '請輸入正確的電子郵件地址'],
    ['a@company.c0m', '請輸入正確的電子郵件地址'],
    ['john@-example.com', '請輸入正確的電子郵件地址'],
    ['john@example-.com', '請輸入正確的電子郵件地址'],
    ['john@mail.-example.com', '請輸入正確的電子郵件地址'],
    ['john..doe@example.com', '請輸入正確的電子郵件地址'],
    ['.john@example.com', '請輸入正確的電子郵件地址'],
    ['a!b@company.com', '請輸入正確的電子郵件地址'],
    [`${'a'.repeat(65)}@company.com`, '請輸入正確的電子郵件地址'],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('regex: no special symbols, spaces or full-width characters', () => {
  const schema = string().label('要保單位名稱').test(noSpecialCharacters());
  const message = '要保單位名稱不可包含特殊符號、空白或全形字元';
  it.each([
    ['國泰人壽', null],
    ['ABC123', null],
    ['台積電2', null],
    ['A B', message],
    ['A\u3000B', message],
    ['ＡＢＣ', message],
    ['１２３', message],
    ['A&B', message],
    ['名稱！', message],
    ['名稱，公司', message],
    ['a_b', message],
  ])('%s → %s', (value, expected) => {
    expect(firstError(schema, value)).toBe(expected);
  });
});

describe('max length: non-ASCII counts 2, 「X長度限制為N」', () => {
  const schema = string().label('姓名').test(maxLength(10));
  it.each([
    ['abcdefghij', null],
    ['abcdefghijk', '姓名長度限制為10'],
    ['王小明明明', null],
    ['王小明明明a', '姓名長度限制為10'],
    ['王小明ab12', null],
    ['王小明ab123', '姓名長度限制為10'],
    ['𠀋𠀋𠀋𠀋𠀋', null],
  ])('%s → %s', (value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('captcha passes only when the flag is exactly true', () => {
  const schema = object({
    verified: boolean(),
    code: string()
      .label('驗證碼')
      .test(captcha(ref('verified'))),
  });
  it.each([
    [true, null],
    [false, '驗證碼錯誤'],
    [undefined, '驗證碼錯誤'],
  ])('verified %s → %s', (verified, message) => {
    expect(firstError(schema, { verified, code: '1234' })).toBe(message);
  });

  it('reads the flag from the context too', () => {
    const code = string().test(captcha(ref('$captchaOk')));
    expect(firstError(code, '1234', { captchaOk: true })).toBeNull();
    expect(firstError(code, '1234', { captchaOk: 'true' })).toBe('驗證碼錯誤');
  });
});

describe('generic shows the supplied message while the flag is set', () => {
  const schema = object({
    planError: string(),
    hasPlanError: boolean(),
    plan: string().test(generic({ error: ref('hasPlanError'), message: ref('planError') })),
  });
  it.each([
    [true, '方案已停售', '方案已停售'],
    [false, '方案已停售', null],
    [undefined, '方案已停售', null],
  ])('flag %s → %s', (hasPlanError, planError, message) => {
    expect(firstError(schema, { hasPlanError, planError, plan: 'A' })).toBe(message);
  });

  it('takes a fixed message and flag', () => {
    expect(firstError(string().test(generic({ error: true, message: '請先試算保費' })), '')).toBe(
      '請先試算保費',
    );
  });
});
