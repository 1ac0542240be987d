import { describe, expect, it } from 'vitest';
import {
  contactMessageSchema,
  contactQuoteSchema,
  submitContactSchema,
} from '../../../src/domain/api/contact';
import {
  staffNameSchema as assigneeSchema,
  contactInboxQuerySchema,
  contactMoveSchema,
  contactParamsSchema,
  contactReplySchema,
} from '../../../src/domain/api/contact-inbox';
import {
  addStaffFormSchema,
  addStaffSchema,
  auditQuerySchema,
  loginSchema,
  setRolesSchema,
  staffNameSchema,
} from '../../../src/domain/api/staff';
import { firstError } from '../validation/first-error';

/*
 * Every refusal of the back office's inputs and of the contact form names its own field in the words of
 * docs/specification.md §5 (X不可為空白, X格式錯誤, X長度限制為N, 請選擇X, X必須為整數, X不可小於N / 大於N) and §6 (the
 * accounts, the audit log, the inbox): the field a staff screen labels is the field the message names.
 */

const ACCOUNT = { name: 'service.wu', roles: ['service'], password: 'a long enough passphrase' };

describe('the staff’s sign-in and accounts', () => {
  it('names 帳號 and 密碼 in each refusal of the sign-in', () => {
    expect(firstError(loginSchema, { password: 'x' })).toBe('帳號不可為空白');
    expect(firstError(loginSchema, { name: 'ana' })).toBe('密碼不可為空白');
    expect(firstError(loginSchema, { name: 'a\u0007na', password: 'x' })).toBe('帳號含有無法辨識的字元');
  });

  it('names 帳號 for a name too long or of the wrong form, wherever an account is named', () => {
    for (const schema of [staffNameSchema, setRolesSchema]) {
      const roles = ['admin'];
      expect(firstError(schema, { name: 'a'.repeat(33), roles })).toBe('帳號長度限制為32');
      expect(firstError(schema, { name: `a${'b'.repeat(31)}`, roles })).toBeNull();
      expect(firstError(schema, { name: 'ab', roles })).toBe('帳號格式錯誤');
      expect(firstError(schema, { name: 'ana lin', roles })).toBe('帳號格式錯誤');
    }
    expect(firstError(addStaffSchema, { ...ACCOUNT, name: undefined })).toBe('帳號不可為空白');
  });

  it('asks for one to four roles, each one of the four', () => {
    expect(firstError(addStaffSchema, { ...ACCOUNT, roles: [undefined] })).toBe('請選擇角色');
    expect(firstError(addStaffSchema, { ...ACCOUNT, roles: [''] })).toBe('角色格式錯誤');
    expect(
      firstError(addStaffSchema, { ...ACCOUNT, roles: ['admin', 'admin', 'service', 'analyst'] }),
    ).toBeNull();
    expect(
      firstError(addStaffSchema, {
        ...ACCOUNT,
        roles: ['admin', 'service', 'analyst', 'underwriter', 'service'],
      }),
    ).toBe('角色最多4項');
    expect(firstError(setRolesSchema, { name: 'service.wu', roles: 'admin' })).toBe('角色格式錯誤');
  });

  it('asks for the first password, at least 12 characters, typed twice the same', () => {
    expect(firstError(addStaffSchema, { ...ACCOUNT, password: '' })).toBe('初始密碼不可為空白');
    expect(firstError(addStaffSchema, { ...ACCOUNT, password: 'twelve chars' })).toBeNull();
    expect(firstError(addStaffSchema, { ...ACCOUNT, password: 'p'.repeat(200) })).toBeNull();
    const form = { ...ACCOUNT, passwordAgain: ACCOUNT.password };
    expect(firstError(addStaffFormSchema, form)).toBeNull();
    expect(firstError(addStaffFormSchema, { ...form, passwordAgain: undefined })).toBe(
      '再次輸入初始密碼不可為空白',
    );
    // the field as the form sends it untouched
    expect(firstError(addStaffFormSchema, { ...form, passwordAgain: '' })).toBe('再次輸入初始密碼不可為空白');
    expect(firstError(addStaffFormSchema, { ...form, passwordAgain: `${ACCOUNT.password} ` })).toBe(
      '兩次輸入的密碼不一致',
    );
  });
});

