import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TestRuns, TraceStep } from '../../src/domain/api/atlas';
import { API_BASE } from '../../src/domain/envelope';
import { insertMachineTraces } from '../../src/server/db/repositories/machine-traces';
import { CartVisitor } from '../support/cart-visitor';
import { addStaff, createTestApp, type TestApp } from '../support/server';

const PASSWORD = 'correct horse battery';
const REFUSED = { returnCode: 1, data: 'loginRefused', msg: '帳號或密碼錯誤' };
/** the 3rd wrong password in a row and those after it: the next try needs the captcha */
const REFUSED_CAPTCHA = {
  returnCode: 1,
  data: 'loginCaptcha',
  msg: '帳號或密碼錯誤；請完成「我不是機器人」驗證後再登入',
};
const LOCKED = { returnCode: 1, data: 'loginLocked', msg: '密碼連續輸入錯誤 5 次，請於 15 分鐘後再試' };
const UNAUTHORIZED = { returnCode: 401, data: null, msg: '請先登入員工帳號' };
const MINUTE = 60_000;

interface Cookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
  maxAge?: number;
}
const cookieNamed = (response: LightMyRequestResponse, name: string) =>
  (response.cookies as Cookie[]).find((cookie) => cookie.name === name);

const step = (over: Partial<TraceStep> = {}): TraceStep => ({
  machine: 'contact',
  from: 'editing',
  event: 'SUBMIT',
  to: 'submitting',
  ago: 0,
  ...over,
});

let analysts = 0;
/** A fresh account for each test, so one test's lock never meets another's. */
async function newAnalyst(t: TestApp): Promise<string> {
  const name = `analyst.${++analysts}`;
  await addStaff(t.db, name, PASSWORD);
  return name;
}

const login = (visitor: CartVisitor, name: string, password = PASSWORD, captcha?: string) =>
  visitor.api('staff/login', { name, password, ...(captcha ? { captcha } : {}) });

/**
 * The `n`th try in a row with a wrong password (1 for the first): from the 4th on it carries a solved
 * captcha, as the sign-in asks after the 3rd.
 */
const wrongTry = async (visitor: CartVisitor, name: string, n: number) =>
  login(visitor, name, `wrong ${n} password`, n > 3 ? await visitor.captcha() : undefined);

/** A visitor that logged in as a new analyst: its jar holds gi_staff. */
async function loggedIn(t: TestApp): Promise<{ visitor: CartVisitor; name: string }> {
  const visitor = await CartVisitor.arrive(t);
  const name = await newAnalyst(t);
  expect((await login(visitor, name)).json().returnCode).toBe(0);
  return { visitor, name };
}

