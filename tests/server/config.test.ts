import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { databaseTarget } from '../../src/server/db/database';

describe('loadConfig', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-config-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('uses the documented defaults', () => {
    const config = loadConfig({ DATA_DIR: dataDir });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      dataDir,
      databaseUrl: undefined,
      databaseTimeoutMs: 1500,
      staticDir: resolve('dist/client'),
      trustProxy: false,
      rateLimitAllowList: [],
      rateLimitPerAddress: 3000,
      sessionRetentionHours: 24,
      workers: 1,
      shutdownGraceMs: 2000,
      siteUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      mailFrom: undefined,
    });
    expect(databaseTarget(config)).toEqual({ dataDir: join(dataDir, 'pglite') });
  });

  it('reads SMTP_URL and MAIL_FROM, an address alone or with a name', () => {
    const url = 'smtps://user:secret@mail.example.com.tw:465';
    expect(
      loadConfig({ DATA_DIR: dataDir, SMTP_URL: url, MAIL_FROM: 'no-reply@example.com.tw' }),
    ).toMatchObject({
      smtpUrl: url,
      mailFrom: { address: 'no-reply@example.com.tw', name: '團體保險網路服務' },
    });
    expect(
      loadConfig({
        DATA_DIR: dataDir,
        SMTP_URL: 'smtp://127.0.0.1:25',
        MAIL_FROM: '"晴川人壽" <a@example.com.tw>',
      }).mailFrom,
    ).toEqual({ address: 'a@example.com.tw', name: '晴川人壽' });
  });

  it('refuses SMTP_URL without MAIL_FROM, a URL that is not SMTP, and a MAIL_FROM that is not one address', () => {
    expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://127.0.0.1:25' })).toThrow(/MAIL_FROM/);
    expect(() =>
      loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'http://mail.example', MAIL_FROM: 'a@b.tw' }),
    ).toThrow(/SMTP_URL/);
    for (const from of ['a@b.tw, c@d.tw', 'a@b.tw\r\nBcc: c@d.tw', 'not an address'])
      expect(() => loadConfig({ DATA_DIR: dataDir, SMTP_URL: 'smtp://h:25', MAIL_FROM: from })).toThrow(
        /MAIL_FROM/,
      );
  });

  it('reads SITE_URL as an origin, refusing a path or another scheme', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SITE_URL: 'https://insure.example.com.tw/' }).siteUrl).toBe(
      'https://insure.example.com.tw',
    );
    for (const site of ['https://insure.example.com.tw/groupins', 'ftp://insure.example.com.tw', 'insure'])
      expect(() => loadConfig({ DATA_DIR: dataDir, SITE_URL: site })).toThrow(/SITE_URL/);
  });

  it('reads the rate-limit allow list as comma-separated addresses', () => {
    const config = loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_ALLOW: ' 127.0.0.1, ::1 ,' });
    expect(config.rateLimitAllowList).toEqual(['127.0.0.1', '::1']);
  });

  it('gives PostgreSQL the database timeout, in milliseconds', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      DATABASE_URL: 'postgres://db/x',
      DATABASE_TIMEOUT_MS: '800',
    });
    expect(databaseTarget(config)).toEqual({ url: 'postgres://db/x', timeoutMs: 800 });
  });

  it('reads the per-address ceiling of requests a minute', () => {
    expect(loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_PER_ADDRESS: '10000' }).rateLimitPerAddress).toBe(
      10_000,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, RATE_LIMIT_PER_ADDRESS: 'lots' })).toThrow(
      'RATE_LIMIT_PER_ADDRESS is not a positive number: lots',
    );
  });

  it('reads the shutdown grace period in milliseconds, refusing what is not a positive number', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: '15000' }).shutdownGraceMs).toBe(15_000);
    for (const bad of ['0', '-1', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SHUTDOWN_GRACE_MS: bad })).toThrow(
        `SHUTDOWN_GRACE_MS is not a positive number: ${bad}`,
      );
    }
  });

  it('reads the session retention in hours, refusing what is not a positive number', () => {
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_RETENTION_HOURS: '2.5' }).sessionRetentionHours).toBe(2.5);
    for (const bad of ['0', '-1', 'soon']) {
      expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_RETENTION_HOURS: bad })).toThrow(
        `SESSION_RETENTION_HOURS is not a positive number: ${bad}`,
      );
    }
  });

  it('reads WORKERS, the server processes sharing the port, refusing what is not a whole number', () => {
    expect(loadConfig({ DATA_DIR: dataDir, WORKERS: '4' }).workers).toBe(4);
    for (const bad of ['0', '1.5', 'two'])
      expect(() => loadConfig({ DATA_DIR: dataDir, WORKERS: bad })).toThrow('WORKERS');
  });

  it('generates a session secret once, private to the owner, and keeps it across restarts', async () => {
    const first = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    const second = loadConfig({ DATA_DIR: dataDir }).sessionSecret;
    expect(first.length).toBeGreaterThanOrEqual(32);
    expect(second).toBe(first);
    expect((await stat(join(dataDir, 'session-secret'))).mode & 0o777).toBe(0o600);
  });

  it('prefers SESSION_SECRET and refuses a short one', () => {
    const secret = 'a-configured-secret-of-enough-length-123';
    expect(loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: secret }).sessionSecret).toBe(secret);
    expect(() => loadConfig({ DATA_DIR: dataDir, SESSION_SECRET: 'short' })).toThrow(/SESSION_SECRET/);
  });

  it('reads PORT, HOST, DATABASE_URL and TRUST_PROXY', () => {
    const config = loadConfig({
      DATA_DIR: dataDir,
      PORT: '9000',
      HOST: '127.0.0.1',
      DATABASE_URL: 'postgres://db.internal/groupins',
      TRUST_PROXY: 'true',
    });
    expect(config).toMatchObject({ port: 9000, host: '127.0.0.1', trustProxy: true });
    expect(databaseTarget(config)).toEqual({ url: 'postgres://db.internal/groupins', timeoutMs: 1500 });
    expect(() => loadConfig({ DATA_DIR: dataDir, PORT: 'eighty' })).toThrow(/PORT/);
  });

  it('reads a hop count for TRUST_PROXY', () => {
    const { trustProxy } = loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: '1' });
    expect(typeof trustProxy).toBe('function');
    const trusts = trustProxy as (address: string, hop: number) => boolean;
    expect([trusts('10.0.0.1', 0), trusts('10.0.0.2', 1)]).toEqual([true, false]);
  });
});
