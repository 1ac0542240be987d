import { describe, expect, it } from 'vitest';
import { object, ref } from 'yup';
import { birthDate } from '../../../src/domain/validation/date-rules';
import {
  amount,
  choice,
  dateText,
  paragraphs,
  requestId,
  text,
  tick,
} from '../../../src/domain/validation/fields';
import { laborInsuranceSalary } from '../../../src/domain/validation/number-rules';
import { cellPhone } from '../../../src/domain/validation/phone-rules';
import { firstError } from './first-error';

describe('required, worded by the kind of field', () => {
  it.each([
    [text('公司名稱').required(), undefined, '公司名稱不可為空白'],
    [text('公司名稱').required(), '', '公司名稱不可為空白'],
    [text('公司名稱').required(), '\u3000 ', '公司名稱不可為空白'],
    [text('公司名稱').required(), '國泰', null],
    [choice('職業類別').required(), undefined, '請選擇職業類別'],
    [choice('職業類別').required(), '', '請選擇職業類別'],
    [choice('職業類別').required(), '1', null],
    [tick('同意聲明事項').isTrue(), false, '請勾選同意聲明事項'],
    [tick('同意聲明事項').required(), undefined, '請勾選同意聲明事項'],
    [tick('同意聲明事項').isTrue(), true, null],
    [amount('投保人數').required(), undefined, '投保人數不可為空白'],
  ])('%#: %s', (schema, value, message) => {
    expect(firstError(schema, value)).toBe(message);
  });
});

describe('amount: the decimal rule on a typed number', () => {
  it.each([
    ['12', 12],
    ['１２', 12],
    ['29,500', 29_500],
    ['1.5', 1.5],
    [' 30 ', 30],
    [7, 7],
  ])('%s is read as %d', (typed, value) => {
    expect(amount('月薪').cast(typed)).toBe(value);
  });

  it.each(['abc', '1e3', '0x10', '1.2.3', '--1'])('%s → 月薪必須為數字', (typed) => {
    expect(firstError(amount('月薪'), typed)).toBe('月薪必須為數字');
  });

  it('an empty amount is absent, left to required', () => {
    expect(amount('月薪').cast('')).toBeUndefined();
    expect(firstError(amount('月薪'), '')).toBeNull();
  });
});

describe('text normalisation before the rules', () => {
  it('half-width: a full-width mobile number passes', () => {
    const mobile = text('手機號碼', 'halfWidth').required().test(cellPhone());
    expect(firstError(mobile, '０９１２－３４５－６７８')).toBeNull();
    expect(mobile.cast('０９１２３４５６７８')).toBe('0912345678');
  });

  it('upper: an ID typed in lower case is cast to upper case', () => {
    expect(text('身分證字號', 'upper').cast(' ａ123456789 ')).toBe('A123456789');
  });
});

describe('dateText casts readable dates to ISO', () => {
  it.each([
    ['79/05/12', '1990-05-12'],
    ['民國115年1月5日', '2026-01-05'],
    ['1990-05-12', '1990-05-12'],
    ['112/02/29', '112/02/29'],
  ])('%s → %s', (typed, cast) => {
    expect(dateText('出生日期').cast(typed)).toBe(cast);
  });
});

describe('a screen schema', () => {
  const insuredSchema = object({
    mobile: text('手機號碼', 'halfWidth').required().test(cellPhone()),
    birth: dateText('出生日期').required().test(birthDate()),
    salary: amount('月投保薪資')
      .required()
      .test(laborInsuranceSalary({ on: ref('$today') })),
  });

  it('takes a valid payload and casts it', () => {
    const payload = { mobile: '0912-345-678', birth: '79/05/12', salary: '30,300' };
    expect(insuredSchema.validateSync(payload, { context: { today: '2026-03-01' } })).toEqual({
      mobile: '0912-345-678',
      birth: '1990-05-12',
      salary: 30_300,
    });
  });

  it('reports each field with its own message', () => {
    const bad = { mobile: '0812345678', birth: '1930/12/31', salary: '29501' };
    expect(() =>
      insuredSchema.validateSync(bad, { abortEarly: false, context: { today: '2026-03-01' } }),
    ).toThrow(
      expect.objectContaining({
        errors: ['請輸入正確的手機號碼', '出生日期格式錯誤', '勞保投保薪資非級距金額'],
      }),
    );
  });
});

