import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCartCatalogue } from '../support/cart-catalogue';
import { createTestApp, type TestApp } from '../support/server';

const FORBIDDEN = { returnCode: 403, data: null, msg: '安全驗證失敗，請重新整理頁面後再試' };

/** The same path with one or more of its characters percent-encoded, as a router still matches it. */
const ENCODINGS: [string, (path: string) => string][] = [
  ['%61pi', (path) => path.replace('/api/', '/%61pi/')],
  ['%4FDGAWeb', (path) => path.replace('/ODGAWeb/', '/%4FDGAWeb/')],
  ['%4fDGAWeb (lower-case hex)', (path) => path.replace('/ODGAWeb/', '/%4fDGAWeb/')],
  ['the last letter', (path) => `${path.slice(0, -1)}%${path.charCodeAt(path.length - 1).toString(16)}`],
  [
    'every letter of the area',
    (path) => path.replace(/\/api\/([^/]+)\//, (_, area: string) => `/api/${encodeAll(area)}/`),
  ],
];

function encodeAll(text: string): string {
  return [...text].map((ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`).join('');
}

describe('CSRF is decided on the matched route, whatever the spelling of the path', () => {
  let t: TestApp;
  const posts: string[] = [];
  beforeAll(async () => {
    t = await createTestApp({
      onRoute: (route) => {
        if (route.method === 'POST') posts.push(route.url);
      },
    });
    await insertCartCatalogue(t.db);
  });
  afterAll(() => t.close());

  const cartCount = async () =>
    Number(
      (
        await t.db
          .selectFrom('carts')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('knows the API writes it protects', () => {
    expect(posts).toContain('/ODGAWeb/api/DTODGAZ0/insertCart');
    expect(posts).toContain('/ODGAWeb/api/consent/accept');
    expect(posts.length).toBeGreaterThanOrEqual(14);
  });

  it.each(ENCODINGS)(
    'refuses every POST spelled with %s when it carries no cookie and no token',
    async (_, encode) => {
      const before = await cartCount();
      // without a session, writes count against the address: one address per spelling keeps every
      // spelling's writes within the minute's budget
      const remoteAddress = `10.9.${ENCODINGS.findIndex(([, e]) => e === encode)}.1`;
      for (const path of posts) {
        const url = encode(path);
        expect(url).not.toBe(path);
        const response = await t.app.inject({ method: 'POST', url, payload: {}, remoteAddress });
        expect({ url, status: response.statusCode }).toEqual({ url, status: 403 });
        expect(response.json()).toEqual(FORBIDDEN);
      }
      expect(await cartCount()).toBe(before);
    },
  );

  it.each(ENCODINGS)('refuses every POST spelled with %s when the token is missing', async (_, encode) => {
    const jar = await t.newVisitor();
    for (const path of posts) {
      const response = await t.app.inject({
        method: 'POST',
        url: encode(path),
        headers: { cookie: jar.header() },
        payload: {},
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it.each(ENCODINGS)(
    'serves a POST spelled with %s when its token is valid: the route does match',
    async (_, encode) => {
      const jar = await t.newVisitor();
      const response = await t.app.inject({
        method: 'POST',
        url: encode('/ODGAWeb/api/DTODGAZ0/getCoki'),
        headers: t.csrfHeaders(jar),
        payload: {},
      });
      expect(response.json()).toEqual({ returnCode: 0, data: { COOKIE_CART_NO: '' }, msg: '' });
    },
  );

  it('refuses a POST to a path no route serves when it carries no token', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/ODGAWeb/api/noSuch/verb', payload: {} });
    expect(response.statusCode).toBe(403);
  });
});
