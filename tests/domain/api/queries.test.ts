import { describe, expect, it } from 'vitest';
import { type AnySchema, ValidationError } from 'yup';
import { queryPackageSchema } from '../../../src/domain/api/catalogue';
import { consentAcceptSchema } from '../../../src/domain/api/consent';
import { queryAllMetaSchema } from '../../../src/domain/api/function-meta';
import { CONSENT_VERSION } from '../../../src/domain/consent';

/** The message the server answers for a query or body (null when it passes), validated as the routes do. */
function refusal(schema: AnySchema, input: unknown): string | null {
  try {
    schema.validateSync(input, { stripUnknown: true });
    return null;
  } catch (error) {
    if (error instanceof ValidationError) return error.message;
    throw error;
  }
}

describe('queryPackage: PACK_ID is upper-case letters, digits and underscores, starting with a letter', () => {
  it.each([
    ['BASIC', null],
    ['MFG', null],
    ['AB', null],
    ['A_1', null],
    [' BASIC ', null],
    [`A${'B'.repeat(19)}`, null],
    [`A${'B'.repeat(20)}`, '方案代碼格式錯誤'],
    ['A', '方案代碼格式錯誤'],
    ['basic', '方案代碼格式錯誤'],
    ['1BASIC', '方案代碼格式錯誤'],
    ['_BASIC', '方案代碼格式錯誤'],
    ['BA-SIC', '方案代碼格式錯誤'],
    ['xBASIC', '方案代碼格式錯誤'],
    ['BASICx', '方案代碼格式錯誤'],
    ['', '方案代碼不可為空白'],
    [undefined, '方案代碼不可為空白'],
  ])('%s → %s', (PACK_ID, message) => {
    expect(refusal(queryPackageSchema, { PACK_ID })).toBe(message);
  });

  it('passes the trimmed id on', () => {
    expect(queryPackageSchema.validateSync({ PACK_ID: ' MFG ', x: 1 }, { stripUnknown: true })).toEqual({
      PACK_ID: 'MFG',
    });
  });
});

describe('consent accept: the version in force, on a device of docs/specification.md §7', () => {
  it.each([
    [{ version: CONSENT_VERSION, client_device: 'Mobile' }, null],
    [{ version: CONSENT_VERSION, client_device: 'Desktop' }, null],
    [{ version: '2020-01', client_device: 'Desktop' }, '請選擇同意書版本'],
    [{ client_device: 'Desktop' }, '請選擇同意書版本'],
    [{ version: CONSENT_VERSION, client_device: 'Tablet' }, '請選擇裝置類型'],
    [{ version: CONSENT_VERSION }, '請選擇裝置類型'],
  ])('%o → %s', (body, message) => {
    expect(refusal(consentAcceptSchema, body)).toBe(message);
  });
});

describe('queryAllMeta: meta_attr=title (docs/specification.md §7)', () => {
  it.each([
    [{ meta_attr: 'title' }, null],
    [{ meta_attr: 'keywords' }, '請選擇查詢屬性'],
    [{ meta_attr: '' }, '請選擇查詢屬性'],
    [{}, '請選擇查詢屬性'],
  ])('%o → %s', (query, message) => {
    expect(refusal(queryAllMetaSchema, query)).toBe(message);
  });
});
