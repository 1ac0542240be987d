import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { createTestApp, type TestApp } from '../support/server';

const URL = '/ODGAWeb/api/consent/accept';
const BODY = { version: CONSENT_VERSION, client_device: 'Desktop' };
const FORBIDDEN = { returnCode: 403, data: null, msg: '安全驗證失敗，請重新整理頁面後再試' };

describe('POST consent/accept', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const consentCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('consents')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('refuses a POST without the CSRF header', async () => {
    const jar = await t.newVisitor();
    const before = await consentCount();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie: jar.header() },
      payload: BODY,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
    expect(await consentCount()).toBe(before);
  });

  it('refuses a POST whose CSRF header is not the session token', async () => {
    const jar = await t.newVisitor();
    const other = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { ...t.csrfHeaders(jar), 'x-csrf-token': t.csrfHeaders(other)['x-csrf-token'] ?? '' },
      payload: BODY,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
  });

  it('refuses a POST that carries the token but no session cookie', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { 'x-csrf-token': t.csrfHeaders(jar)['x-csrf-token'] ?? '' },
      payload: BODY,
    });
    expect(response.statusCode).toBe(403);
  });

  it('records the consent for the session when the token matches', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.csrfHeaders(jar),
      payload: BODY,
    });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.returnCode).toBe(0);
    expect(Number.isNaN(Date.parse(body.data.acceptedAt))).toBe(false);

    const sessionId = jar.get('gi_sid')?.split('.')[0] ?? '';
    const rows = await t.db.selectFrom('consents').selectAll().where('session_id', '=', sessionId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ version: CONSENT_VERSION, client_device: 'Desktop' });
    expect(rows[0]?.accepted_at.toISOString()).toBe(body.data.acceptedAt);
  });

  it('rejects a bad client_device with 400 and a message naming the field', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.csrfHeaders(jar),
      payload: { version: CONSENT_VERSION, client_device: 'Tablet' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      returnCode: 400,
      data: null,
      msg: '請選擇裝置類型',
    });
  });

  it('rejects a missing version with 400 and a message naming the field', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.csrfHeaders(jar),
      payload: { client_device: 'Mobile' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('請選擇同意書版本');
  });

  it('rejects a consent text version the site never showed', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: t.csrfHeaders(jar),
      payload: { version: '1999-01', client_device: 'Mobile' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('請選擇同意書版本');
  });

  it('limits one visitor session to 30 writes a minute', async () => {
    const limited = await createTestApp({ db: t.db });
    try {
      const jar = await limited.newVisitor();
      const post = () =>
        limited.app.inject({ method: 'POST', url: URL, headers: limited.csrfHeaders(jar), payload: BODY });
      for (let i = 0; i < 30; i += 1) expect((await post()).statusCode).toBe(200);
      const response = await post();
      expect(response.statusCode).toBe(429);
      expect(response.json()).toEqual({ returnCode: 429, data: null, msg: '操作過於頻繁，請稍後再試' });
    } finally {
      await limited.close();
    }
  });

  it('does not limit an address on the allow list (a load tester, an internal gateway)', async () => {
    const unlimited = await createTestApp({ db: t.db, config: { rateLimitAllowList: ['127.0.0.1'] } });
    try {
      const jar = await unlimited.newVisitor();
      for (let i = 0; i < 31; i += 1) {
        const response = await unlimited.app.inject({
          method: 'POST',
          url: URL,
          headers: unlimited.csrfHeaders(jar),
          payload: BODY,
        });
        expect(response.statusCode).toBe(200);
      }
    } finally {
      await unlimited.close();
    }
  });
});
