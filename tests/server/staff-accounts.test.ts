import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/domain/staff-roles';
import type { Database } from '../../src/server/db/schema';
import { CartVisitor } from '../support/cart-visitor';
import { addStaff, createTestApp, type TestApp } from '../support/server';
import { countRows, tableNames } from '../support/table-rows';

/*
 * Issue 35's accounts and audit log: an admin lists, adds, gives roles to, locks, unlocks and signs out
 * staff, each change recorded with who and when; nobody else may; an admin keeps their own admin role and
 * cannot lock themself; a locked account cannot sign in. Sign-in, a failed one and sign-out are recorded,
 * a failed one of an unknown name without the name.
 */

const PASSWORD = 'a long enough passphrase';
const NOT_PERMITTED = { returnCode: 403, data: null, msg: '您沒有使用此功能的權限' };

let people = 0;
/** A new account with `roles`, and a visitor signed in as it. */
async function signedIn(t: TestApp, roles: StaffRole[], prefix = 'staff') {
  const name = `${prefix}.${++people}`;
  await addStaff(t.db, name, PASSWORD, roles);
  const visitor = await CartVisitor.arrive(t);
  const login = await visitor.api('staff/login', { name, password: PASSWORD });
  expect(login.json()).toEqual({ returnCode: 0, data: { name, roles }, msg: '' });
  return { name, visitor };
}

/** The audit entries about an account (done by it or to it), oldest first. */
function auditAbout(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'target_staff', 'detail'])
    .where((eb) => eb.or([eb('actor', '=', name), eb('target_staff', '=', name)]))
    .orderBy('id')
    .execute();
}

