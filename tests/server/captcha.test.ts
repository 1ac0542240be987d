import { type Challenge, createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createCaptcha } from '../../src/server/captcha/captcha';
import { CAPTCHA_EXPIRES_SECONDS, CAPTCHA_MAX_NUMBER, loadConfig } from '../../src/server/config';
import { deriveSessionKeys } from '../../src/server/session-keys';
import { createTestApp, type TestApp } from '../support/server';

const URL = '/ODGAWeb/api/captcha/challenge';
const MAX_NUMBER = 1_000;

/** What the widget sends once it has solved `challenge`. */
async function solve(challenge: Challenge): Promise<{ payload: string; counter: number }> {
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('no solution');
  const { parameters, signature } = challenge;
  return {
    payload: encode({ challenge: { parameters, signature }, solution }),
    counter: solution.counter,
  };
}

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
const decode = (payload: string) => JSON.parse(Buffer.from(payload, 'base64').toString('utf8'));

describe('captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { captchaMaxNumber: MAX_NUMBER } });
  });
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  async function issue(app = t): Promise<Challenge> {
    const jar = await app.newVisitor();
    const response = await app.app.inject({ method: 'GET', url: URL, headers: { cookie: jar.header() } });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ returnCode: 0, msg: '' });
    return body.data;
  }

  it('issues a signed SHA-256 challenge that expires, in the envelope and never cached', async () => {
    const jar = await t.newVisitor();
    const response = await t.app.inject({ method: 'GET', url: URL, headers: { cookie: jar.header() } });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const challenge: Challenge = response.json().data;
    expect(challenge.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(challenge.parameters).toMatchObject({
      algorithm: 'SHA-256',
      cost: 1,
      keyLength: 32,
      keyPrefix: expect.stringMatching(/^[0-9a-f]{32}$/),
      nonce: expect.stringMatching(/^[0-9a-f]{32}$/),
      salt: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    const now = Date.now() / 1000;
    expect(challenge.parameters.expiresAt).toBeGreaterThan(now + CAPTCHA_EXPIRES_SECONDS - 5);
    expect(challenge.parameters.expiresAt).toBeLessThanOrEqual(now + CAPTCHA_EXPIRES_SECONDS + 1);
  });

  it('hides a counter between half of maxNumber and maxNumber: the work comes from the configuration', async () => {
    for (let i = 0; i < 5; i += 1) {
      const { counter } = await solve(await issue());
      expect(counter).toBeGreaterThanOrEqual(MAX_NUMBER / 2);
      expect(counter).toBeLessThanOrEqual(MAX_NUMBER);
    }
  });

  it('accepts a solution once; the same payload again is refused', async () => {
    const { payload } = await solve(await issue());
    expect(await t.app.captcha.verify(t.db, payload)).toBe(true);
    expect(await t.app.captcha.verify(t.db, payload)).toBe(false);
    const used = await t.db.selectFrom('captcha_uses').selectAll().execute();
    expect(used.map((row) => row.signature)).toContain(decode(payload).challenge.signature);
  });

  it('refuses a payload whose challenge, key or counter was changed', async () => {
    const { payload } = await solve(await issue());
    const good = decode(payload);
    const flip = (hex: string) => (hex[0] === '0' ? '1' : '0') + hex.slice(1);
    const tampered = [
      { ...good, challenge: { ...good.challenge, parameters: { ...good.challenge.parameters, cost: 2 } } },
      {
        ...good,
        challenge: {
          ...good.challenge,
          parameters: { ...good.challenge.parameters, expiresAt: good.challenge.parameters.expiresAt + 3600 },
        },
      },
      { ...good, challenge: { ...good.challenge, signature: flip(good.challenge.signature) } },
      { ...good, solution: { ...good.solution, derivedKey: flip(good.solution.derivedKey) } },
      { ...good, solution: { ...good.solution, counter: good.solution.counter + 1 } },
      { ...good, solution: { ...good.solution, counter: '1' } },
      { challenge: good.challenge },
      {
        ...good,
        challenge: { parameters: { ...good.challenge.parameters, expiresAt: undefined }, signature: 'x' },
      },
    ];
    for (const payload of tampered) expect(await t.app.captcha.verify(t.db, encode(payload))).toBe(false);
    // none of them used the challenge up
    expect(await t.app.captcha.verify(t.db, payload)).toBe(true);
  });

  it('refuses a solution signed with another key (another site, another session secret)', async () => {
    const other = createCaptcha({ hmacKey: 'another key', maxNumber: MAX_NUMBER, expiresSeconds: 600 });
    const { payload } = await solve(await other.challenge());
    expect(await t.app.captcha.verify(t.db, payload)).toBe(false);
  });

  it('refuses a solution of an expired challenge', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.now() - (CAPTCHA_EXPIRES_SECONDS + 1) * 1000);
    const challenge = await t.app.captcha.challenge();
    vi.useRealTimers();
    expect(challenge.parameters.expiresAt).toBeLessThan(Date.now() / 1000);
    const { payload } = await solve(challenge);
    expect(await t.app.captcha.verify(t.db, payload)).toBe(false);
  });

  it.each([
    ['no date can hold', 1e300],
    ['is not a whole second', Date.now() / 1000 + 600.5],
  ])('refuses, without throwing, a challenge signed with its key whose expiry %s', async (_, expiresAt) => {
    const challenge = await createChallenge({
      algorithm: 'SHA-256',
      cost: 1,
      counter: 10,
      deriveKey,
      expiresAt,
      hmacSignatureSecret: deriveSessionKeys(t.config.sessionSecret).captchaKey,
    });
    const { payload } = await solve(challenge);
    await expect(t.app.captcha.verify(t.db, payload)).resolves.toBe(false);
  });

  it.each([
    ['an empty string', ''],
    ['garbage base64', Buffer.from('garbage, not JSON').toString('base64')],
    ['base64 of a JSON string', encode('payload')],
    ['base64 of null', encode(null)],
    ['not base64 at all', '驗證碼 ǂ'],
    ['a huge payload', 'A'.repeat(100_000)],
    ['a test-mode payload', encode({ challenge: null, solution: null, test: true })],
  ])('refuses %s', async (_, payload) => {
    expect(await t.app.captcha.verify(t.db, payload)).toBe(false);
  });

  it('refuses a replay on another API node sharing the database', async () => {
    const other = await createTestApp({ db: t.db, config: { captchaMaxNumber: MAX_NUMBER } });
    try {
      const { payload } = await solve(await issue(other));
      expect(await t.app.captcha.verify(t.db, payload)).toBe(true);
      expect(await other.app.captcha.verify(t.db, payload)).toBe(false);
      const second = await solve(await issue(t));
      expect(await other.app.captcha.verify(t.db, second.payload)).toBe(true);
      expect(await t.app.captcha.verify(t.db, second.payload)).toBe(false);
    } finally {
      await other.close();
    }
  });

  it('deletes the records of challenges long expired as new ones are used', async () => {
    await t.db
      .insertInto('captcha_uses')
      .values([
        { signature: 'long expired', expires_at: new Date(Date.now() - 3_600_000) },
        { signature: 'just expired', expires_at: new Date(Date.now() - 1_000) },
      ])
      .execute();
    const { payload } = await solve(await issue());
    expect(await t.app.captcha.verify(t.db, payload)).toBe(true);
    const left = (await t.db.selectFrom('captcha_uses').select('signature').execute()).map(
      (r) => r.signature,
    );
    expect(left).not.toContain('long expired');
    // kept a little past its expiry, for API nodes whose clocks run behind
    expect(left).toContain('just expired');
  });

  it('answers the challenge without a session cookie too, and never a 5xx', async () => {
    for (const url of [URL, `${URL}?x=%00`, '/ODGAWeb/api/captcha/%63hallenge']) {
      const response = await t.app.inject({ method: 'GET', url });
      expect(response.statusCode).toBe(200);
      expect(response.json().data.signature).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('draws on the visitor read budget: 240 challenges a minute, then 429', async () => {
    const limited = await createTestApp({ db: t.db });
    try {
      const jar = await limited.newVisitor();
      const get = () => limited.app.inject({ method: 'GET', url: URL, headers: { cookie: jar.header() } });
      for (let i = 0; i < 240; i += 1) expect((await get()).statusCode).toBe(200);
      const response = await get();
      expect(response.statusCode).toBe(429);
      expect(response.headers['retry-after']).toBeDefined();
      expect(response.json()).toEqual({ returnCode: 429, data: null, msg: '操作過於頻繁，請稍後再試' });
    } finally {
      await limited.close();
    }
  });
});

describe('captcha configuration', () => {
  it('defaults to about a second of work on a mid phone, expiring in ten minutes', () => {
    const config = loadConfig({ SESSION_SECRET: 'x'.repeat(32) });
    expect(config.captchaMaxNumber).toBe(CAPTCHA_MAX_NUMBER);
    expect(config.captchaMaxNumber).toBe(100_000);
    expect(config.captchaExpiresSeconds).toBe(600);
  });

  it('reads CAPTCHA_MAX_NUMBER and CAPTCHA_EXPIRES_SECONDS; there is no setting that skips the check', () => {
    const config = loadConfig({
      SESSION_SECRET: 'x'.repeat(32),
      CAPTCHA_MAX_NUMBER: '50000',
      CAPTCHA_EXPIRES_SECONDS: '300',
    });
    expect(config).toMatchObject({ captchaMaxNumber: 50_000, captchaExpiresSeconds: 300 });
    for (const bad of ['0', '-1', 'off', '1.5']) {
      expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(32), CAPTCHA_MAX_NUMBER: bad })).toThrow(
        /CAPTCHA_MAX_NUMBER/,
      );
    }
    expect(() => loadConfig({ SESSION_SECRET: 'x'.repeat(32), CAPTCHA_EXPIRES_SECONDS: '0' })).toThrow(
      /CAPTCHA_EXPIRES_SECONDS/,
    );
    expect(() => createCaptcha({ hmacKey: 'k', maxNumber: 2 ** 32, expiresSeconds: 600 })).toThrow();
  });
});
