import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/server';

describe('GET /ODGAWeb/api/health', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers ok while the database answers', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ returnCode: 0, data: { status: 'ok' }, msg: '' });
  });

  it('starts no session: probes must not fill the sessions table', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
    expect(response.cookies).toEqual([]);
  });

  it('answers 503 with a Traditional Chinese message once the database is gone', async () => {
    await t.db.destroy();
    const response = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      returnCode: 503,
      data: { database: 'unavailable' },
      msg: '服務暫時無法使用，請稍後再試',
    });
  });

  it('answers 503, not 500, to API calls that need the database while it is gone', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().returnCode).toBe(503);
  });

  it('still serves the page shell while the database is gone', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/groupins/progress' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/text\/html/);
  });

  it('answers 503 saying the server is stopping once it drains (SIGTERM), so a balancer stops sending', async () => {
    t.app.drain();
    const response = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      returnCode: 503,
      data: { server: 'stopping' },
      msg: '服務暫時無法使用，請稍後再試',
    });
    expect(response.headers.connection).toBe('close');
  });
});