describe('the admin’s accounts', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('lists every account: roles, locked or not, the wrong-password lock, last sign-in', async () => {
    const admin = await signedIn(t, ['admin']);
    const other = await signedIn(t, ['service', 'underwriter']);
    const list = await admin.visitor.read('staff/accounts');
    expect(list.statusCode).toBe(200);
    const accounts = list.json().data as { name: string }[];
    expect(accounts.map((a) => a.name)).toEqual([...accounts.map((a) => a.name)].sort());
    expect(accounts.find((a) => a.name === other.name)).toEqual({
      name: other.name,
      roles: ['service', 'underwriter'],
      suspended: false,
      lockedUntil: null,
      lastSignedInAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
    });
    expect(list.headers['cache-control']).toBe('no-store');
  });

  it('adds an account with the password the admin typed; it signs in; the log says who added it', async () => {
    const admin = await signedIn(t, ['admin']);
    const added = await admin.visitor.api('staff/accounts', {
      name: 'new.underwriter',
      roles: ['underwriter'],
      password: PASSWORD,
    });
    expect(added.json().returnCode).toBe(0);
    expect(added.json().data).toContainEqual(
      expect.objectContaining({ name: 'new.underwriter', roles: ['underwriter'] }),
    );
    const visitor = await CartVisitor.arrive(t);
    expect(
      (await visitor.api('staff/login', { name: 'new.underwriter', password: PASSWORD })).json().data,
    ).toEqual({
      name: 'new.underwriter',
      roles: ['underwriter'],
    });
    expect((await auditAbout(t.db, 'new.underwriter')).slice(0, 1)).toEqual([
      { actor: admin.name, action: 'staff.add', target_staff: 'new.underwriter', detail: '角色：核保' },
    ]);
    const again = await admin.visitor.api('staff/accounts', {
      name: 'new.underwriter',
      roles: ['admin'],
      password: 'another long passphrase',
    });
    expect(again.json()).toEqual({ returnCode: 1, data: 'staffExists', msg: '此帳號已存在' });
    expect((await visitor.read('staff/me')).json().data.roles).toEqual(['underwriter']);
  });

  it('sets roles: the account’s session holds the new ones at its next request', async () => {
    const admin = await signedIn(t, ['admin']);
    const person = await signedIn(t, ['service']);
    expect((await person.visitor.read('atlas/test-runs')).json()).toEqual(NOT_PERMITTED);
    const set = await admin.visitor.api('staff/accounts/roles', {
      name: person.name,
      roles: ['analyst', 'service'],
    });
    expect(set.json().returnCode).toBe(0);
    expect((await person.visitor.read('staff/me')).json().data).toEqual({
      name: person.name,
      roles: ['analyst', 'service'],
    });
    expect((await person.visitor.read('atlas/test-runs')).statusCode).toBe(200);
    expect((await auditAbout(t.db, person.name)).at(-1)).toEqual({
      actor: admin.name,
      action: 'staff.roles',
      target_staff: person.name,
      detail: '角色：客服 → 分析、客服',
    });
  });

  it('locks: the sessions end at once, the right password gets loginSuspended; unlock lets it in again', async () => {
    const admin = await signedIn(t, ['admin']);
    const person = await signedIn(t, ['service']);
    expect((await admin.visitor.api('staff/accounts/lock', { name: person.name })).json().returnCode).toBe(0);
    expect((await person.visitor.read('staff/me')).statusCode).toBe(401);
    const visitor = await CartVisitor.arrive(t);
    const refused = await visitor.api('staff/login', { name: person.name, password: PASSWORD });
    expect(refused.json()).toEqual({
      returnCode: 1,
      data: 'loginSuspended',
      msg: '此帳號已停用，請洽系統管理者',
    });
    expect(refused.cookies.map((cookie) => cookie.name)).not.toContain('gi_staff');
    // a wrong password is a wrong password, locked or not
    expect(
      (await visitor.api('staff/login', { name: person.name, password: 'wrong password!' })).json().data,
    ).toBe('loginRefused');
    const list = (await admin.visitor.read('staff/accounts')).json().data as {
      name: string;
      suspended: boolean;
    }[];
    expect(list.find((a) => a.name === person.name)?.suspended).toBe(true);

    expect((await admin.visitor.api('staff/accounts/unlock', { name: person.name })).json().returnCode).toBe(
      0,
    );
    expect(
      (await visitor.api('staff/login', { name: person.name, password: PASSWORD })).json().returnCode,
    ).toBe(0);
    expect(
      (await auditAbout(t.db, person.name)).map((entry) => [entry.actor, entry.action, entry.detail]),
    ).toEqual([
      ['(operator)', 'staff.add', '角色：客服'],
      [person.name, 'signIn', null],
      [admin.name, 'staff.lock', '結束登入 1 個'],
      [person.name, 'signInFailed', '帳號已停用'],
      [person.name, 'signInFailed', '密碼錯誤'],
      [admin.name, 'staff.unlock', null],
      [person.name, 'signIn', null],
    ]);
  });

  it('keeps the admin’s lock apart from the wrong-password lock: unlock lifts the one, not the other', async () => {
    const admin = await signedIn(t, ['admin']);
    const person = await signedIn(t, ['service']);
    const visitor = await CartVisitor.arrive(t);
    // the 4th and 5th in a row need the captcha
    for (let i = 1; i <= 5; i += 1) {
      const captcha = i > 3 ? { captcha: await visitor.captcha() } : {};
      await visitor.api('staff/login', { name: person.name, password: 'wrong password!', ...captcha });
    }
    await admin.visitor.api('staff/accounts/lock', { name: person.name });
    await admin.visitor.api('staff/accounts/unlock', { name: person.name });
    expect((await visitor.api('staff/login', { name: person.name, password: PASSWORD })).json().data).toBe(
      'loginLocked',
    );
    const list = (await admin.visitor.read('staff/accounts')).json().data as {
      name: string;
      suspended: boolean;
      lockedUntil: string | null;
    }[];
    expect(list.find((a) => a.name === person.name)).toMatchObject({
      suspended: false,
      lockedUntil: expect.stringMatching(/^\d{4}-/),
    });
  });

  it('keeps the admin’s lock through staff:add, which sets a new password and roles', async () => {
    const admin = await signedIn(t, ['admin']);
    const person = await signedIn(t, ['service']);
    await admin.visitor.api('staff/accounts/lock', { name: person.name });
    await addStaff(t.db, person.name, 'a new long passphrase', ['service', 'underwriter']);
    const visitor = await CartVisitor.arrive(t);
    expect(
      (await visitor.api('staff/login', { name: person.name, password: 'a new long passphrase' })).json()
        .data,
    ).toBe('loginSuspended');
  });

  it('ends an account’s sessions: it signs in again', async () => {
    const admin = await signedIn(t, ['admin']);
    const person = await signedIn(t, ['underwriter']);
    const ended = await admin.visitor.api('staff/accounts/end-sessions', { name: person.name });
    expect(ended.json().returnCode).toBe(0);
    expect((await person.visitor.read('staff/me')).statusCode).toBe(401);
    expect((await auditAbout(t.db, person.name)).at(-1)).toMatchObject({
      actor: admin.name,
      action: 'staff.endSessions',
      detail: '結束登入 1 個',
    });
  });

  it('refuses an admin’s removing their own admin role or locking themself, in Chinese, changing nothing', async () => {
    const admin = await signedIn(t, ['analyst', 'admin']);
    const tables = await tableNames(t.db);
    const before = await countRows(t.db, tables);
    expect(
      (await admin.visitor.api('staff/accounts/roles', { name: admin.name, roles: ['analyst'] })).json(),
    ).toEqual({
      returnCode: 1,
      data: 'staffOwnAdmin',
      msg: '不可移除自己的管理角色',
    });
    expect((await admin.visitor.api('staff/accounts/lock', { name: admin.name })).json()).toEqual({
      returnCode: 1,
      data: 'staffOwnLock',
      msg: '不可停用自己的帳號',
    });
    expect(await countRows(t.db, tables)).toEqual(before);
    expect((await admin.visitor.read('staff/me')).json().data.roles).toEqual(['analyst', 'admin']);
    // their own other roles they may change
    const kept = await admin.visitor.api('staff/accounts/roles', { name: admin.name, roles: ['admin'] });
    expect(kept.json().returnCode).toBe(0);
  });

  it('answers 404 for an account no one has, and records nothing', async () => {
    const admin = await signedIn(t, ['admin']);
    const tables = await tableNames(t.db);
    const before = await countRows(t.db, tables);
    for (const path of [
      'staff/accounts/roles',
      'staff/accounts/lock',
      'staff/accounts/unlock',
      'staff/accounts/end-sessions',
    ]) {
      const response = await admin.visitor.api(path, { name: 'no.such.person', roles: ['service'] });
      expect({ path, status: response.statusCode, body: response.json() }).toEqual({
        path,
        status: 404,
        body: { returnCode: 404, data: null, msg: '查無此帳號' },
      });
    }
    expect(await countRows(t.db, tables)).toEqual(before);
  });

  it('lets no one but an admin change an account', async () => {
    const person = await signedIn(t, ['analyst', 'service', 'underwriter']);
    const target = await signedIn(t, ['service']);
    const tables = await tableNames(t.db);
    const before = await countRows(t.db, tables);
    const response = await person.visitor.api('staff/accounts/roles', {
      name: target.name,
      roles: ['admin'],
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(NOT_PERMITTED);
    expect(await countRows(t.db, tables)).toEqual(before);
  });
});

describe('sign-in in the audit log', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('records a sign-in, a wrong password and a sign-out under the account’s name', async () => {
    const { name, visitor } = await signedIn(t, ['service']);
    await visitor.api('staff/logout', {});
    await visitor.api('staff/login', { name, password: 'wrong password!' });
    expect((await auditAbout(t.db, name)).map((entry) => [entry.actor, entry.action, entry.detail])).toEqual([
      ['(operator)', 'staff.add', '角色：客服'],
      [name, 'signIn', null],
      [name, 'signOut', null],
      [name, 'signInFailed', '密碼錯誤'],
    ]);
  });

  it('records a failed sign-in of a name no account has without the name: it may be a password', async () => {
    const visitor = await CartVisitor.arrive(t);
    const typed = 'MySecretPassw0rd';
    await visitor.api('staff/login', { name: typed, password: 'anything at all' });
    const rows = await t.db.selectFrom('audit_log').selectAll().orderBy('id', 'desc').limit(1).execute();
    expect(rows[0]).toMatchObject({
      actor: '(unknown)',
      action: 'signInFailed',
      target_staff: null,
      detail: '無此帳號',
    });
    const everything = JSON.stringify(await t.db.selectFrom('audit_log').selectAll().execute());
    expect(everything).not.toContain(typed);
    expect(everything).not.toContain('anything at all');
  });
});

