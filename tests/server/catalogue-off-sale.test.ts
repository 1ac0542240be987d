import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem } from '../../src/domain/cart-item';
import { type CatalogueCell, type CataloguePackage, cellPackage } from '../../src/domain/catalogue';
import { RETURN_CODE } from '../../src/domain/envelope';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor, seededCell } from '../support/shopcart';

// A product whose rate bands are gone (staff deleted them in the database) cannot be priced: it is off sale,
// and so is every package holding it, while the rest of the catalogue is offered as before.
describe('a product without rate bands', () => {
  let t: TestApp;
  let visitor: ShopcartVisitor;
  let gadCell: CatalogueCell;
  let gadInBasic: Set<string>;
  beforeAll(async () => {
    t = await createTestApp();
    visitor = await ShopcartVisitor.arrive(t);
    gadCell = await seededCell(visitor, 'GAD');
    // a cart holding 基本型 from before the change
    await visitor.addPackage('BASIC');
    const holding = await t.db
      .selectFrom('package_products')
      .select('pack_id')
      .where('prod_id', '=', 'GAD')
      .execute();
    gadInBasic = new Set(holding.map((row) => row.pack_id));
    expect(gadInBasic.has('BASIC')).toBe(true);
    await t.db.deleteFrom('premium_rates').where('prod_id', '=', 'GAD').execute();
  }, 30_000);
  afterAll(() => t.close());

  const data = async <T>(path: string) => {
    const response = await visitor.read(path);
    expect(response.statusCode, path).toBe(200);
    return response.json().data as T;
  };

  it('is left out of the cells and takes its packages out of the list; the rest is listed', async () => {
    const cells = await data<CatalogueCell[]>('catalogue/queryCells');
    expect(cells.map((cell) => cell.PROD_ID)).not.toContain('GAD');
    expect(cells.map((cell) => cell.PROD_ID)).toContain('GTL');
    const packages = await data<CataloguePackage[]>('catalogue/queryPackages');
    const seeded = await t.db.selectFrom('packages').select('pack_id').orderBy('order_seq').execute();
    expect(packages.map((pack) => pack.PACK_ID)).toEqual(
      seeded.map((row) => row.pack_id).filter((id) => !gadInBasic.has(id)),
    );
    expect(packages.length).toBeGreaterThan(0);
  });

  it('answers its package as not found, and the package page as built', async () => {
    const response = await visitor.read('catalogue/queryPackage?PACK_ID=BASIC');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ returnCode: RETURN_CODE.notFound, msg: '找不到此方案' });
    const page = await t.app.inject({ method: 'GET', url: '/groupins/product/Intropackage?PACK_ID=BASIC' });
    expect(page.statusCode).toBe(200);
  });

  it('refuses it in a quote and in a new cart item with the item check’s reason, not a 500', async () => {
    const item = buildCartItem(cellPackage(gadCell, 100 * 10_000), 'CELL', '');
    const group = { headcount: 10, occupationClass: '1', ageBasis: 'bands', ageBands: { age30: 10 } };
    const quote = await visitor.api('tryout/quote', { item, group });
    expect(quote.statusCode).toBe(200);
    expect(quote.json()).toMatchObject({
      returnCode: RETURN_CODE.refused,
      msg: '查無此保障商品，請重新選擇',
    });
    const insert = await visitor.call('insertCart', item);
    expect(insert.json()).toMatchObject({
      returnCode: RETURN_CODE.refused,
      msg: '查無此保障商品，請重新選擇',
    });
  });

  it('refuses the estimate of a cart that already holds it, and the cart still reads', async () => {
    const estimate = await visitor.shopcart('estimate', {
      headcount: 10,
      occupationClass: '1',
      averageAge: 35,
    });
    expect(estimate.statusCode).toBe(200);
    expect(estimate.json()).toMatchObject({
      returnCode: RETURN_CODE.refused,
      msg: '查無此保障商品，請重新選擇',
      data: 'modalCartItemError',
    });
    const cart = await visitor.call('getCart');
    expect(cart.json().data.CLASS_LIST.map((item: { CLASS_TITLE: string }) => item.CLASS_TITLE)).toEqual([
      '基本型',
    ]);
  });
});
