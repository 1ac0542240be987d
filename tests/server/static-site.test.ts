import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_INDEX_HTML, type TestApp } from '../support/server';

describe('static site under /groupins/', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('serves index.html at /groupins/, revalidated on every visit', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/groupins/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(TEST_INDEX_HTML);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep link with index.html so the client router takes over', async () => {
    for (const url of ['/groupins/shopcart/STEP2', '/groupins/product/Intropackage?PACK_ID=A1']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toMatch(/text\/html/);
      expect(response.headers['cache-control']).toBe('no-cache');
      expect(response.body).toBe(TEST_INDEX_HTML);
    }
  });

  it('serves hashed assets with long immutable caching', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/groupins/assets/index-abc123.js' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/javascript/);
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the precompressed file to a browser that accepts it', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/groupins/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe('export {};\n');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a path ending in / with its page, even where the build has a folder of that name', async () => {
    // the staff's start page is /groupins/staff, and their build's folder is staff/ (vite.staff.config.ts)
    const response = await t.app.inject({ method: 'GET', url: '/groupins/assets/' });
    expect(response.statusCode).toBe(200);
    expect(response.body).toBe(TEST_INDEX_HTML);
  });

  it('answers a missing asset with a real 404, not the page', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/groupins/assets/gone.js' });
    expect(response.statusCode).toBe(404);
    expect(response.body).not.toContain('<html');
  });

  it('redirects / and /groupins to /groupins/, keeping the query', async () => {
    const root = await t.app.inject({ method: 'GET', url: '/' });
    expect(root.statusCode).toBe(301);
    expect(root.headers.location).toBe('/groupins/');
    const bare = await t.app.inject({ method: 'GET', url: '/groupins?utm_source=mail' });
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/groupins/?utm_source=mail');
  });

  it('does not leak files outside the static folder', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/groupins/../package.json' });
    expect(response.statusCode).not.toBe(200);
    const encoded = await t.app.inject({ method: 'GET', url: '/groupins/%2e%2e/%2e%2e/etc/passwd' });
    expect(encoded.body).not.toContain('root:');
  });

  it("never serves the build's own folders (.vite: the manifest, the page shells), however the path is spelt", async () => {
    await mkdir(join(t.config.staticDir, '.vite'), { recursive: true });
    await writeFile(join(t.config.staticDir, '.vite', 'manifest.json'), '{"secret-ish":true}');
    for (const url of [
      '/groupins/.vite/manifest.json',
      '/groupins/./.vite/manifest.json',
      '/groupins//.vite/manifest.json',
      '/groupins/assets/../.vite/manifest.json',
      '/groupins/assets/%2e%2e/.vite/manifest.json',
      '/groupins/assets%2f..%2f.vite/manifest.json',
      '/groupins/%2evite/manifest.json',
    ]) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).not.toBe(200);
      expect(response.body, url).not.toContain('secret-ish');
    }
  });

  it('keeps the API working when the static folder does not exist', async () => {
    const apiOnly = await createTestApp({ db: t.db, config: { staticDir: '/nonexistent/groupins-client' } });
    try {
      const health = await apiOnly.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
      expect(health.statusCode).toBe(200);
      const page = await apiOnly.app.inject({ method: 'GET', url: '/groupins/' });
      expect(page.statusCode).toBe(404);
    } finally {
      await apiOnly.close();
    }
  });
});
