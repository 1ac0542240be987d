import { expect, it } from 'vitest';
import { buildCartItem } from '../../src/domain/cart-item';
import { cellPackage, insertAllAtOnce, insertCartCatalogue, PLAIN } from '../support/cart-catalogue';
import { CartVisitor } from '../support/cart-visitor';
import { usePostgresApp } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';

// On PGlite, one connection runs one transaction at a time; here the pool runs 10 side by side, so only
// the cart row lock keeps racing inserts from all counting the same items.
describeWithPostgres('cart service on a real PostgreSQL', () => {
  const pg = usePostgresApp({ prepare: insertCartCatalogue });

  it.each([1, 2, 3])('keeps exactly 5 of 20 concurrent inserts into one cart (round %i)', async () => {
    const { cartNo, bodies } = await insertAllAtOnce(await CartVisitor.arrive(pg.t));
    expect(bodies.filter((body) => body.returnCode === 0)).toHaveLength(5);
    expect(bodies.filter((body) => body.data === 'modalCartFull')).toHaveLength(15);
    const stored = await pg.db
      .selectFrom('cart_items')
      .select('class_id')
      .where('cart_no', '=', cartNo)
      .execute();
    expect(stored).toHaveLength(5);
  });

  it.each([1, 2, 3, 4, 5])(
    'puts two first inserts at the same instant, without a cart cookie, in one cart (round %i)',
    async () => {
      const visitor = await CartVisitor.arrive(pg.t);
      const items = [0, 1].map((i) => buildCartItem(cellPackage(PLAIN[i]!, 500_000), 'CELL', ''));
      const answers = await Promise.all(items.map((item) => visitor.call('insertCart', item)));
      const [first, second] = answers.map((answer) => answer.json());
      expect([first.returnCode, second.returnCode]).toEqual([0, 0]);
      expect(second.data).toBe(first.data);
      const stored = await pg.db
        .selectFrom('cart_items')
        .select('class_id')
        .where('cart_no', '=', first.data)
        .execute();
      expect(stored).toHaveLength(2);
    },
  );

  it('stores one of 10 concurrent inserts of the same product', async () => {
    const visitor = await CartVisitor.arrive(pg.t);
    const cartNo = (await visitor.call('addCoki')).json().data.COOKIE_CART_NO;
    const item = buildCartItem(cellPackage(PLAIN[0]!, 500_000), 'CELL', cartNo);
    const answers = await Promise.all(Array.from({ length: 10 }, () => visitor.call('insertCart', item)));
    const bodies = answers.map((answer) => answer.json());
    expect(bodies.filter((body) => body.returnCode === 0)).toHaveLength(1);
    expect(bodies.filter((body) => body.data === 'modalCartItemError')).toHaveLength(9);
  });

  it('answers the cart and the session by the database clock', async () => {
    const visitor = await CartVisitor.arrive(pg.t);
    const cartNo = (
      await visitor.call('insertCart', buildCartItem(cellPackage(PLAIN[1]!, 500_000), 'CELL', ''))
    ).json().data;
    const cart = (await visitor.call('getCart')).json().data;
    expect(cart).toMatchObject({ CART_NO: cartNo, COOKIE_CART_NO: cartNo });
    expect(cart.CLASS_LIST[0].PROD_LIST[0]).toMatchObject({ PROD_ID: 'TP02', PROD_NAME: '測試保障2' });
    await visitor.call('addSession');
    expect((await visitor.call('getSession')).json().data.active).toBe(true);
    await visitor.call('addDetailTrace', {
      client_device: 'Mobile',
      curr_page: '',
      next_page: 'ODGAF000',
      utm_source: 'fb',
      query: { utm_source: 'fb' },
    });
    const trace = await pg.db
      .selectFrom('campaign_traces')
      .select(['utm_source', 'query'])
      .where('session_id', '=', visitor.sessionId)
      .executeTakeFirstOrThrow();
    expect(trace).toEqual({ utm_source: 'fb', query: { utm_source: 'fb' } });
  });
});
