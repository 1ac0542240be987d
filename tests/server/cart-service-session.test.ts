import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem } from '../../src/domain/cart-item';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings';
import { seed } from '../../src/server/db/seed';
import { cellPackage, insertCartCatalogue, PLAIN } from '../support/cart-catalogue';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

describe('cart service: activity session, settings and traces (DTODGAZ0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertCartCatalogue(t.db);
  });
  afterAll(() => t.close());

  /** moves the visitor's session start back by `seconds` on the database clock */
  const startedSecondsAgo = (visitor: CartVisitor, seconds: number) =>
    t.db
      .updateTable('sessions')
      .set({ activity_started_at: sql`now() - make_interval(secs => ${seconds})` })
      .where('id', '=', visitor.sessionId)
      .execute();

  describe('activity session', () => {
    it('is inactive until started, with the remind and end seconds of docs/specification.md §9', async () => {
      const visitor = await CartVisitor.arrive(t);
      const { data } = (await visitor.call('getSession')).json();
      expect(data).toEqual({
        startedAt: null,
        now: expect.any(String),
        remindSeconds: 1440,
        endSeconds: 1740,
        active: false,
      });
    });

    it('starts on addSession by the database clock and stays active until endSeconds', async () => {
      const visitor = await CartVisitor.arrive(t);
      const started = (await visitor.call('addSession')).json();
      expect(started.returnCode).toBe(0);
      expect(started.data).toEqual({
        startedAt: expect.any(String),
        now: expect.any(String),
        remindSeconds: 1440,
        endSeconds: 1740,
      });
      expect(Date.parse(started.data.startedAt)).toBeLessThanOrEqual(Date.parse(started.data.now));
      const row = await t.db
        .selectFrom('sessions')
        .select('activity_started_at')
        .where('id', '=', visitor.sessionId)
        .executeTakeFirstOrThrow();
      expect(row.activity_started_at?.toISOString()).toBe(started.data.startedAt);

      const state = (await visitor.call('getSession')).json().data;
      expect(state).toMatchObject({ startedAt: started.data.startedAt, active: true });

      await startedSecondsAgo(visitor, 1739);
      expect((await visitor.call('getSession')).json().data.active).toBe(true);
      await startedSecondsAgo(visitor, 1741);
      const ended = (await visitor.call('getSession')).json().data;
      expect(ended.active).toBe(false);
      expect((Date.parse(ended.now) - Date.parse(ended.startedAt)) / 1000).toBeGreaterThanOrEqual(1741);
    });

    it('restarts on addSession after the end', async () => {
      const visitor = await CartVisitor.arrive(t);
      await visitor.call('addSession');
      await startedSecondsAgo(visitor, 5000);
      expect((await visitor.call('getSession')).json().data.active).toBe(false);
      const restarted = (await visitor.call('addSession')).json().data;
      const state = (await visitor.call('getSession')).json().data;
      expect(state).toMatchObject({ startedAt: restarted.startedAt, active: true });
    });

    it('ends on cleanSession and leaves the cart alone', async () => {
      const visitor = await CartVisitor.arrive(t);
      await visitor.call('addSession');
      const cartNo = (
        await visitor.call('insertCart', buildCartItem(cellPackage(PLAIN[0]!, 500_000), 'CELL', ''))
      ).json().data;

      expect((await visitor.call('cleanSession')).json()).toEqual({ returnCode: 0, data: null, msg: '' });
      expect((await visitor.call('getSession')).json().data.active).toBe(false);
      const cart = (await visitor.call('getCart')).json().data;
      expect(cart.CART_NO).toBe(cartNo);
      expect(cart.CLASS_LIST).toHaveLength(1);

      await visitor.call('addSession');
      expect((await visitor.call('getSession')).json().data.active).toBe(true);
    });
  });

  describe('getExtraSetup', () => {
    const setSetting = (key: string, value: unknown) =>
      t.db
        .updateTable('site_settings')
        .set({ value: JSON.stringify(value) })
        .where('key', '=', key)
        .execute();

    it('serves the seeded settings: docs/specification.md §9 constants and the documented salary limits', async () => {
      const visitor = await CartVisitor.arrive(t);
      expect((await visitor.call('getExtraSetup')).json()).toEqual({
        returnCode: 0,
        data: {
          cartMaxItems: 5,
          sessionRemindSeconds: 1440,
          sessionEndSeconds: 1740,
          insuranceDateWindow: { minDays: 14, maxDays: 60 },
          salaryLimits: { maxMonthlySalaryWan: 20, averageMonthlySalary: 200_000, laborSalarySum: 2_244_200 },
          announcement: null,
        },
        msg: '',
      });
    });

    it('follows edited settings, which the seed keeps; a malformed value falls back to its default', async () => {
      await setSetting('cartMaxItems', 2);
      await setSetting('announcement', '系統將於今晚 23:00 維護');
      await setSetting('sessionEndSeconds', 'soon');
      try {
        await seed(t.db);
        const visitor = await CartVisitor.arrive(t);
        const setup = (await visitor.call('getExtraSetup')).json().data;
        expect(setup).toMatchObject({
          cartMaxItems: 2,
          announcement: '系統將於今晚 23:00 維護',
          sessionEndSeconds: 1740,
        });

        for (const product of PLAIN.slice(0, 2)) {
          await visitor.call('insertCart', buildCartItem(cellPackage(product, 500_000), 'CELL', ''));
        }
        const third = await visitor.call(
          'insertCart',
          buildCartItem(cellPackage(PLAIN[2]!, 500_000), 'CELL', ''),
        );
        expect(third.json()).toEqual({
          returnCode: 1,
          data: 'modalCartFull',
          msg: '購物車最多只能放 2 項保障，請先移除不需要的項目',
        });
      } finally {
        await setSetting('cartMaxItems', DEFAULT_SITE_SETTINGS.cartMaxItems);
        await setSetting('announcement', null);
        await setSetting('sessionEndSeconds', DEFAULT_SITE_SETTINGS.sessionEndSeconds);
      }
    });

    it('serves the defaults when the settings rows are missing', async () => {
      const saved = await t.db.selectFrom('site_settings').selectAll().execute();
      await t.db.deleteFrom('site_settings').execute();
      try {
        const visitor = await CartVisitor.arrive(t);
        expect((await visitor.call('getExtraSetup')).json().data).toEqual(DEFAULT_SITE_SETTINGS);
      } finally {
        await seed(t.db);
        expect(await t.db.selectFrom('site_settings').select('key').execute()).toHaveLength(saved.length);
      }
    });
  });

  describe('traces', () => {
    it('stores a page view with the session; the first view has no current page', async () => {
      const visitor = await CartVisitor.arrive(t);
      const first = await visitor.call('addTrace', {
        client_device: 'Mobile',
        curr_page: '',
        next_page: 'ODGAF000',
      });
      expect(first.json()).toEqual({ returnCode: 0, data: null, msg: '' });
      await visitor.call('addTrace', {
        client_device: 'Mobile',
        curr_page: 'ODGAF000',
        next_page: 'ODGAF010',
      });
      const rows = await t.db
        .selectFrom('page_traces')
        .select(['client_device', 'curr_page', 'next_page', 'created_at'])
        .where('session_id', '=', visitor.sessionId)
        .orderBy('id')
        .execute();
      expect(rows).toEqual([
        { client_device: 'Mobile', curr_page: '', next_page: 'ODGAF000', created_at: expect.any(Date) },
        {
          client_device: 'Mobile',
          curr_page: 'ODGAF000',
          next_page: 'ODGAF010',
          created_at: expect.any(Date),
        },
      ]);
    });

    it('stores a campaign view with its utm values and query', async () => {
      const visitor = await CartVisitor.arrive(t);
      const query = { utm_source: 'line', utm_campaign: '春季方案', ref: 'banner' };
      const response = await visitor.call('addDetailTrace', {
        client_device: 'Desktop',
        curr_page: '',
        next_page: 'ODGAF010',
        utm_source: 'line',
        utm_campaign: '春季方案',
        query,
      });
      expect(response.json()).toEqual({ returnCode: 0, data: null, msg: '' });
      const row = await t.db
        .selectFrom('campaign_traces')
        .selectAll()
        .where('session_id', '=', visitor.sessionId)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        client_device: 'Desktop',
        curr_page: '',
        next_page: 'ODGAF010',
        utm_source: 'line',
        utm_medium: null,
        utm_campaign: '春季方案',
        utm_term: null,
        utm_content: null,
        query,
      });
    });

    const page = { client_device: 'Desktop', curr_page: 'ODGAF000', next_page: 'ODGAF010' };
    const manyKeys = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']));
    it.each<[string, string, unknown, string]>([
      ['an unknown device', 'addTrace', { ...page, client_device: 'Tablet' }, '請選擇裝置類型'],
      ['a next page that is no screen', 'addTrace', { ...page, next_page: '/admin' }, '請選擇前往頁面'],
      ['no next page', 'addTrace', { ...page, next_page: '' }, '請選擇前往頁面'],
      ['a current page that is no screen', 'addTrace', { ...page, curr_page: 'home' }, '請選擇目前頁面'],
      ['a campaign view without a query', 'addDetailTrace', page, '查詢參數不可為空白'],
      ['a query of 21 keys', 'addDetailTrace', { ...page, query: manyKeys }, '查詢參數最多20項'],
      [
        'a query value of 201 characters',
        'addDetailTrace',
        { ...page, query: { q: 'x'.repeat(201) } },
        '查詢參數長度限制為200',
      ],
      [
        'a query key of 51 characters',
        'addDetailTrace',
        { ...page, query: { ['k'.repeat(51)]: 'v' } },
        '查詢參數長度限制為200',
      ],
      ['a query value that is not text', 'addDetailTrace', { ...page, query: { q: 1 } }, '查詢參數格式錯誤'],
      [
        'a utm value of 201 characters',
        'addDetailTrace',
        { ...page, query: {}, utm_term: 'x'.repeat(201) },
        'utm_term長度限制為200',
      ],
    ])('refuses %s with 400', async (_name, verb, body, msg) => {
      const visitor = await CartVisitor.arrive(t);
      const response = await visitor.call(verb, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ returnCode: 400, data: null, msg });
      const stored = await t.db
        .selectFrom(verb === 'addTrace' ? 'page_traces' : 'campaign_traces')
        .select('id')
        .where('session_id', '=', visitor.sessionId)
        .execute();
      expect(stored).toEqual([]);
    });
  });
});
