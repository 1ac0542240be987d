import { describe, expect, it } from 'vitest';
import {
  documentSchema,
  lookupSchema,
  openTokenSchema,
  progressSchema,
} from '../../../src/domain/api/overprint';
import { firstError } from '../validation/first-error';

/*
 * The re-print's and the progress page's inputs (docs/specification.md §3, §5): the link's token, the
 * documents chosen, and the identifiers typed, each refusal naming its field.
 */

const NO = 'GI115112300001';
const TOKEN = 't'.repeat(512);

describe('the print link', () => {
  it('carries a token of at most 512 characters and the 受理編號', () => {
    expect(firstError(openTokenSchema, { token: TOKEN, applicationNo: NO })).toBeNull();
    expect(firstError(openTokenSchema, { token: '', applicationNo: NO })).toBe('連結代碼不可為空白');
    expect(firstError(openTokenSchema, { token: `${TOKEN}t`, applicationNo: NO })).toBe(
      '連結代碼長度限制為512',
    );
    expect(firstError(openTokenSchema, { token: TOKEN, applicationNo: 'GI11511230000X' })).toBe(
      '請輸入正確的受理編號',
    );
  });

  it('prints with the token the link carried', () => {
    expect(firstError(documentSchema, { token: '', documents: ['form'] })).toBe('連結代碼不可為空白');
    expect(firstError(documentSchema, { token: `${TOKEN}t`, documents: ['form'] })).toBe(
      '連結代碼長度限制為512',
    );
    expect(firstError(documentSchema, { token: TOKEN })).toBe('文件不可為空白');
  });
});

describe('the identifiers typed', () => {
  const LOOKUP = { applicationNo: NO, taxId: '12345675', contactPhone: '0912345678', captcha: 'x' };

  it('takes a phone of digits, hyphens, brackets and spaces only', () => {
    expect(firstError(lookupSchema, { ...LOOKUP, contactPhone: '0912 345 678' })).toBeNull();
    expect(firstError(lookupSchema, { ...LOOKUP, contactPhone: 'x0912345678' })).toBe('請輸入正確的手機號碼');
    expect(firstError(lookupSchema, { ...LOOKUP, contactPhone: '0912345678#' })).toBe('請輸入正確的手機號碼');
  });

  it('asks the progress page for the 受理編號 and a real 統一編號', () => {
    const query = { applicationNo: NO, taxId: '12345675', captcha: 'x' };
    expect(firstError(progressSchema, { ...query, taxId: '' })).toBe('統一編號不可為空白');
    expect(firstError(progressSchema, { ...query, taxId: '12345678' })).toBe('請輸入正確的統一編號');
    expect(firstError(progressSchema, { ...query, applicationNo: '' })).toBe('受理編號不可為空白');
    expect(firstError(progressSchema, { ...query, captcha: '' })).toBe('驗證碼不可為空白');
  });
});
