import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem, NEW_CART } from '../../src/domain/cart-item';
import { changeFeedOf } from '../../src/server/db/change-feed';
import { cellPackage, fixturePackage, insertCartCatalogue, PLAIN } from '../support/cart-catalogue';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

// getCart's cart is kept in memory on the embedded database (db/read-cache.ts). Whoever changes a cart, the
// cart service or an operator's SQL straight in the database, the next getCart answers the cart as it is
// now: the tables' triggers (migration 0014) name the cart that changed.
describe('the cart getCart answers follows the database', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertCartCatalogue(t.db);
  }, 30_000);
  afterAll(() => t.close());

  const basic = () => buildCartItem(fixturePackage('測試基本型'), 'PKG', '');
  const plain = (index: number) => buildCartItem(cellPackage(PLAIN[index]!, 500_000), 'CELL', '');
  const cartOf = async (visitor: CartVisitor) => (await visitor.call('getCart')).json().data;
  const faceAmounts = async (visitor: CartVisitor) =>
    (await cartOf(visitor)).CLASS_LIST.flatMap((c: { PROD_LIST: { FACE_AMT: number }[] }) =>
      c.PROD_LIST.map((p) => p.FACE_AMT),
    );

  async function visitorWithCart(item = basic()) {
    const visitor = await CartVisitor.arrive(t);
    const cartNo = (await visitor.call('insertCart', item)).json().data as string;
    // read once, so that the cart is held in memory before it changes
    expect((await cartOf(visitor)).CLASS_LIST).toHaveLength(1);
    return { visitor, cartNo };
  }

  it('is kept in memory here: the embedded database’s change feed is live', () => {
    expect(changeFeedOf(t.db).live).toBe(true);
  });

  it('answers a second item added through the cart service', async () => {
    const { visitor } = await visitorWithCart(plain(0));
    expect((await visitor.call('insertCart', plain(1))).json().returnCode).toBe(0);
    expect((await cartOf(visitor)).CLASS_LIST).toHaveLength(2);
  });

  it('answers an amount changed straight in the database (an item’s products)', async () => {
    const { visitor, cartNo } = await visitorWithCart();
    const before = await faceAmounts(visitor);
    const items = t.db.selectFrom('cart_items').select('class_id').where('cart_no', '=', cartNo);
    await t.db
      .updateTable('cart_item_products')
      .set({ face_amt: 1 })
      .where('class_id', 'in', items)
      .execute();
    const after = await faceAmounts(visitor);
    expect(after).toHaveLength(before.length);
    expect(after.every((amount: number) => amount === 1)).toBe(true);
  });

  it('answers an item deleted straight in the database, and a cart deleted (the session purge)', async () => {
    const { visitor, cartNo } = await visitorWithCart();
    await t.db.deleteFrom('cart_items').where('cart_no', '=', cartNo).execute();
    expect((await cartOf(visitor)).CLASS_LIST).toEqual([]);
    await t.db.deleteFrom('carts').where('cart_no', '=', cartNo).execute();
    expect(await cartOf(visitor)).toEqual(NEW_CART);
  });

  it('answers a product renamed in the catalogue', async () => {
    const { visitor } = await visitorWithCart();
    const names = async () =>
      (await cartOf(visitor)).CLASS_LIST[0].PROD_LIST.map(
        (p: { PROD_NAME: string }) => p.PROD_NAME,
      ) as string[];
    const [first] = (await cartOf(visitor)).CLASS_LIST[0].PROD_LIST as {
      PROD_ID: string;
      PROD_NAME: string;
    }[];
    await t.db
      .updateTable('products')
      .set({ prod_name: '改名商品' })
      .where('prod_id', '=', first!.PROD_ID)
      .execute();
    try {
      expect(await names()).toContain('改名商品');
    } finally {
      await t.db
        .updateTable('products')
        .set({ prod_name: first!.PROD_NAME })
        .where('prod_id', '=', first!.PROD_ID)
        .execute();
    }
  });

  it('answers from memory until the cart’s next change is announced', async () => {
    const { visitor, cartNo } = await visitorWithCart();
    const held = await cartOf(visitor);
    // a delete the triggers do not announce (its item's products find no item left to name the cart)
    await sql`alter table cart_items disable trigger cart_items_cart_changed`.execute(t.db);
    try {
      await t.db.deleteFrom('cart_items').where('cart_no', '=', cartNo).execute();
    } finally {
      await sql`alter table cart_items enable trigger cart_items_cart_changed`.execute(t.db);
    }
    expect(await cartOf(visitor)).toEqual(held);
    await t.db.updateTable('carts').set({ channel: '1' }).where('cart_no', '=', cartNo).execute();
    expect((await cartOf(visitor)).CLASS_LIST).toEqual([]);
  });
});
