import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deriveSessionKeys } from '../../src/server/session-keys';
import { CookieJar, createTestApp, type TestApp } from '../support/server';

const TITLES = '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title';

interface Cookie {
  name: string;
  value: string;
  path?: string;
  httpOnly?: boolean;
  secure?: boolean;
  sameSite?: string;
}
const cookieNamed = (cookies: unknown, name: string) =>
  (cookies as Cookie[]).find((cookie) => cookie.name === name);

describe('session cookie', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('starts a session on the first API call: signed, HttpOnly, SameSite=Lax, Path=/, not Secure over http', async () => {
    const response = await t.app.inject({ method: 'GET', url: TITLES });
    const sid = cookieNamed(response.cookies, 'gi_sid');
    expect(sid).toMatchObject({ path: '/', httpOnly: true, sameSite: 'Lax' });
    expect(sid?.secure).toBeFalsy();
    const unsigned = t.app.unsignCookie(sid?.value ?? '');
    expect(unsigned.valid).toBe(true);
    expect(unsigned.value).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  });

  it('gives a readable XSRF-TOKEN that is the HMAC of the session id', async () => {
    const response = await t.app.inject({ method: 'GET', url: TITLES });
    const token = cookieNamed(response.cookies, 'XSRF-TOKEN');
    expect(token).toMatchObject({ path: '/', sameSite: 'Lax' });
    expect(token?.httpOnly).toBeFalsy();
    const sessionId = t.app.unsignCookie(cookieNamed(response.cookies, 'gi_sid')?.value ?? '').value ?? '';
    const expected = createHmac('sha256', deriveSessionKeys(t.config.sessionSecret).csrfKey)
      .update(sessionId)
      .digest('base64url');
    expect(token?.value).toBe(expected);
  });

  it('keeps the session of a visitor who sends the cookies back', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({ method: 'GET', url: TITLES, headers: { cookie: jar.header() } });
    expect(response.cookies).toEqual([]);
  });

  it('replaces a session cookie whose signature does not match', async () => {
    const jar = await t.newVisitor();
    const [id] = (jar.get('gi_sid') ?? '').split('.');
    const forged = new CookieJar();
    forged.set('gi_sid', `${id}.forged-signature`);
    const response = await t.app.inject({ method: 'GET', url: TITLES, headers: { cookie: forged.header() } });
    const fresh = cookieNamed(response.cookies, 'gi_sid');
    expect(fresh).toBeDefined();
    expect(fresh?.value.startsWith(`${id}.`)).toBe(false);
  });

  it('keeps a validly signed session that has no row: the signature is what makes it ours', async () => {
    const jar = await t.newVisitor();
    const [id] = (jar.get('gi_sid') ?? '').split('.');
    await t.db
      .deleteFrom('sessions')
      .where('id', '=', id ?? '')
      .execute();
    const response = await t.app.inject({ method: 'GET', url: TITLES, headers: { cookie: jar.header() } });
    expect(response.cookies).toEqual([]);
  });

  it('marks the cookies Secure when a trusted proxy says the request came over TLS', async () => {
    const behindProxy = await createTestApp({ db: t.db, config: { trustProxy: true } });
    try {
      const response = await behindProxy.app.inject({
        method: 'GET',
        url: TITLES,
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(cookieNamed(response.cookies, 'gi_sid')?.secure).toBe(true);
      expect(cookieNamed(response.cookies, 'XSRF-TOKEN')?.secure).toBe(true);
    } finally {
      await behindProxy.close();
    }
  });

  it('ignores x-forwarded-proto when no proxy is trusted', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: TITLES,
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(cookieNamed(response.cookies, 'gi_sid')?.secure).toBeFalsy();
  });

  it('sets no cookie on static assets', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/groupins/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.cookies).toEqual([]);
  });
});
