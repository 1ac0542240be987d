import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { withAppModulesDeferred } from '../../src/server/page-preloads';
import { createTestApp, type TestApp } from '../support/server';

describe('security baseline', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('sends a strict Content-Security-Policy on pages and API answers', async () => {
    for (const url of ['/groupins/', '/ODGAWeb/api/health']) {
      const response = await t.app.inject({ method: 'GET', url });
      const policy = String(response.headers['content-security-policy']);
      for (const directive of [
        "default-src 'self'",
        "style-src 'self'",
        "img-src 'self' data:",
        "connect-src 'self'",
        "object-src 'none'",
        "base-uri 'self'",
        "frame-ancestors 'none'",
        "form-action 'self'",
      ]) {
        expect(policy).toContain(directive);
      }
      expect(policy).not.toContain('unsafe-inline');
      expect(policy).not.toContain('unsafe-eval');
      expect(policy).toMatch(/(^|;)script-src 'self' 'sha256-[A-Za-z0-9+/]+=*'(;|$)/);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
    }
  });

  it("allows the built page's one inline script, the one that loads the app, by its hash", async () => {
    const built = withAppModulesDeferred(
      '<html><head><script type="module" src="/groupins/assets/index-1.js"></script></head><body></body></html>',
    );
    const inline = [...built.matchAll(/<script>([^<]*)<\/script>/g)].map((m) => m[1]!);
    expect(inline).toHaveLength(1);
    const hash = createHash('sha256').update(inline[0]!).digest('base64');
    const response = await t.app.inject({ method: 'GET', url: '/groupins/' });
    expect(String(response.headers['content-security-policy'])).toContain(
      `script-src 'self' 'sha256-${hash}'`,
    );
  });

  it('keeps API answers out of shared caches', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers a path it cannot decode with a 400 envelope that carries the security headers', async () => {
    for (const url of ['/%E0%A4%A', '/ODGAWeb/api/DTODGAZ0/%zz', '/groupins/%']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ returnCode: 400, data: null, msg: '資料格式錯誤，請檢查後再送出' });
      expect(String(response.headers['content-security-policy'])).toContain("default-src 'self'");
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });

  it('answers an unknown API path with a 404 envelope', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/noSuch/thing' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ returnCode: 404, data: null, msg: '找不到您要的服務' });
  });

  it('answers a body over 64 KB with a 413 envelope', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: '/ODGAWeb/api/consent/accept',
      headers: { ...t.csrfHeaders(jar), 'content-type': 'application/json' },
      payload: JSON.stringify({ version: '1', client_device: 'Mobile', padding: 'x'.repeat(64 * 1024) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ returnCode: 413, data: null, msg: '資料量過大，請精簡後再送出' });
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({
      method: 'POST',
      url: '/ODGAWeb/api/consent/accept',
      headers: { ...t.csrfHeaders(jar), 'content-type': 'application/json' },
      payload: '{"version":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().returnCode).toBe(400);
  });

  it('answers a server fault with a generic 500 envelope: no stack, no SQL', async () => {
    const broken = await createTestApp();
    try {
      await broken.db.schema.dropTable('function_meta').execute();
      const response = await broken.app.inject({
        method: 'GET',
        url: '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
      });
      expect(response.statusCode).toBe(500);
      expect(response.json()).toEqual({ returnCode: 500, data: null, msg: '系統忙碌中，請稍後再試' });
      expect(response.body).not.toMatch(/function_meta|select|at |\.ts/i);
    } finally {
      await broken.close();
    }
  });
});
