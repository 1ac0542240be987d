import { describe, expect, it } from 'vitest';
import {
  addStaffSchema,
  auditQuerySchema,
  loginSchema,
  STAFF_NAME,
  setRolesSchema,
  staffNameSchema,
} from '../../../src/domain/api/staff';
import { firstError } from '../validation/first-error';

/* The staff's inputs: the sign-in, the admin's account changes and the audit log's query. */

describe('a staff account’s name', () => {
  it('is 3 to 32 lower-case letters, digits and . _ -, starting with a letter', () => {
    for (const name of ['ana', 'analyst.lin', 'a_b-c.9', `a${'b'.repeat(31)}`])
      expect(name).toMatch(STAFF_NAME);
    for (const name of ['ab', '9ana', 'Ana', 'ana lin', 'ana@x', `a${'b'.repeat(32)}`, 'x\nana'])
      expect(name).not.toMatch(STAFF_NAME);
  });
});

describe('staff/login', () => {
  it('needs a name of at most 32 and a password of at most 200', () => {
    expect(firstError(loginSchema, { name: 'ana', password: 'p'.repeat(200) })).toBeNull();
    expect(firstError(loginSchema, { name: '', password: 'x' })).toBe('帳號不可為空白');
    expect(firstError(loginSchema, { name: 'ana', password: '' })).toBe('密碼不可為空白');
    expect(firstError(loginSchema, { name: 'a'.repeat(33), password: 'x' })).toBe('帳號長度限制為32');
    expect(firstError(loginSchema, { name: 'ana', password: 'p'.repeat(201) })).toBe('密碼長度限制為200');
  });
});

describe('the admin’s account changes', () => {
  const account = { name: 'service.wu', roles: ['service'], password: 'a long enough passphrase' };

  it('a new account: a name, one to four of the roles, and a first password of 12 to 200 characters', () => {
    expect(firstError(addStaffSchema, account)).toBeNull();
    expect(
      firstError(addStaffSchema, { ...account, roles: ['service', 'underwriter', 'analyst', 'admin'] }),
    ).toBeNull();
    expect(firstError(addStaffSchema, { ...account, name: 'Service' })).toBe('帳號格式錯誤');
    expect(firstError(addStaffSchema, { ...account, roles: [] })).toBe('請選擇角色');
    expect(firstError(addStaffSchema, { ...account, roles: ['root'] })).toBe('角色格式錯誤');
    expect(firstError(addStaffSchema, { ...account, password: 'eleven char' })).toBe('初始密碼至少12個字元');
    expect(firstError(addStaffSchema, { ...account, password: 'p'.repeat(201) })).toBe(
      '初始密碼長度限制為200',
    );
  });

  it('roles and the lock take an existing name', () => {
    expect(firstError(setRolesSchema, { name: 'service.wu', roles: ['admin'] })).toBeNull();
    expect(firstError(setRolesSchema, { name: 'service.wu' })).toBe('請選擇角色');
    expect(firstError(staffNameSchema, { name: 'service.wu' })).toBeNull();
    expect(firstError(staffNameSchema, { name: '' })).toBe('帳號不可為空白');
  });
});

describe('staff/audit', () => {
  it('filters by a person (an account, the operator or an unknown name), a 受理編號 and days; page 1 unless told', () => {
    expect(auditQuerySchema.validateSync({})).toMatchObject({ page: 1 });
    for (const person of ['ana', '(operator)', '(unknown)', ''])
      expect(firstError(auditQuerySchema, { person })).toBeNull();
    expect(firstError(auditQuerySchema, { person: 'Ana' })).toBe('人員格式錯誤');
    expect(auditQuerySchema.validateSync({ applicationNo: 'gi115112400001' }).applicationNo).toBe(
      'GI115112400001',
    );
    expect(firstError(auditQuerySchema, { applicationNo: 'GI1151124' })).toBe('受理編號格式錯誤');
    expect(firstError(auditQuerySchema, { from: '2026-11-01', to: '2026-11-30' })).toBeNull();
    expect(firstError(auditQuerySchema, { from: '2026/11/01' })).toBe('起日格式錯誤');
    expect(firstError(auditQuerySchema, { from: '2026-02-29' })).toBe('起日格式錯誤');
    expect(firstError(auditQuerySchema, { page: '0' })).toBe('頁碼不可小於1');
  });
});