describe('characters no visitor types: NUL, control characters, lone surrogates', () => {
  it.each([
    ['NUL', 'a\u0000b'],
    ['escape', '\u001b[2J'],
    ['bell', 'ab\u0007'],
    ['a line break inside', 'a\nb'],
    ['DEL', 'a\u007f'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800'],
    ['a lone low surrogate', '\udc00a'],
  ])('%s → 「X含有無法辨識的字元」 on text, choice and date fields', (_, typed) => {
    expect(firstError(text('方案名稱'), typed)).toBe('方案名稱含有無法辨識的字元');
    expect(firstError(choice('裝置類型'), typed)).toBe('裝置類型含有無法辨識的字元');
    expect(firstError(dateText('出生日期'), typed)).toBe('出生日期含有無法辨識的字元');
  });

  it.each(['國泰人壽', 'Ａ１２３', '😀 emoji', '\u3000全形空白\u3000'])('%s passes', (typed) => {
    expect(firstError(text('方案名稱'), typed)).toBeNull();
  });
});

describe('a value of the wrong type: 「X格式錯誤」, never the value itself', () => {
  it.each([
    [text('方案名稱'), ['ǂ', 'ǂ']],
    [choice('裝置類型'), [1, 2, 3]],
    [tick('同意聲明事項'), 'ǂyes'],
    [dateText('出生日期'), ['ǂ']],
    [object({ a: text('甲') }).label('查詢參數'), 'ǂ'],
  ])('%#', (schema, value) => {
    const message = firstError(schema, value);
    expect(message).toMatch(/格式錯誤$/);
    expect(message).not.toContain('ǂ');
  });
});

describe('a field given null (a form resetting it) reports it as empty', () => {
  it.each([
    [text('公司名稱'), '公司名稱不可為空白'],
    [text('手機號碼', 'halfWidth'), '手機號碼不可為空白'],
    [dateText('出生日期'), '出生日期不可為空白'],
    [choice('職業類別'), '請選擇職業類別'],
  ])('%#', (schema, message) => {
    expect(firstError(schema, null)).toBe(message);
  });
});

describe('paragraphs: a message of several lines', () => {
  it('keeps line breaks as \\n whatever the browser sent, and trims the whole', () => {
    const content = paragraphs('內容');
    expect(content.cast('  第一行\r\n第二行\r第三行\n\n第五行  ')).toBe('第一行\n第二行\n第三行\n\n第五行');
    expect(content.cast(undefined)).toBeUndefined();
    expect(firstError(content, '第一行\u0007')).toBe('內容含有無法辨識的字元');
    expect(firstError(content, '第一行\r\n第二行')).toBeNull();
  });
});

describe('requestId: a submission’s idempotency key', () => {
  it('is a lower-case UUID and nothing around it', () => {
    const id = requestId('申請識別碼');
    expect(firstError(id, '3b241101-e2bb-4255-8caf-4136c566a962')).toBeNull();
    expect(firstError(id, '')).toBe('申請識別碼不可為空白');
    for (const value of [
      '3B241101-E2BB-4255-8CAF-4136C566A962',
      'x3b241101-e2bb-4255-8caf-4136c566a962',
      '3b241101-e2bb-4255-8caf-4136c566a962x',
      '3b241101e2bb42558caf4136c566a962',
      '3b24110-e2bb-4255-8caf-4136c566a962',
      '3b241101-e2b-4255-8caf-4136c566a962',
      '3b241101-e2bb-425-8caf-4136c566a962',
      '3b241101-e2bb-4255-8ca-4136c566a962',
      '3b241101-e2bb-4255-8caf-4136c566a96',
      'gggggggg-gggg-gggg-gggg-gggggggggggg',
    ])
      expect(firstError(id, value)).toBe('申請識別碼格式錯誤');
  });
});
