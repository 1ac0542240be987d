import { describe, expect, it } from 'vitest';
import {
  documentSchema,
  lookupSchema,
  printableDocuments,
  progressSchema,
} from '../../../src/domain/api/overprint';
import { isApplicationStatus } from '../../../src/domain/application-status';
import { firstError } from '../validation/first-error';

const LOOKUP = {
  applicationNo: 'GI115112300001',
  taxId: '12345675',
  contactPhone: '0912-345-678',
  captcha: 'x',
};

describe('the overprint lookup', () => {
  it('takes the 受理編號 as typed in full-width or lower case, and the phone with hyphens or brackets', () => {
    expect(
      lookupSchema.validateSync({ ...LOOKUP, applicationNo: ' ｇｉ１１５１１２３００００１ ' }).applicationNo,
    ).toBe('GI115112300001');
    expect(firstError(lookupSchema, { ...LOOKUP, contactPhone: '(02) 2720-8889' })).toBeNull();
  });

  it.each([
    [{ applicationNo: '' }, '受理編號不可為空白'],
    [{ applicationNo: 'GI11511230000' }, '請輸入正確的受理編號'],
    [{ applicationNo: 'GX115112300001' }, '請輸入正確的受理編號'],
    [{ applicationNo: 'GI1151123000012' }, '請輸入正確的受理編號'],
    [{ taxId: '12345678' }, '請輸入正確的統一編號'],
    [{ contactPhone: '' }, '聯絡手機不可為空白'],
    [{ contactPhone: '0912a45678' }, '請輸入正確的手機號碼'],
    [{ contactPhone: '0'.repeat(21) }, '聯絡手機長度限制為20'],
    [{ captcha: '' }, '驗證碼不可為空白'],
  ])('refuses %o: %s', (change, message) => {
    expect(firstError(lookupSchema, { ...LOOKUP, ...change })).toBe(message);
  });

  it('the progress check asks no phone', () => {
    expect(
      firstError(progressSchema, { applicationNo: 'GI115112300001', taxId: '12345675', captcha: 'x' }),
    ).toBeNull();
  });
});

describe('the documents', () => {
  it('asks at least one of 要保書, 名冊, 申請摘要, each once at most', () => {
    expect(firstError(documentSchema, { token: 't', documents: [] })).toBe('請選擇文件');
    expect(firstError(documentSchema, { token: 't', documents: ['policy'] })).not.toBeNull();
    expect(firstError(documentSchema, { token: 't', documents: ['form', 'roster', 'summary'] })).toBeNull();
    expect(firstError(documentSchema, { token: 't', documents: ['form', 'form', 'form', 'form'] })).toBe(
      '文件最多3項',
    );
  });

  it('prints the 名冊 only when one was given, in the order 要保書, 名冊, 申請摘要', () => {
    expect(printableDocuments({ roster: [] })).toEqual(['form', 'summary']);
    expect(printableDocuments({ roster: [{} as never] })).toEqual(['form', 'roster', 'summary']);
  });
});

describe('the application statuses', () => {
  // which move may follow which: tests/machines/application.test.ts
  it('knows its seven statuses', () => {
    expect(isApplicationStatus('待補件')).toBe(true);
    expect(isApplicationStatus('已出單')).toBe(false);
    expect(isApplicationStatus(3)).toBe(false);
  });
});
