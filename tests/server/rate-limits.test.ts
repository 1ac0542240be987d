import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CartVisitor } from '../support/cart-visitor';
import { addStaff, CookieJar, createTestApp, type TestApp } from '../support/server';

const TOO_MANY = { returnCode: 429, data: null, msg: '操作過於頻繁，請稍後再試' };

// Coverage items of the seeded catalogue that may share one cart.
const cell = (id: string, acc: 'Y' | 'N', amount: number) => ({
  SOURCE_CODE: 'CELL',
  SHOPCART_CART_NO: '',
  RLAT_CODE: '0',
  CLASS_TITLE: id,
  IS_SLRY_MLTPL: 'N',
  PROD_LIST: [{ PROD_ID: id, ORDER_SEQ: 1, IS_ACC: acc, FACE_AMT_TYPE: 1, FACE_AMT: amount }],
});
const ITEMS = [cell('GTL', 'N', 1_000_000), cell('GAD', 'Y', 1_000_000), cell('GCI', 'N', 500_000)];
const SCREENS = ['ODGAF000', 'ODGAF010', 'ODGAF020', 'ODGAF000', 'ODGAF010', 'ODGAF020'];

/** A minute of one employee: pages, with the calls each navigation makes, and three items into the cart. */
async function browseAndAdd(visitor: CartVisitor): Promise<number[]> {
  const statuses: number[] = [];
  const keep = (response: { statusCode: number }) => statuses.push(response.statusCode);
  keep(await visitor.read('functionMeta/queryAllMeta?meta_attr=title'));
  keep(await visitor.call('getExtraSetup'));
  keep(await visitor.read('catalogue/queryPackages'));
  keep(await visitor.read('catalogue/queryCells'));
  for (const [index, next] of [...SCREENS, ...SCREENS].entries()) {
    keep(
      await visitor.call('addTrace', {
        client_device: 'Desktop',
        curr_page: index ? 'ODGAF000' : '',
        next_page: next,
      }),
    );
    keep(await visitor.call('addSession'));
    keep(await visitor.call('getOnlyCartData'));
    keep(await visitor.read('catalogue/queryPackage?PACK_ID=BASIC'));
  }
  for (const item of ITEMS) {
    keep(await visitor.call('insertCart', item));
    keep(await visitor.call('getCart'));
  }
  return statuses;
}