describe('atlas login', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const failures = async (name: string) =>
    t.db
      .selectFrom('staff')
      .select(['failed_logins', 'locked_until'])
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
  /** the account's count from one address (the only one its tests sign in from) */
  const addressFailures = async (name: string) =>
    t.db
      .selectFrom('login_failures')
      .select(['failed_logins', 'locked_until'])
      .where('staff', '=', name)
      .executeTakeFirstOrThrow();

  it('logs in: sets gi_staff (signed, HttpOnly, SameSite=Strict, Path=/, not Secure over http); staff/me then answers the name', async () => {
    const visitor = await CartVisitor.arrive(t);
    const name = await newAnalyst(t);
    const response = await login(visitor, name);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ returnCode: 0, data: { name, roles: ['analyst'] }, msg: '' });
    const cookie = cookieNamed(response, 'gi_staff');
    expect(cookie).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Strict' });
    expect(cookie?.secure).toBeFalsy();
    const unsigned = t.app.unsignCookie(cookie!.value);
    expect(unsigned.valid).toBe(true);
    expect(unsigned.value).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const session = await t.db
      .selectFrom('staff_sessions')
      .selectAll()
      .where('id', '=', unsigned.value!)
      .executeTakeFirstOrThrow();
    expect(session.staff).toBe(name);
    expect(new Date(session.expires_at).getTime() - new Date(session.created_at).getTime()).toBe(
      8 * 60 * MINUTE,
    );

    const me = await visitor.read('staff/me');
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ returnCode: 0, data: { name, roles: ['analyst'] }, msg: '' });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('sets gi_staff Secure when the request came over TLS (as gi_sid)', async () => {
    const tls = await createTestApp({ db: t.db, config: { trustProxy: true } });
    try {
      const visitor = await CartVisitor.arrive(tls);
      const name = await newAnalyst(tls);
      const response = await tls.app.inject({
        method: 'POST',
        url: `${API_BASE}/staff/login`,
        remoteAddress: visitor.address,
        headers: { ...tls.csrfHeaders(visitor.jar), 'x-forwarded-proto': 'https' },
        payload: { name, password: PASSWORD },
      });
      expect(response.json().returnCode).toBe(0);
      expect(cookieNamed(response, 'gi_staff')?.secure).toBe(true);
    } finally {
      await tls.close();
    }
  });

  it('refuses a wrong password and an unknown name with the same answer, and sets no cookie', async () => {
    const visitor = await CartVisitor.arrive(t);
    const name = await newAnalyst(t);
    for (const [who, password] of [
      [name, 'wrong password!'],
      ['nobody.here', PASSWORD],
      ['Not A Name', PASSWORD],
    ] as const) {
      const response = await login(visitor, who, password);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(REFUSED);
      expect(cookieNamed(response, 'gi_staff')).toBeUndefined();
    }
    expect((await failures(name)).failed_logins).toBe(1);
  });

  it('locks the account at the 5th wrong password: then even the right one gets loginLocked', async () => {
    const visitor = await CartVisitor.arrive(t);
    const name = await newAnalyst(t);
    const answers = [];
    for (let i = 1; i <= 4; i += 1) answers.push((await wrongTry(visitor, name, i)).json());
    expect(answers).toEqual([REFUSED, REFUSED, REFUSED_CAPTCHA, REFUSED_CAPTCHA]);
    const before = Date.now();
    expect((await wrongTry(visitor, name, 5)).json()).toEqual(LOCKED);
    const right = await login(visitor, name, PASSWORD, await visitor.captcha());
    expect(right.json()).toEqual(LOCKED);
    expect(cookieNamed(right, 'gi_staff')).toBeUndefined();
    const { failed_logins, locked_until } = await addressFailures(name);
    expect(failed_logins).toBe(5);
    const until = new Date(locked_until!).getTime();
    expect(until).toBeGreaterThanOrEqual(before + 15 * MINUTE);
    expect(until).toBeLessThanOrEqual(Date.now() + 15 * MINUTE);
  });

  it('counts wrong passwords in a row: a right one starts the count again', async () => {
    const visitor = await CartVisitor.arrive(t);
    const name = await newAnalyst(t);
    for (let i = 1; i <= 4; i += 1) await wrongTry(visitor, name, i);
    expect((await login(visitor, name, PASSWORD, await visitor.captcha())).json().returnCode).toBe(0);
    const answers = [];
    for (let i = 1; i <= 4; i += 1) answers.push((await wrongTry(visitor, name, i)).json());
    expect(answers).toEqual([REFUSED, REFUSED, REFUSED_CAPTCHA, REFUSED_CAPTCHA]);
    expect((await login(visitor, name, PASSWORD, await visitor.captcha())).json().returnCode).toBe(0);
  });

  it('keeps the lock over a restart: a new app on the same database refuses the right password', async () => {
    const visitor = await CartVisitor.arrive(t);
    const name = await newAnalyst(t);
    for (let i = 1; i <= 5; i += 1) await wrongTry(visitor, name, i);
    const restarted = await createTestApp({ db: t.db });
    try {
      // the lock is of the name from that address (tests/server/staff-sign-in.test.ts: not from others)
      const again = await CartVisitor.arrive(restarted, visitor.address);
      expect((await login(again, name)).json()).toEqual(LOCKED);
    } finally {
      await restarted.close();
    }
  });

  it('lets the analyst in again 15 minutes after the lock, not before', async () => {
    const visitor = await CartVisitor.arrive(t);
    const name = await newAnalyst(t);
    const start = Date.now();
    for (let i = 1; i <= 5; i += 1) await wrongTry(visitor, name, i);
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(start + 14 * MINUTE);
    expect((await login(visitor, name)).json()).toEqual(LOCKED);
    vi.setSystemTime(Date.now() + 2 * MINUTE);
    expect((await login(visitor, name)).json()).toEqual({
      returnCode: 0,
      data: { name, roles: ['analyst'] },
      msg: '',
    });
    expect(await failures(name)).toEqual({ failed_logins: 0, locked_until: null });
  });

  describe('an unknown name answers as a real one', () => {
    /** Five wrong sign-ins in a row: the 3rd asks for the captcha, the 5th locks. */
    const FIVE_WRONG = [REFUSED, REFUSED, REFUSED_CAPTCHA, REFUSED_CAPTCHA, LOCKED];
    let strangers = 0;
    /** A real name, a name no analyst has, and one no analyst could have: each never tried before. */
    async function names(): Promise<string[]> {
      strangers += 1;
      return [await newAnalyst(t), `nobody.${strangers}`, `No Such Name ${strangers}`];
    }
    /** The answers of `tries` wrong sign-ins as `name`, the `from`th in a row first (the captcha from the 4th). */
    async function wrongTries(visitor: CartVisitor, name: string, tries: number, from = 1) {
      const answers = [];
      for (let n = from; n < from + tries; n += 1) answers.push((await wrongTry(visitor, name, n)).json());
      return answers;
    }

    it('refuses the 5th wrong sign-in and the ones after it with loginLocked, for any name', async () => {
      const visitor = await CartVisitor.arrive(t);
      for (const name of await names()) {
        expect(await wrongTries(visitor, name, 6), name).toEqual([...FIVE_WRONG, LOCKED]);
      }
    });

    it('lets any name try again 15 minutes after the lock, not before', async () => {
      const visitor = await CartVisitor.arrive(t);
      const all = await names();
      const start = Date.now();
      for (const name of all) await wrongTries(visitor, name, 5);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(start + 14 * MINUTE);
      for (const name of all) expect(await wrongTries(visitor, name, 1, 6), name).toEqual([LOCKED]);
      vi.setSystemTime(Date.now() + 2 * MINUTE);
      for (const name of all) {
        expect(await wrongTries(visitor, name, 5), name).toEqual(FIVE_WRONG);
      }
    });

    it('forgets wrong sign-ins 15 minutes after the last one, for any name', async () => {
      const visitor = await CartVisitor.arrive(t);
      const all = await names();
      for (const name of all) await wrongTries(visitor, name, 4);
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(Date.now() + 14 * MINUTE);
      // 14 minutes after the 4th, the 5th still counts: it locks
      for (const name of all) expect(await wrongTries(visitor, name, 1, 5), name).toEqual([LOCKED]);
      // the lock over, 4 more; 15 minutes without a wrong one, and the count starts again
      vi.setSystemTime(Date.now() + 15 * MINUTE);
      for (const name of all) await wrongTries(visitor, name, 4);
      vi.setSystemTime(Date.now() + 15 * MINUTE);
      for (const name of all)
        expect(await wrongTries(visitor, name, 4), name).toEqual(FIVE_WRONG.slice(0, 4));
    });

    it('keeps an unknown name’s count under an HMAC of it, and deletes the count once forgotten', async () => {
      const visitor = await CartVisitor.arrive(t);
      const name = `nobody.kept.${Date.now()}`;
      const rows = () => t.db.selectFrom('login_failures').selectAll().execute();
      const before = (await rows()).length;
      await wrongTries(visitor, name, 2);
      const stored = await rows();
      // the name's count, and its count from this address
      expect(stored).toHaveLength(before + 2);
      expect(JSON.stringify(stored)).not.toContain(name);
      expect(JSON.stringify(stored)).not.toContain(visitor.address);
      vi.useFakeTimers({ toFake: ['Date'] });
      // past every count and lock the tests before made, with their clocks moved on up to 45 minutes
      vi.setSystemTime(Date.now() + 120 * MINUTE);
      await wrongTries(visitor, `nobody.later.${Date.now()}`, 1);
      // every count before is forgotten and every lock over: only the new name's rows are left
      expect(await rows()).toHaveLength(2);
    });
  });

  it('logs out: the session row is deleted, the cookie cleared, and the old cookie then gets 401', async () => {
    const { visitor } = await loggedIn(t);
    const oldCookie = visitor.jar.get('gi_staff')!;
    const token = t.app.unsignCookie(oldCookie).value!;
    const response = await visitor.api('staff/logout', {});
    expect(response.json()).toEqual({ returnCode: 0, data: null, msg: '' });
    expect(cookieNamed(response, 'gi_staff')).toMatchObject({ value: '', path: '/' });
    const rows = await t.db.selectFrom('staff_sessions').select('id').where('id', '=', token).execute();
    expect(rows).toEqual([]);

    visitor.jar.set('gi_staff', oldCookie);
    const me = await visitor.read('staff/me');
    expect(me.statusCode).toBe(401);
    expect(me.json()).toEqual(UNAUTHORIZED);
  });

  it('answers logout ok without a login', async () => {
    const visitor = await CartVisitor.arrive(t);
    expect((await visitor.api('staff/logout', {})).json()).toEqual({ returnCode: 0, data: null, msg: '' });
  });

  it('answers 401 to an expired session, and deletes its row at the next login', async () => {
    const { visitor, name } = await loggedIn(t);
    const token = t.app.unsignCookie(visitor.jar.get('gi_staff')!).value!;
    await t.db
      .updateTable('staff_sessions')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('id', '=', token)
      .execute();
    expect((await visitor.read('staff/me')).json()).toEqual(UNAUTHORIZED);
    expect((await login(visitor, name)).json().returnCode).toBe(0);
    const rows = await t.db.selectFrom('staff_sessions').select('id').where('id', '=', token).execute();
    expect(rows).toEqual([]);
  });

  it('answers 401 to a forged or unsigned gi_staff, even one naming a live session', async () => {
    const { visitor } = await loggedIn(t);
    const signed = visitor.jar.get('gi_staff')!;
    const token = t.app.unsignCookie(signed).value!;
    for (const forged of [
      token,
      `${token}.${'A'.repeat(43)}`,
      `${'B'.repeat(43)}.${signed.split('.')[1]}`,
      'not-a-token',
    ]) {
      visitor.jar.set('gi_staff', forged);
      const response = await visitor.read('staff/me');
      expect(response.statusCode, forged).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
    visitor.jar.set('gi_staff', signed);
    expect((await visitor.read('staff/me')).statusCode).toBe(200);
  });

  it('answers 401 to staff/me without a session', async () => {
    const response = await (await CartVisitor.arrive(t)).read('staff/me');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('answers 401 to atlas/traffic without a session, before looking at the query', async () => {
    const visitor = await CartVisitor.arrive(t);
    for (const query of ['machine=contact&from=2026-03-01&to=2026-03-02', 'machine=x']) {
      const response = await visitor.read(`atlas/traffic?${query}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual(UNAUTHORIZED);
    }
  });

  it('answers 401 to atlas/test-runs without a session', async () => {
    const response = await (await CartVisitor.arrive(t)).read('atlas/test-runs');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('decides by the matched route: a percent-encoded path to staff/me gets the same 401', async () => {
    const visitor = await CartVisitor.arrive(t);
    const response = await t.app.inject({
      method: 'GET',
      url: '/ODGAWeb/%61pi/st%61ff/%6De',
      headers: { cookie: visitor.jar.header() },
    });
    expect(response.statusCode).toBe(401);
  });

  it.each(['staff/login', 'staff/logout', 'trace/transitions'])(
    'refuses POST %s without the CSRF header with 403',
    async (path) => {
      const { visitor, name } = await loggedIn(t);
      const response = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/${path}`,
        remoteAddress: visitor.address,
        headers: { cookie: visitor.jar.header() },
        payload: path === 'staff/login' ? { name, password: PASSWORD } : { steps: [step()] },
      });
      expect(response.statusCode).toBe(403);
      expect(response.json().returnCode).toBe(403);
      expect(cookieNamed(response, 'gi_staff')).toBeUndefined();
      // a refused logout ended nothing
      expect((await visitor.read('staff/me')).statusCode).toBe(200);
    },
  );

  it('refuses a login without a name or password with 400 naming the field', async () => {
    const visitor = await CartVisitor.arrive(t);
    const response = await visitor.api('staff/login', { name: 'someone' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg: '密碼不可為空白' });
  });
});

describe('trace/transitions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());

  const rows = () => t.db.selectFrom('machine_traces').selectAll().orderBy('id').execute();
  const trace = (visitor: CartVisitor, steps: unknown) => visitor.api('trace/transitions', { steps });

  it('stores each step under a 16-hex anonymous visitor, at the server’s time less ago; never the cookie', async () => {
    const visitor = await CartVisitor.arrive(t);
    const before = (await rows()).length;
    const sent = Date.now();
    const response = await trace(visitor, [
      step({ machine: 'shopcart', from: 'step1.editing', event: 'NEXT', to: 'step2.editing', ago: 5_000 }),
      step({ ago: 0 }),
    ]);
    expect(response.json()).toEqual({ returnCode: 0, data: null, msg: '' });
    const stored = (await rows()).slice(before);
    expect(stored.map((row) => [row.machine, row.from_state, row.event, row.to_state])).toEqual([
      ['shopcart', 'step1.editing', 'NEXT', 'step2.editing'],
      ['contact', 'editing', 'SUBMIT', 'submitting'],
    ]);
    const [first, second] = stored;
    expect(first!.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(second!.visitor).toBe(first!.visitor);
    const sid = visitor.sessionId;
    for (const value of [sid, visitor.jar.get('gi_sid')!, sid.replaceAll('-', '').slice(0, 16)])
      expect(JSON.stringify(stored)).not.toContain(value);
    const firstAt = new Date(first!.at).getTime();
    expect(firstAt).toBeGreaterThanOrEqual(sent - 5_000);
    expect(firstAt).toBeLessThanOrEqual(Date.now() - 5_000);
    expect(new Date(second!.at).getTime() - firstAt).toBeGreaterThanOrEqual(4_900);

    // the same visitor on its next batch; another visitor is another id
    await trace(visitor, [step()]);
    const other = await CartVisitor.arrive(t);
    await trace(other, [step()]);
    const [again, stranger] = (await rows()).slice(-2);
    expect(again!.visitor).toBe(first!.visitor);
    expect(stranger!.visitor).toMatch(/^[0-9a-f]{16}$/);
    expect(stranger!.visitor).not.toBe(first!.visitor);
  });

  it.each([
    ['an unknown machine', [step({ machine: 'payroll' as TraceStep['machine'] })], '流程格式錯誤'],
    ['a state with a space', [step({ to: 'step 2' })], '結束狀態格式錯誤'],
    ['an event too long', [step({ event: 'E'.repeat(121) })], '事件格式錯誤'],
    ['a step a day and more old', [step({ ago: 24 * 3600 * 1000 + 1 })], '時間格式錯誤'],
    ['51 steps', Array.from({ length: 51 }, () => step()), '狀態轉換最多50項'],
    ['no steps', [], '狀態轉換格式錯誤'],
    [
      'a good step beside a bad one',
      [step(), step({ machine: 'x' as TraceStep['machine'] })],
      '流程格式錯誤',
    ],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, steps, msg) => {
    const visitor = await CartVisitor.arrive(t);
    const before = (await rows()).length;
    const response = await trace(visitor, steps);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg });
    expect((await rows()).length).toBe(before);
  });

  it('takes 50 steps in one batch', async () => {
    const visitor = await CartVisitor.arrive(t);
    const before = (await rows()).length;
    const response = await trace(
      visitor,
      Array.from({ length: 50 }, () => step()),
    );
    expect(response.statusCode).toBe(200);
    expect((await rows()).length).toBe(before + 50);
  });

  it('logs no step: neither states nor events reach the log', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({
      db: t.db,
      logger: { stream: { write: (line) => lines.push(line) } },
    });
    try {
      const visitor = await CartVisitor.arrive(logged);
      await visitor.api('trace/transitions', {
        steps: [step({ from: 'secretFromState', event: 'SECRET_EVENT', to: 'secretToState' })],
      });
      expect(lines.join('')).not.toMatch(/secret/i);
    } finally {
      await logged.close();
    }
  });
});

