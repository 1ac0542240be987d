import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { createTestApp, type TestApp } from '../support/server';

describe('request logging', () => {
  let t: TestApp;
  const lines: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({ logger: { stream: { write: (line) => lines.push(line) } } });
  });
  afterAll(() => t.close());

  it('logs method, path, status and time, never query strings, cookies or bodies', async () => {
    const jar = await t.newVisitor();
    lines.length = 0;
    await t.app.inject({
      method: 'POST',
      url: '/ODGAWeb/api/consent/accept?email=visitor%40example.com',
      headers: { ...t.csrfHeaders(jar), 'user-agent': 'secret-agent' },
      payload: { version: CONSENT_VERSION, client_device: 'Mobile', note: 'v-unique-9' },
    });
    const entries = lines.map((line) => JSON.parse(line));
    expect(entries.find((entry) => entry.req)?.req).toEqual({
      method: 'POST',
      path: '/ODGAWeb/api/consent/accept',
    });
    const done = entries.find((entry) => entry.res);
    expect(done?.res).toEqual({ statusCode: 200 });
    expect(typeof done?.responseTime).toBe('number');

    const text = lines.join('');
    for (const secret of [
      'example.com',
      'visitor',
      jar.get('gi_sid') ?? '-',
      'v-unique-9',
      'secret-agent',
      '127.0.0.1',
    ]) {
      expect(text).not.toContain(secret);
    }
  });

  it('logs a database fault by its code, without the message that may quote values', async () => {
    const broken = await createTestApp({ logger: { stream: { write: (line) => lines.push(line) } } });
    try {
      await broken.db.schema.dropTable('function_meta').execute();
      lines.length = 0;
      await broken.app.inject({
        method: 'GET',
        url: '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
      });
      const failure = lines.map((line) => JSON.parse(line)).find((entry) => entry.err);
      expect(failure?.err).toMatchObject({ code: '42P01' });
      expect(failure?.err.message).toBeUndefined();
      expect(lines.join('')).not.toContain('function_meta');
    } finally {
      await broken.close();
    }
  });
});
