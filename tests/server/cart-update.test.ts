import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem, type CartClass } from '../../src/domain/cart-item';
import { cellPackage } from '../../src/domain/catalogue';
import { messages } from '../../src/domain/messages';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor, seededCell } from '../support/shopcart';

const ITEM_ERROR = 'modalCartItemError';

describe('DTODGAZ0/updateCartItem', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());

  const cartOf = async (visitor: CartVisitor): Promise<CartClass[]> =>
    (await visitor.call('getCart')).json().data.CLASS_LIST;

  /** A visitor with the given cell in its cart; the item's CLASS_ID. */
  async function withCell(prodId: string, choice: number) {
    const visitor = await ShopcartVisitor.arrive(t);
    await visitor.addCell(prodId, choice);
    const [item] = await cartOf(visitor);
    return { visitor, classId: item!.CLASS_ID, cell: await seededCell(visitor, prodId) };
  }

  /** The body STEP1's amount chooser sends: the cell at its new amount (or multiple), and the item's id. */
  const update = (
    cell: Awaited<ReturnType<typeof seededCell>>,
    choice: number,
    classId: number,
    cartNo = '',
  ) => ({
    ...buildCartItem(cellPackage(cell, choice), 'CELL', cartNo),
    CLASS_ID: classId,
  });

  it('changes the amount of a cell already in the cart (its own product is no duplicate)', async () => {
    const { visitor, classId, cell } = await withCell('GTL', 1_000_000);
    const response = await visitor.call(
      'updateCartItem',
      update(cell, 2_000_000, classId, visitor.cookieCartNo),
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ returnCode: 0, data: visitor.cookieCartNo, msg: '' });
    const [item] = await cartOf(visitor);
    expect(item).toMatchObject({ CLASS_ID: classId, CLASS_TITLE: '團體一年定期壽險', IS_SLRY_MLTPL: 'N' });
    expect(item!.PROD_LIST).toEqual([
      expect.objectContaining({ PROD_ID: 'GTL', FACE_AMT: 2_000_000, JOIN_AGE_MIN: 15, JOIN_AGE_MAX: 65 }),
    ]);
  });

  it('changes a salary cell’s multiple, and its title with it', async () => {
    const { visitor, classId, cell } = await withCell('GOI', 45);
    const response = await visitor.call('updateCartItem', update(cell, 60, classId));
    expect(response.json().returnCode).toBe(0);
    const [item] = await cartOf(visitor);
    expect(item).toMatchObject({
      CLASS_ID: classId,
      CLASS_TITLE: '團體職業災害補償保險（月投保薪資 × 60）',
      IS_SLRY_MLTPL: 'Y',
      PROD_LIST: [expect.objectContaining({ PROD_ID: 'GOI', FACE_AMT: 1 })],
    });
  });

  it.each<[string, string, number, number, string]>([
    [
      'an amount off the steps',
      'GTL',
      1_000_000,
      1_050_000,
      messages.cartAmountStep('團體一年定期壽險', 100_000),
    ],
    [
      'an amount over the maximum',
      'GTL',
      1_000_000,
      5_100_000,
      messages.cartAmountRange('團體一年定期壽險', 300_000, 5_000_000),
    ],
    [
      'a multiple off the steps',
      'GOI',
      45,
      47,
      messages.cartSalaryMultipleChoice('團體職業災害補償保險', 24, 60, 3),
    ],
    [
      'a multiple over the maximum',
      'GOI',
      45,
      63,
      messages.cartSalaryMultipleChoice('團體職業災害補償保險', 24, 60, 3),
    ],
  ])('refuses %s and keeps the item as it was', async (_, prodId, amount, next, msg) => {
    const { visitor, classId, cell } = await withCell(prodId, amount);
    const before = await cartOf(visitor);
    const response = await visitor.call('updateCartItem', update(cell, next, classId));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ returnCode: 1, data: ITEM_ERROR, msg });
    expect(await cartOf(visitor)).toEqual(before);
  });

  it('refuses an unknown CLASS_ID', async () => {
    const { visitor, classId, cell } = await withCell('GTL', 1_000_000);
    const response = await visitor.call('updateCartItem', update(cell, 2_000_000, classId + 100_000));
    expect(response.json()).toEqual({ returnCode: 1, data: ITEM_ERROR, msg: messages.cartItemNotFound() });
  });

  it('refuses someone else’s item, which stays as it was', async () => {
    const owner = await withCell('GTL', 1_000_000);
    const other = await ShopcartVisitor.arrive(t);
    await other.addCell('GAD', 1_000_000);
    const response = await other.call('updateCartItem', update(owner.cell, 2_000_000, owner.classId));
    expect(response.json()).toEqual({ returnCode: 1, data: ITEM_ERROR, msg: messages.cartItemNotFound() });
    // without any cart at all
    const stranger = await CartVisitor.arrive(t);
    const none = await stranger.call('updateCartItem', update(owner.cell, 2_000_000, owner.classId));
    expect(none.json()).toEqual({ returnCode: 1, data: ITEM_ERROR, msg: messages.cartItemNotFound() });
    expect((await cartOf(owner.visitor))[0]!.PROD_LIST[0]!.FACE_AMT).toBe(1_000_000);
  });

  it('refuses other products than the item’s: it changes an amount, it does not swap coverage', async () => {
    const { visitor, classId } = await withCell('GTL', 1_000_000);
    const gad = await seededCell(visitor, 'GAD');
    const response = await visitor.call('updateCartItem', update(gad, 1_000_000, classId));
    expect(response.json()).toEqual({
      returnCode: 1,
      data: ITEM_ERROR,
      msg: messages.cartPackageMismatch('團體傷害保險'),
    });
  });

  it('refuses another cart’s number in SHOPCART_CART_NO', async () => {
    const { visitor, classId, cell } = await withCell('GTL', 1_000_000);
    const response = await visitor.call(
      'updateCartItem',
      update(cell, 2_000_000, classId, 'CAAAAAAAAAAAAAAAAAAAA'),
    );
    expect(response.json()).toEqual({ returnCode: 1, data: ITEM_ERROR, msg: messages.cartNotYours() });
  });

  it.each<[string, Record<string, unknown>, string]>([
    ['without CLASS_ID', { CLASS_ID: undefined }, '項目編號不可為空白'],
    ['with CLASS_ID 0', { CLASS_ID: 0 }, '項目編號須介於1至2147483647之間'],
    ['without lines', { PROD_LIST: [] }, '保障項目不可為空白'],
  ])('answers 400 %s', async (_, over, msg) => {
    const { visitor, classId, cell } = await withCell('GTL', 1_000_000);
    const body: Record<string, unknown> = { ...update(cell, 2_000_000, classId), ...over };
    for (const key of Object.keys(over)) if (over[key] === undefined) delete body[key];
    const response = await visitor.call('updateCartItem', body);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg });
  });

  it('insertCart refuses a salary cell whose multiple is off the product’s steps too', async () => {
    const visitor = await ShopcartVisitor.arrive(t);
    const goi = await seededCell(visitor, 'GOI');
    const response = await visitor.call('insertCart', buildCartItem(cellPackage(goi, 50), 'CELL', ''));
    expect(response.json()).toEqual({
      returnCode: 1,
      data: ITEM_ERROR,
      msg: '團體職業災害補償保險的月投保薪資倍數須介於24至60倍之間，並以3倍為單位',
    });
  });
});
