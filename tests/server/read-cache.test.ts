import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeFeedOf } from '../../src/server/db/change-feed';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

// Settings and the catalogue are kept in memory (db/read-cache.ts); a change made straight in
// the database, as an operator's SQL would, must be answered at once: the table's trigger announces it.
describe('cached reads follow the database', () => {
  let t: TestApp;
  let visitor: CartVisitor;
  beforeAll(async () => {
    t = await createTestApp();
    visitor = await CartVisitor.arrive(t);
  }, 30_000);
  afterAll(() => t.close());

  const cellName = async (prodId: string) => {
    const cells = (await visitor.read('catalogue/queryCells')).json().data as {
      PROD_ID: string;
      PROD_NAME: string;
    }[];
    return cells.find((cell) => cell.PROD_ID === prodId)?.PROD_NAME;
  };
  const packageName = async (packId: string) =>
    (await visitor.read(`catalogue/queryPackage?PACK_ID=${packId}`)).json().data.PACK_NAME;

  it('is live on the embedded database', () => {
    expect(changeFeedOf(t.db).live).toBe(true);
  });

  it('answers a renamed product and package on the next call, and the old names after', async () => {
    const [product, pack] = [await cellName('GTL'), await packageName('BASIC')];
    expect([product, pack]).not.toContain(undefined);
    await t.db.updateTable('products').set({ prod_name: '改名商品' }).where('prod_id', '=', 'GTL').execute();
    await t.db
      .updateTable('packages')
      .set({ pack_name: '改名方案' })
      .where('pack_id', '=', 'BASIC')
      .execute();
    try {
      expect(await cellName('GTL')).toBe('改名商品');
      expect(await packageName('BASIC')).toBe('改名方案');
    } finally {
      await t.db.updateTable('products').set({ prod_name: product! }).where('prod_id', '=', 'GTL').execute();
      await t.db.updateTable('packages').set({ pack_name: pack! }).where('pack_id', '=', 'BASIC').execute();
    }
    expect([await cellName('GTL'), await packageName('BASIC')]).toEqual([product, pack]);
  });

  it('answers a rate change in the from-price of a package', async () => {
    const fromPrice = async () =>
      (await visitor.read('catalogue/queryPackage?PACK_ID=BASIC')).json().data
        .FROM_MONTHLY_PER_PERSON as number;
    const before = await fromPrice();
    await t.db.updateTable('premium_rates').set({ rate: sql`rate * 2` }).execute();
    try {
      expect(await fromPrice()).toBeGreaterThan(before);
    } finally {
      await t.db.updateTable('premium_rates').set({ rate: sql`rate / 2` }).execute();
    }
    expect(await fromPrice()).toBe(before);
  });
});