describe('atlas/traffic', () => {
  let t: TestApp;
  let visitor: CartVisitor;
  beforeAll(async () => {
    t = await createTestApp();
    ({ visitor } = await loggedIn(t));
    // Taipei is UTC+8: 2026-03-01 is 2026-02-28T16:00Z up to 2026-03-01T16:00Z
    const at = (iso: string) => new Date(iso);
    const steps = (machine: 'contact' | 'cart', rows: [string, string, string, string][]) =>
      rows.map(([from, event, to, when]) => ({ machine, from, event, to, at: at(when) }));
    await insertMachineTraces(
      t.db,
      'aaaaaaaaaaaaaaaa',
      steps('contact', [
        ['editing', 'SUBMIT', 'submitting', '2026-02-28T16:00:00Z'],
        ['submitting', 'DONE', 'sent', '2026-03-01T02:00:00Z'],
        ['editing', 'SUBMIT', 'submitting', '2026-03-01T15:59:59Z'],
      ]),
    );
    await insertMachineTraces(
      t.db,
      'bbbbbbbbbbbbbbbb',
      steps('contact', [
        ['editing', 'SUBMIT', 'submitting', '2026-03-01T10:00:00Z'],
        ['submitting', 'FAIL', 'failed.retrying|banner.shown', '2026-03-01T10:00:01Z'],
        // the next Taipei day, and the day before
        ['failed.retrying|banner.shown', 'RETRY', 'submitting', '2026-03-01T16:00:00Z'],
        ['editing', 'SUBMIT', 'submitting', '2026-02-28T15:59:59Z'],
      ]),
    );
    // another machine
    await insertMachineTraces(
      t.db,
      'cccccccccccccccc',
      steps('cart', [['empty', 'ADD', 'filled', '2026-03-01T10:00:00Z']]),
    );
  }, 30_000);
  afterAll(() => t.close());

  const traffic = (query: string) => visitor.read(`atlas/traffic?${query}`);

  it('counts distinct visitors per transition and state, and how often each transition was taken', async () => {
    const response = await traffic('machine=contact&from=2026-03-01&to=2026-03-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      returnCode: 0,
      msg: '',
      data: {
        machine: 'contact',
        from: '2026-03-01',
        to: '2026-03-01',
        visitors: 2,
        transitions: [
          { from: 'editing', event: 'SUBMIT', to: 'submitting', visitors: 2, times: 3 },
          { from: 'submitting', event: 'DONE', to: 'sent', visitors: 1, times: 1 },
          { from: 'submitting', event: 'FAIL', to: 'failed.retrying|banner.shown', visitors: 1, times: 1 },
        ],
        states: [
          { state: 'banner', visitors: 1 },
          { state: 'banner.shown', visitors: 1 },
          { state: 'editing', visitors: 2 },
          { state: 'failed', visitors: 1 },
          { state: 'failed.retrying', visitors: 1 },
          { state: 'sent', visitors: 1 },
          { state: 'submitting', visitors: 2 },
        ],
      },
    });
  });

  it('takes both ends of the period, whole Taipei days', async () => {
    const { data } = (await traffic('machine=contact&from=2026-02-28&to=2026-03-02')).json();
    expect(data.visitors).toBe(2);
    expect(data.transitions).toContainEqual({
      from: 'editing',
      event: 'SUBMIT',
      to: 'submitting',
      visitors: 2,
      times: 4,
    });
    expect(data.transitions).toContainEqual({
      from: 'failed.retrying|banner.shown',
      event: 'RETRY',
      to: 'submitting',
      visitors: 1,
      times: 1,
    });
    const next = (await traffic('machine=contact&from=2026-03-02&to=2026-03-02')).json().data;
    expect(next.transitions).toEqual([
      { from: 'failed.retrying|banner.shown', event: 'RETRY', to: 'submitting', visitors: 1, times: 1 },
    ]);
    const cart = (await traffic('machine=cart&from=2026-03-01&to=2026-03-01')).json().data;
    expect(cart).toMatchObject({ visitors: 1, transitions: [{ from: 'empty', event: 'ADD', to: 'filled' }] });
  });

  it('answers an empty period with nothing counted', async () => {
    const { data } = (await traffic('machine=contact&from=2025-01-01&to=2025-01-31')).json();
    expect(data).toEqual({
      machine: 'contact',
      from: '2025-01-01',
      to: '2025-01-31',
      visitors: 0,
      transitions: [],
      states: [],
    });
  });

  it('takes a period of 92 days', async () => {
    expect((await traffic('machine=contact&from=2026-01-01&to=2026-04-02')).statusCode).toBe(200);
  });

  it.each([
    ['93 days', 'machine=contact&from=2026-01-01&to=2026-04-03', '起日至迄日最長 92 天'],
    ['from after to', 'machine=contact&from=2026-03-02&to=2026-03-01', '起日不可晚於迄日'],
    ['a day no calendar has', 'machine=contact&from=2026-02-30&to=2026-03-01', '起日格式錯誤'],
    ['a day in another format', 'machine=contact&from=2026-03-01&to=2026/03/02', '迄日格式錯誤'],
    ['an unknown machine', 'machine=payroll&from=2026-03-01&to=2026-03-01', '流程格式錯誤'],
    ['no machine', 'from=2026-03-01&to=2026-03-01', '流程不可為空白'],
  ])('refuses %s with 400 in Chinese', async (_, query, msg) => {
    const response = await traffic(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg });
  });
});