describe('the audit log’s filters', () => {
  it('names 人員, 迄日 and 頁碼 in their refusals', () => {
    expect(firstError(auditQuerySchema, { person: `a${'b'.repeat(32)}` })).toBe('人員長度限制為32');
    expect(firstError(auditQuerySchema, { person: 'x(operator)' })).toBe('人員格式錯誤');
    expect(firstError(auditQuerySchema, { person: '(operator)x' })).toBe('人員格式錯誤');
    expect(firstError(auditQuerySchema, { to: '2026-11-3' })).toBe('迄日格式錯誤');
    expect(firstError(auditQuerySchema, { from: ' 2026-11-01' })).toBe('起日格式錯誤');
    expect(firstError(auditQuerySchema, { page: 'x' })).toBe('頁碼必須為整數');
    expect(firstError(auditQuerySchema, { page: '1.5' })).toBe('頁碼必須為整數');
    expect(firstError(auditQuerySchema, { page: '10000' })).toBeNull();
    expect(firstError(auditQuerySchema, { page: '10001' })).toBe('頁碼不可大於10000');
    expect(auditQuerySchema.validateSync({ page: '' })).toMatchObject({ page: 1 });
  });
});

describe('the contact inbox’s inputs', () => {
  it('names 案件編號 for a message that cannot be one', () => {
    expect(firstError(contactParamsSchema, { contactNo: 'CT115112700001' })).toBeNull();
    expect(firstError(contactParamsSchema, {})).toBe('案件編號不可為空白');
    expect(firstError(contactParamsSchema, { contactNo: 'CT11511270000' })).toBe('案件編號格式錯誤');
    expect(firstError(contactParamsSchema, { contactNo: 'GI115112700001' })).toBe('案件編號格式錯誤');
  });

  it('names 處理人員, 收件日期 and 頁次 in the list’s refusals', () => {
    expect(firstError(assigneeSchema, '')).toBe('處理人員不可為空白');
    expect(firstError(assigneeSchema, 'm'.repeat(33))).toBe('處理人員長度限制為32');
    expect(firstError(assigneeSchema, 'mei')).toBeNull();
    expect(firstError(contactInboxQuerySchema, { receivedTo: '2026-02-30' })).toBe('日期錯誤');
    expect(
      firstError(contactInboxQuerySchema, { receivedFrom: '2026-02-28', receivedTo: '2026-03-01' }),
    ).toBeNull();
    expect(firstError(contactInboxQuerySchema, { page: '0' })).toBe('頁次不可小於1');
    expect(firstError(contactInboxQuerySchema, { page: '10001' })).toBe('頁次不可大於10000');
    expect(firstError(contactInboxQuerySchema, { quoteOnly: 'maybe' })).toBe('僅報價需求格式錯誤');
    expect(contactInboxQuerySchema.validateSync({})).toMatchObject({ page: 1 });
  });

  it('needs the version read with a reply or a move, and a move it knows', () => {
    expect(firstError(contactReplySchema, { text: '您好' })).toBe('版本不可為空白');
    expect(firstError(contactReplySchema, { version: 1.5, text: '您好' })).toBe('版本格式錯誤');
    expect(firstError(contactMoveSchema, { version: 1 })).toBe('請選擇動作');
  });
});

describe('the contact form’s refusals', () => {
  const MESSAGE = {
    name: '林小華',
    companyName: '好安心科技股份有限公司',
    mobile: '0912345678',
    email: 'hr@example.com.tw',
    topic: 'quote',
    content: '想了解 30 人公司的團體保險方案。',
    consent: true,
  };

  it('names each field it refuses', () => {
    expect(firstError(contactMessageSchema, { ...MESSAGE, name: '林'.repeat(20) })).toBeNull();
    expect(firstError(contactMessageSchema, { ...MESSAGE, companyName: '公'.repeat(40) })).toBeNull();
    expect(firstError(contactMessageSchema, { ...MESSAGE, taxId: '０４５９５２５２' })).toBeNull();
    expect(firstError(contactMessageSchema, { ...MESSAGE, consent: undefined })).toBe(
      '請勾選個人資料蒐集告知事項',
    );
    expect(firstError(contactMessageSchema, { ...MESSAGE, content: '第一段\u0000' })).toBe(
      '內容含有無法辨識的字元',
    );
  });

  it('takes a quote request from 50 people, and sends fewer to the online trial', () => {
    const item = { SOURCE_CODE: 'PKG' };
    expect(firstError(contactQuoteSchema.pick(['headcount']), { item, headcount: 49 })).toBe(
      '投保人數49人以下請直接於線上試算保費',
    );
    expect(firstError(contactQuoteSchema.pick(['headcount']), { headcount: 50 })).toBeNull();
    expect(firstError(contactQuoteSchema.pick(['headcount']), {})).toBe('投保人數不可為空白');
  });

  it('names the request a message belongs to', () => {
    const body = { requestId: crypto.randomUUID(), message: MESSAGE, captcha: 'x' };
    expect(firstError(submitContactSchema, body)).toBeNull();
    expect(firstError(submitContactSchema, { ...body, requestId: 'not-a-uuid' })).toBe('留言識別碼格式錯誤');
  });
});