describe('the audit log', () => {
  let t: TestApp;
  let admin: { name: string; visitor: CartVisitor };
  beforeAll(async () => {
    t = await createTestApp();
    admin = await signedIn(t, ['admin'], 'auditor');
    // 120 entries by one person and 3 about an application, in the order they happened
    await t.db
      .insertInto('audit_log')
      .values(
        Array.from({ length: 120 }, (_, i) => ({
          actor: 'writer.one',
          action: 'contact.note',
          at: new Date(Date.UTC(2026, 10, 1, 0, i)),
          detail: `note ${i}`,
        })),
      )
      .execute();
    await t.db
      .insertInto('audit_log')
      .values([
        {
          actor: 'uw.one',
          action: 'application.move',
          application_no: 'GI115110100001',
          at: new Date('2026-10-31T15:59:00Z'),
        },
        {
          actor: 'uw.one',
          action: 'roster.reveal',
          application_no: 'GI115110100001',
          at: new Date('2026-10-31T16:00:00Z'),
        },
        {
          actor: 'uw.one',
          action: 'application.note',
          application_no: 'GI115110200002',
          at: new Date('2026-11-02T03:00:00Z'),
        },
      ])
      .execute();
  }, 60_000);
  afterAll(() => t.close());

  const audit = async (query: string) => {
    const response = await admin.visitor.read(`staff/audit${query}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  };

  it('pages on the server, newest first, 50 a page, with the total', async () => {
    const first = await audit('?person=writer.one');
    expect(first).toMatchObject({ page: 1, pageSize: 50, total: 120 });
    expect(first.entries).toHaveLength(50);
    expect(first.entries[0]).toMatchObject({
      actor: 'writer.one',
      action: 'contact.note',
      detail: 'note 119',
    });
    const third = await audit('?person=writer.one&page=3');
    expect(third.entries.map((e: { detail: string }) => e.detail)).toEqual(
      Array.from({ length: 20 }, (_, i) => `note ${19 - i}`),
    );
  });

  it('filters by application number, and by Taipei days', async () => {
    const byApplication = await audit('?applicationNo=GI115110100001');
    expect(byApplication.entries.map((e: { action: string }) => e.action)).toEqual([
      'roster.reveal',
      'application.move',
    ]);
    // 2026-11-01 in Taipei starts at 2026-10-31T16:00Z
    const day = await audit('?person=uw.one&from=2026-11-01&to=2026-11-01');
    expect(day.entries.map((e: { action: string }) => e.action)).toEqual(['roster.reveal']);
    const since = await audit('?person=uw.one&from=2026-11-02');
    expect(since.entries.map((e: { action: string }) => e.action)).toEqual(['application.note']);
    const until = await audit('?person=uw.one&to=2026-10-31');
    expect(until.entries.map((e: { action: string }) => e.action)).toEqual(['application.move']);
  });

  it('refuses a period whose start is after its end, naming the field', async () => {
    const response = await admin.visitor.read('staff/audit?from=2026-11-02&to=2026-11-01');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg: '起日不可晚於迄日' });
  });

  it('is the admin’s alone', async () => {
    const person = await signedIn(t, ['analyst', 'service', 'underwriter']);
    expect((await person.visitor.read('staff/audit')).json()).toEqual(NOT_PERMITTED);
  });
});