describe('atlas/test-runs', () => {
  let dir: string;
  let t: TestApp;
  let report: string;
  let visitor: CartVisitor;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'groupins-report-'));
    report = join(dir, 'machine-paths.json');
    t = await createTestApp({ config: { testReport: report } });
    ({ visitor } = await loggedIn(t));
  }, 30_000);
  afterAll(async () => {
    await t.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('answers the report as written', async () => {
    const runs: TestRuns = {
      recordedAt: '2026-03-01T08:00:00.000Z',
      levels: { unit: { contact: ['editing>SUBMIT>submitting', 'submitting>DONE>sent'], cart: [] }, e2e: {} },
    };
    await writeFile(report, JSON.stringify(runs));
    const response = await visitor.read('atlas/test-runs');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({ returnCode: 0, data: runs, msg: '' });
  });

  it('answers no runs when the report is missing', async () => {
    await rm(report, { force: true });
    expect((await visitor.read('atlas/test-runs')).json()).toEqual({
      returnCode: 0,
      data: { recordedAt: null, levels: {} },
      msg: '',
    });
  });

  it.each([
    ['not JSON', '{"recordedAt":'],
    ['a list', '[]'],
    ['a path that is no text', '{"recordedAt":null,"levels":{"unit":{"contact":[1]}}}'],
    ['levels a list', '{"recordedAt":null,"levels":[]}'],
    ['a time that is none', '{"recordedAt":"yesterday","levels":{}}'],
  ])('answers no runs when the report is malformed: %s', async (_, text) => {
    await writeFile(report, text);
    expect((await visitor.read('atlas/test-runs')).json().data).toEqual({ recordedAt: null, levels: {} });
  });
});