describe('rate limits: per visitor session, with a far higher ceiling per address against floods', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lets 20 employees behind one address browse and fill their carts without a single 429', async () => {
    const office = '203.0.113.7';
    const visitors = await Promise.all(Array.from({ length: 20 }, () => CartVisitor.arrive(t, office)));
    const statuses = (await Promise.all(visitors.map(browseAndAdd))).flat();
    expect(statuses.length).toBeGreaterThan(1_000);
    expect(statuses.filter((status) => status !== 200)).toEqual([]);
  }, 60_000);

  it('stops one visitor flooding the cart after 30 writes a minute', async () => {
    const visitor = await CartVisitor.arrive(t);
    const statuses = [];
    for (let i = 0; i < 40; i += 1) statuses.push((await visitor.call('addCoki')).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual(Array(10).fill(429));
    const refused = await visitor.call('addCoki');
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('stops a visitor flooding page views, and tracking never takes the budget of a visitor action', async () => {
    const visitor = await CartVisitor.arrive(t);
    const view = { client_device: 'Mobile', curr_page: '', next_page: 'ODGAF000' };
    const statuses = [];
    for (let i = 0; i < 130; i += 1) statuses.push((await visitor.call('addTrace', view)).statusCode);
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(200));
    expect(statuses.slice(120)).toEqual(Array(10).fill(429));
    expect((await visitor.call('insertCart', ITEMS[0])).json().returnCode).toBe(0);
    expect((await visitor.call('getCart')).statusCode).toBe(200);
  });

  it('limits the catalogue reads of one visitor too: 240 a minute', async () => {
    const visitor = await CartVisitor.arrive(t);
    const statuses = [];
    for (let i = 0; i < 245; i += 1) statuses.push((await visitor.read('catalogue/queryCells')).statusCode);
    expect(statuses.slice(0, 240)).toEqual(Array(240).fill(200));
    expect(statuses.slice(240)).toEqual(Array(5).fill(429));
  }, 30_000);

  it('limits requests for paths no route serves: 120 a minute per address', async () => {
    const statuses = [];
    for (let i = 0; i < 125; i += 1) {
      const response = await t.app.inject({
        method: 'GET',
        url: `/ODGAWeb/api/probe${i}`,
        remoteAddress: '198.51.100.9',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 120)).toEqual(Array(120).fill(404));
    expect(statuses.slice(120)).toEqual(Array(5).fill(429));
    const other = await t.app.inject({
      method: 'GET',
      url: '/ODGAWeb/api/probe',
      remoteAddress: '198.51.100.10',
    });
    expect(other.statusCode).toBe(404);
  });

  it('limits a client that starts a new session for every few requests, by its address', async () => {
    const limited = await createTestApp({ db: t.db, config: { rateLimitPerAddress: 300 } });
    try {
      const flooder = '192.0.2.66';
      const statuses: number[] = [];
      while (statuses.length < 320) {
        const page = await limited.app.inject({ method: 'GET', url: '/groupins/', remoteAddress: flooder });
        statuses.push(page.statusCode);
        const jar = new CookieJar().store(page);
        for (let i = 0; i < 9; i += 1) {
          const response = await limited.app.inject({
            method: 'GET',
            url: '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
            remoteAddress: flooder,
            headers: { cookie: jar.header() },
          });
          statuses.push(response.statusCode);
        }
      }
      expect(statuses.slice(0, 300)).toEqual(Array(300).fill(200));
      expect(statuses.slice(300)).toEqual(Array(20).fill(429));
      const neighbour = await CartVisitor.arrive(limited, '192.0.2.67');
      expect((await neighbour.call('getCart')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  }, 30_000);

  it('does not limit an address on the allow list', async () => {
    const unlimited = await createTestApp({ db: t.db, config: { rateLimitAllowList: ['192.0.2.1'] } });
    try {
      const visitor = await CartVisitor.arrive(unlimited, '192.0.2.1');
      for (let i = 0; i < 35; i += 1) expect((await visitor.call('addCoki')).statusCode).toBe(200);
    } finally {
      await unlimited.close();
    }
  });
});

// Issue 45: staff requests are counted against the staff session, in budgets of their own, so no staff
// work spends what a visitor (or the visitor session of the staff member's own browser) has.
describe('rate limits: a staff session’s own budgets', () => {
  const PASSWORD = 'a long enough passphrase';
  let t: TestApp;
  let people = 0;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  /** A staff member signed in in a browser of their own: its gi_sid and gi_staff cookies. */
  async function signedIn(roles: Parameters<typeof addStaff>[3]) {
    const name = `limits.${++people}`;
    await addStaff(t.db, name, PASSWORD, roles);
    const browser = await CartVisitor.arrive(t);
    expect((await browser.api('staff/login', { name, password: PASSWORD })).json().returnCode).toBe(0);
    return browser;
  }

  it('counts a person’s queue reads apart from the browser’s visitor reads: 240 a minute each', async () => {
    const underwriter = await signedIn(['underwriter']);
    const statuses = [];
    for (let i = 0; i < 245; i += 1) statuses.push((await underwriter.read('staff/applications')).statusCode);
    expect(statuses.slice(0, 240)).toEqual(Array(240).fill(200));
    expect(statuses.slice(240)).toEqual(Array(5).fill(429));
    const refused = await underwriter.read('staff/applications');
    expect(refused.json()).toEqual(TOO_MANY);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // the same browser's visitor reads have spent nothing
    for (let i = 0; i < 240; i += 1)
      expect((await underwriter.read('catalogue/queryCells')).statusCode).toBe(200);
  }, 60_000);

  it('gives the CSV export a budget of its own, 4 a minute, beside the queue reads', async () => {
    const underwriter = await signedIn(['underwriter']);
    const statuses = [];
    for (let i = 0; i < 6; i += 1)
      statuses.push((await underwriter.read('staff/applications/export')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 429, 429]);
    expect((await underwriter.read('staff/applications')).statusCode).toBe(200);
    // another underwriter's exports are theirs
    const colleague = await signedIn(['underwriter']);
    expect((await colleague.read('staff/applications/export')).statusCode).toBe(200);
  }, 30_000);

  it('counts a person’s writes apart from the browser’s visitor writes: 30 a minute each', async () => {
    const service = await signedIn(['service']);
    const notices = { email: '', kinds: [] };
    const statuses = [];
    for (let i = 0; i < 32; i += 1)
      statuses.push((await service.api('staff/me/notifications', notices)).statusCode);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(statuses.slice(30)).toEqual([429, 429]);
    // the sign-in was the browser's one visitor write so far
    for (let i = 0; i < 29; i += 1) expect((await service.call('addCoki')).statusCode).toBe(200);
  }, 30_000);
});
