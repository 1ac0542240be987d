import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCartItem, type CartItemInput, type InputPackage, NEW_CART } from '../../src/domain/cart-item';
import { messages } from '../../src/domain/messages';
import {
  ACCIDENT,
  ACCIDENT_MEDICAL,
  cellPackage,
  fixturePackage,
  insertAllAtOnce,
  insertCartCatalogue,
  PLAIN,
} from '../support/cart-catalogue';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

const CART_NO = /^C[A-Z2-7]{20}$/;
const FORBIDDEN = { returnCode: 403, data: null, msg: '安全驗證失敗，請重新整理頁面後再試' };

const basic = (cartNo = '') => buildCartItem(fixturePackage('測試基本型'), 'PKG', cartNo);
const salary = (cartNo = '') => buildCartItem(fixturePackage('測試薪資型'), 'PKG', cartNo);
const plain = (index: number) => buildCartItem(cellPackage(PLAIN[index]!, 500_000), 'CELL', '');

function setCookie(response: LightMyRequestResponse, name: string): string {
  const headers = response.headers['set-cookie'];
  const all = Array.isArray(headers) ? headers : headers ? [String(headers)] : [];
  return all.find((header) => header.startsWith(`${name}=`)) ?? '';
}

describe('cart service: the cart (DTODGAZ0)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await insertCartCatalogue(t.db);
  });
  afterAll(() => t.close());

  const itemCount = async (cartNo: string) =>
    Number(
      (
        await t.db
          .selectFrom('cart_items')
          .select((eb) => eb.fn.countAll().as('n'))
          .where('cart_no', '=', cartNo)
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('answers NEW_CART and a zero badge to a visitor without a cart, and sets no cart cookie', async () => {
    const visitor = await CartVisitor.arrive(t);
    const cart = await visitor.call('getCart');
    expect(cart.json()).toEqual({ returnCode: 0, data: NEW_CART, msg: '' });
    expect(setCookie(cart, 'gi_cart')).toBe('');
    const badge = await visitor.call('getOnlyCartData', {});
    expect(badge.json().data).toEqual({ CHANNEL: '1', CART_NO: '', COOKIE_CART_NO: '', ITEM_COUNT: 0 });
  });

  it('creates the cart on the first insert and binds it to a signed, HttpOnly, 30-day gi_cart cookie', async () => {
    const visitor = await CartVisitor.arrive(t);
    const response = await visitor.call('insertCart', basic());
    expect(response.statusCode).toBe(200);
    const { returnCode, data } = response.json();
    expect(returnCode).toBe(0);
    expect(data).toMatch(CART_NO);

    const cookie = setCookie(response, 'gi_cart');
    expect(cookie).toMatch(new RegExp(`^gi_cart=${data}\\.[^;]+;`));
    expect(cookie).toContain('Max-Age=2592000');
    expect(cookie).toContain('Path=/');
    expect(cookie).toContain('HttpOnly');
    expect(cookie).toContain('SameSite=Lax');
    expect(cookie).not.toContain('Secure');
    expect(visitor.cookieCartNo).toBe(data);

    const again = await visitor.call(
      'insertCart',
      buildCartItem(cellPackage(PLAIN[0]!, 500_000), 'CELL', data),
    );
    expect(again.json()).toEqual({ returnCode: 0, data, msg: '' });
    expect(setCookie(again, 'gi_cart')).toBe('');
  });

  it('marks gi_cart Secure behind a TLS-terminating proxy', async () => {
    const behindProxy = await createTestApp({ db: t.db, config: { trustProxy: true } });
    try {
      const visitor = await CartVisitor.arrive(behindProxy);
      const response = await visitor.call('addCoki', {}, { headers: { 'x-forwarded-proto': 'https' } });
      expect(setCookie(response, 'gi_cart')).toContain('Secure');
    } finally {
      await behindProxy.close();
    }
  });

  it('answers the cart with product names, items in insertion order and lines in ORDER_SEQ order', async () => {
    const visitor = await CartVisitor.arrive(t);
    const cartNo = (await visitor.call('insertCart', salary())).json().data;
    expect((await visitor.call('insertCart', accident(cartNo))).json().returnCode).toBe(0);

    const { data } = (await visitor.call('getCart')).json();
    expect(data).toMatchObject({ CHANNEL: '1', CART_NO: cartNo, COOKIE_CART_NO: cartNo });
    expect(data.CLASS_LIST).toEqual([
      {
        CLASS_ID: expect.any(Number),
        SOURCE_CODE: 'PKG',
        CLASS_TITLE: '測試薪資型',
        IS_SLRY_MLTPL: 'Y',
        PROD_LIST: [
          {
            PROD_ID: 'TLIFE',
            ORDER_SEQ: 1,
            IS_ACC: 'N',
            FACE_AMT_TYPE: 1,
            FACE_AMT: 1,
            PROD_NAME: '測試壽險',
            JOIN_AGE_MIN: 15,
            JOIN_AGE_MAX: 65,
          },
          {
            PROD_ID: 'TOCC',
            ORDER_SEQ: 2,
            IS_ACC: 'Y',
            FACE_AMT_TYPE: 1,
            FACE_AMT: 1,
            PROD_NAME: '測試職災補償',
            JOIN_AGE_MIN: 15,
            JOIN_AGE_MAX: 65,
          },
        ],
      },
      {
        CLASS_ID: expect.any(Number),
        SOURCE_CODE: 'CELL',
        CLASS_TITLE: '測試傷害保險',
        IS_SLRY_MLTPL: 'N',
        PROD_LIST: [
          {
            PROD_ID: 'TACC',
            ORDER_SEQ: 1,
            IS_ACC: 'Y',
            FACE_AMT_TYPE: 1,
            FACE_AMT: 1_000_000,
            PROD_NAME: '測試傷害保險',
            JOIN_AGE_MIN: 15,
            JOIN_AGE_MAX: 65,
          },
        ],
      },
    ]);
    expect(data.CLASS_LIST[1].CLASS_ID).toBeGreaterThan(data.CLASS_LIST[0].CLASS_ID);

    const badge = await visitor.call('getOnlyCartData');
    expect(badge.json().data).toEqual({
      CHANNEL: '1',
      CART_NO: cartNo,
      COOKIE_CART_NO: cartNo,
      ITEM_COUNT: 2,
    });
  });

  it('refuses a sixth item with modalCartFull and keeps five', async () => {
    const visitor = await CartVisitor.arrive(t);
    for (let i = 0; i < 5; i += 1)
      expect((await visitor.call('insertCart', plain(i))).json().returnCode).toBe(0);
    const sixth = await visitor.call('insertCart', plain(5));
    expect(sixth.statusCode).toBe(200);
    expect(sixth.json()).toEqual({
      returnCode: 1,
      data: 'modalCartFull',
      msg: '購物車最多只能放 5 項保障，請先移除不需要的項目',
    });
    expect(await itemCount(visitor.cookieCartNo)).toBe(5);
  });

  it('keeps exactly 5 of 20 concurrent inserts into one cart', async () => {
    const { cartNo, bodies } = await insertAllAtOnce(await CartVisitor.arrive(t));
    expect(bodies.filter((body) => body.returnCode === 0)).toHaveLength(5);
    expect(bodies.filter((body) => body.data === 'modalCartFull')).toHaveLength(15);
    expect(await itemCount(cartNo)).toBe(5);
  });

  it.each([1, 2, 3, 4, 5])(
    'puts two first inserts at the same instant, without a cart cookie, in one cart (round %i)',
    async () => {
      const visitor = await CartVisitor.arrive(t);
      const answers = await Promise.all([
        visitor.call('insertCart', plain(0)),
        visitor.call('insertCart', plain(1)),
      ]);
      const [first, second] = answers.map((answer) => answer.json());
      expect([first.returnCode, second.returnCode]).toEqual([0, 0]);
      expect(second.data).toBe(first.data);
      expect(visitor.cookieCartNo).toBe(first.data);
      expect(await itemCount(first.data)).toBe(2);
    },
  );

  it('gives addCoki and an insert racing from no cart the same cart', async () => {
    const visitor = await CartVisitor.arrive(t);
    const [added, inserted] = await Promise.all([
      visitor.call('addCoki'),
      visitor.call('insertCart', plain(2)),
    ]);
    expect(inserted.json().data).toBe(added.json().data.COOKIE_CART_NO);
  });

  it('starts a new cart on the first insert after clearCoki', async () => {
    const visitor = await CartVisitor.arrive(t);
    const before = (await visitor.call('insertCart', plain(3))).json().data;
    await visitor.call('clearCoki');
    const after = (await visitor.call('insertCart', plain(4))).json().data;
    expect(after).toMatch(CART_NO);
    expect(after).not.toBe(before);
    expect(await itemCount(before)).toBe(1);
    expect(await itemCount(after)).toBe(1);
  });

  describe('refuses an invalid item with modalCartItemError and says why', () => {
    const refusal = (msg: string) => ({ returnCode: 1, data: 'modalCartItemError', msg });
    const withLine = (item: CartItemInput, line: Partial<CartItemInput['PROD_LIST'][number]>) => ({
      ...item,
      PROD_LIST: item.PROD_LIST.map((entry) => ({ ...entry, ...line })),
    });

    it.each<[string, () => CartItemInput, string]>([
      ['an unknown product', () => withLine(accident(), { PROD_ID: 'NOPE' }), messages.cartUnknownProduct()],
      ['RLAT_CODE 1', () => ({ ...accident(), RLAT_CODE: '1' as '0' }), messages.cartRelationCode()],
      [
        'FACE_AMT_TYPE 2',
        () => withLine(accident(), { FACE_AMT_TYPE: 2 as 1 }),
        messages.cartFaceAmountType(),
      ],
      [
        'an amount off the step',
        () => withLine(accident(), { FACE_AMT: 1_200_000 }),
        messages.cartAmountStep('測試傷害保險', 500_000),
      ],
      [
        'an amount over the maximum',
        () => withLine(accident(), { FACE_AMT: 20_000_000 }),
        messages.cartAmountRange('測試傷害保險', 500_000, 10_000_000),
      ],
      [
        'a salary line with an amount',
        () => ({
          ...salary(),
          PROD_LIST: salary().PROD_LIST.map((line) => ({ ...line, FACE_AMT: 2_000_000 })),
        }),
        messages.cartSalaryMultipleAmount('測試壽險'),
      ],
      [
        'IS_SLRY_MLTPL N on a salary package',
        () => ({ ...salary(), IS_SLRY_MLTPL: 'N' as const }),
        messages.cartSalaryMultipleMark(),
      ],
      [
        'a package the catalogue does not have',
        () => ({ ...basic(), CLASS_TITLE: '不存在的方案' }),
        messages.cartPackageMismatch('不存在的方案'),
      ],
      [
        'a rider without its main product',
        () => buildCartItem(cellPackage(ACCIDENT_MEDICAL, 30_000), 'CELL', ''),
        messages.cartRiderNeedsMain('測試傷害醫療', '測試傷害保險'),
      ],
      ['another cart’s number', () => accident('CAAAAAAAAAAAAAAAAAAAA'), messages.cartNotYours()],
    ])('%s', async (_name, item, msg) => {
      const visitor = await CartVisitor.arrive(t);
      const response = await visitor.call('insertCart', item());
      expect(response.json()).toEqual(refusal(msg));
      // refused before a cart was made: no cart cookie
      expect(visitor.cookieCartNo).toBe('');
    });

    it('a product already in the cart', async () => {
      const visitor = await CartVisitor.arrive(t);
      const cartNo = (await visitor.call('insertCart', accident())).json().data;
      const again = await visitor.call('insertCart', basic(cartNo));
      expect(again.json()).toEqual(refusal(messages.cartDuplicate('測試傷害保險')));
      expect(await itemCount(cartNo)).toBe(1);
    });

    it('takes a rider once its main product is in the cart', async () => {
      const visitor = await CartVisitor.arrive(t);
      const cartNo = (await visitor.call('insertCart', accident())).json().data;
      const rider = await visitor.call(
        'insertCart',
        buildCartItem(cellPackage(ACCIDENT_MEDICAL, 30_000), 'CELL', cartNo),
      );
      expect(rider.json()).toEqual({ returnCode: 0, data: cartNo, msg: '' });
    });
  });

  describe('deleteCartItem', () => {
    const classIds = async (visitor: CartVisitor): Promise<number[]> =>
      (await visitor.call('getCart'))
        .json()
        .data.CLASS_LIST.map((item: { CLASS_ID: number }) => item.CLASS_ID);

    it('refuses to remove a main product a rider in another item needs, then removes both in order', async () => {
      const visitor = await CartVisitor.arrive(t);
      const cartNo = (await visitor.call('insertCart', accident())).json().data;
      await visitor.call('insertCart', buildCartItem(cellPackage(ACCIDENT_MEDICAL, 30_000), 'CELL', cartNo));
      const [main, rider] = await classIds(visitor);

      const refused = await visitor.call('deleteCartItem', { CLASS_ID: main });
      expect(refused.json()).toEqual({
        returnCode: 1,
        data: null,
        msg: messages.cartMainHasRider('測試傷害保險', '測試傷害醫療'),
      });
      expect(await classIds(visitor)).toEqual([main, rider]);

      expect((await visitor.call('deleteCartItem', { CLASS_ID: rider })).json()).toEqual({
        returnCode: 0,
        data: null,
        msg: '',
      });
      expect((await visitor.call('deleteCartItem', { CLASS_ID: main })).json().returnCode).toBe(0);
      expect(await classIds(visitor)).toEqual([]);
      // the cart stays, empty
      expect((await visitor.call('getCart')).json().data).toEqual({
        CHANNEL: '1',
        CART_NO: cartNo,
        COOKIE_CART_NO: cartNo,
        CLASS_LIST: [],
      });
    });

    it('removes an item that carries its own rider', async () => {
      const visitor = await CartVisitor.arrive(t);
      await visitor.call('insertCart', basic());
      const [id] = await classIds(visitor);
      expect((await visitor.call('deleteCartItem', { CLASS_ID: id })).json().returnCode).toBe(0);
      expect(
        await t.db.selectFrom('cart_item_products').select('prod_id').where('class_id', '=', id!).execute(),
      ).toEqual([]);
    });

    it('answers 找不到此項目 for an unknown item, another visitor’s item, or no cart', async () => {
      const owner = await CartVisitor.arrive(t);
      await owner.call('insertCart', accident());
      const [id] = await classIds(owner);
      const other = await CartVisitor.arrive(t);
      const notFound = { returnCode: 1, data: null, msg: '找不到此項目' };
      expect((await other.call('deleteCartItem', { CLASS_ID: id })).json()).toEqual(notFound);
      await other.call('addCoki');
      expect((await other.call('deleteCartItem', { CLASS_ID: id })).json()).toEqual(notFound);
      expect((await owner.call('deleteCartItem', { CLASS_ID: 2_000_000_000 })).json()).toEqual(notFound);
      expect(await classIds(owner)).toEqual([id]);
    });
  });

  describe('the cart cookie', () => {
    it('getCoki, addCoki and clearCoki keep the cookie; the cart outlives clearCoki', async () => {
      const visitor = await CartVisitor.arrive(t);
      expect((await visitor.call('getCoki')).json()).toEqual({
        returnCode: 0,
        data: { COOKIE_CART_NO: '' },
        msg: '',
      });

      const added = await visitor.call('addCoki');
      const cartNo = added.json().data.COOKIE_CART_NO;
      expect(cartNo).toMatch(CART_NO);
      expect(setCookie(added, 'gi_cart')).toContain('Max-Age=2592000');
      expect((await visitor.call('addCoki')).json().data.COOKIE_CART_NO).toBe(cartNo);
      expect((await visitor.call('getCoki')).json().data.COOKIE_CART_NO).toBe(cartNo);
      expect((await visitor.call('getCart')).json().data).toEqual({
        CHANNEL: '1',
        CART_NO: cartNo,
        COOKIE_CART_NO: cartNo,
        CLASS_LIST: [],
      });

      const cleared = await visitor.call('clearCoki');
      expect(cleared.json()).toEqual({ returnCode: 0, data: null, msg: '' });
      expect(setCookie(cleared, 'gi_cart')).toMatch(/^gi_cart=;.*Max-Age=0/);
      expect((await visitor.call('getCoki')).json().data.COOKIE_CART_NO).toBe('');
      expect((await visitor.call('getCart')).json().data).toEqual(NEW_CART);
      expect(
        await t.db.selectFrom('carts').select('cart_no').where('cart_no', '=', cartNo).execute(),
      ).toHaveLength(1);
    });

    it('treats a cookie whose cart is gone as no cart, clears it, and starts a new cart on insert', async () => {
      const visitor = await CartVisitor.arrive(t);
      const gone = (await visitor.call('addCoki')).json().data.COOKIE_CART_NO;
      await t.db.deleteFrom('carts').where('cart_no', '=', gone).execute();
      const signed = visitor.jar.get('gi_cart') ?? '';

      const cart = await visitor.call('getCart');
      expect(cart.json().data).toEqual(NEW_CART);
      expect(setCookie(cart, 'gi_cart')).toMatch(/Max-Age=0/);

      visitor.jar.set('gi_cart', signed);
      const badge = await visitor.call('getOnlyCartData');
      expect(badge.json().data).toEqual({ CHANNEL: '1', CART_NO: '', COOKIE_CART_NO: '', ITEM_COUNT: 0 });

      visitor.jar.set('gi_cart', signed);
      const inserted = (await visitor.call('insertCart', accident(gone))).json();
      expect(inserted.returnCode).toBe(0);
      expect(inserted.data).not.toBe(gone);
      expect(visitor.cookieCartNo).toBe(inserted.data);
    });

    it('ignores a cart cookie with a forged signature', async () => {
      const owner = await CartVisitor.arrive(t);
      const cartNo = (await owner.call('insertCart', accident())).json().data;
      const thief = await CartVisitor.arrive(t);
      thief.jar.set('gi_cart', `${cartNo}.forged`);
      expect((await thief.call('getCart')).json().data).toEqual(NEW_CART);
      thief.jar.set('gi_cart', cartNo);
      expect((await thief.call('getCoki')).json().data.COOKIE_CART_NO).toBe('');
      expect((await thief.call('insertCart', accident(cartNo))).json().msg).toBe(messages.cartNotYours());
    });
  });

  describe('bad input', () => {
    it.each<[string, string, unknown, string]>([
      [
        'insertCart without PROD_LIST',
        'insertCart',
        { ...basic(), PROD_LIST: undefined },
        '保障項目不可為空白',
      ],
      [
        'insertCart with an empty PROD_LIST',
        'insertCart',
        { ...basic(), PROD_LIST: [] },
        '保障項目不可為空白',
      ],
      [
        'insertCart with 11 lines',
        'insertCart',
        { ...basic(), PROD_LIST: Array(11).fill(basic().PROD_LIST[0]) },
        '保障項目最多10項',
      ],
      [
        'insertCart with an unknown SOURCE_CODE',
        'insertCart',
        { ...basic(), SOURCE_CODE: 'X' },
        '請選擇來源',
      ],
      [
        'insertCart without CLASS_TITLE',
        'insertCart',
        { ...basic(), CLASS_TITLE: ' ' },
        '方案名稱不可為空白',
      ],
      [
        'insertCart with IS_SLRY_MLTPL X',
        'insertCart',
        { ...basic(), IS_SLRY_MLTPL: 'X' },
        '請選擇月薪倍數標記',
      ],
      [
        'insertCart with a text FACE_AMT',
        'insertCart',
        { ...basic(), PROD_LIST: [{ ...basic().PROD_LIST[0], FACE_AMT: 'abc' }] },
        '保額必須為數字',
      ],
      [
        'insertCart with a fractional ORDER_SEQ',
        'insertCart',
        { ...basic(), PROD_LIST: [{ ...basic().PROD_LIST[0], ORDER_SEQ: 1.5 }] },
        '排列順序必須為整數',
      ],
      ['insertCart without a body', 'insertCart', undefined, '保障項目不可為空白'],
      ['deleteCartItem without CLASS_ID', 'deleteCartItem', {}, '項目編號不可為空白'],
      [
        'deleteCartItem with CLASS_ID 0',
        'deleteCartItem',
        { CLASS_ID: 0 },
        '項目編號須介於1至2147483647之間',
      ],
    ])('%s → 400 naming the field', async (_name, verb, body, msg) => {
      const visitor = await CartVisitor.arrive(t);
      const response = await visitor.call(verb, body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ returnCode: 400, data: null, msg });
    });
  });

  it.each([
    'getCart',
    'getOnlyCartData',
    'insertCart',
    'deleteCartItem',
    'getCoki',
    'addCoki',
    'clearCoki',
    'addSession',
    'getSession',
    'cleanSession',
    'getExtraSetup',
    'addTrace',
    'addDetailTrace',
  ])('%s refuses a POST without the CSRF header', async (verb) => {
    const visitor = await CartVisitor.arrive(t);
    const response = await visitor.call(verb, verb === 'insertCart' ? basic() : {}, { csrf: false });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual(FORBIDDEN);
  });

  it('limits a visitor session to 30 writes a minute, its reads counted apart', async () => {
    const visitor = await CartVisitor.arrive(t);
    const statuses = async (verb: string, times: number) => {
      const answers = [];
      for (let i = 0; i < times; i += 1) answers.push((await visitor.call(verb)).statusCode);
      return answers;
    };
    expect(await statuses('getCoki', 31)).toEqual(Array(31).fill(200));
    const writes = await statuses('addCoki', 31);
    expect(writes.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(writes[30]).toBe(429);
  });
});

describe('cart service on the seeded catalogue', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function seededPackages(): Promise<InputPackage[]> {
    const lines = await t.db
      .selectFrom('package_products as pp')
      .innerJoin('packages as pk', 'pk.pack_id', 'pp.pack_id')
      .innerJoin('products as p', 'p.prod_id', 'pp.prod_id')
      .select(['pk.pack_id', 'pk.pack_name', 'pp.prod_id', 'pp.order_seq', 'pp.spc_rate_mark', 'pp.amount'])
      .select(['p.is_acc', 'p.prod_cat', 'p.prod_kind'])
      .orderBy('pk.order_seq')
      .orderBy('pp.order_seq')
      .execute();
    const packages = new Map<string, InputPackage>();
    for (const line of lines) {
      const pkg = packages.get(line.pack_id) ?? {
        PACK_ID: line.pack_id,
        PACK_NAME: line.pack_name,
        PROD_LIST: [],
      };
      pkg.PROD_LIST.push({
        PROD_ID: line.prod_id,
        ORDER_SEQ: line.order_seq,
        IS_ACC: line.is_acc,
        AMOUNT: line.amount ?? 0,
        SPC_RATE_MARK: line.spc_rate_mark,
        PROD_CAT: line.prod_cat,
        PROD_KIND: line.prod_kind,
      });
      packages.set(line.pack_id, pkg);
    }
    return [...packages.values()];
  }

  it('takes every seeded package that holds its riders’ main products, and the others after them', async () => {
    const packages = await seededPackages();
    expect(packages.length).toBeGreaterThan(0);
    const requires = new Map(
      (await t.db.selectFrom('products').select(['prod_id', 'requires_prod_id']).execute()).map((row) => [
        row.prod_id,
        row.requires_prod_id,
      ]),
    );
    for (const pkg of packages) {
      const ids = new Set(pkg.PROD_LIST.map((line) => line.PROD_ID));
      const missing = [...ids]
        .map((id) => requires.get(id))
        .filter((main): main is string => !!main && !ids.has(main));
      const visitor = await CartVisitor.arrive(t);
      const answer = (await visitor.call('insertCart', buildCartItem(pkg, 'PKG', ''))).json();
      if (missing.length === 0) {
        expect(answer, pkg.PACK_NAME).toMatchObject({ returnCode: 0, msg: '' });
        continue;
      }
      expect(answer, pkg.PACK_NAME).toMatchObject({ returnCode: 1, data: 'modalCartItemError' });
      // with a package holding the main products first, it goes in
      const main = packages.find((other) =>
        missing.every((id) => other.PROD_LIST.some((line) => line.PROD_ID === id)),
      )!;
      const pure = { ...main, PROD_LIST: main.PROD_LIST.filter((line) => !ids.has(line.PROD_ID)) };
      const cartNo = (await visitor.call('insertCart', buildCartItem(pure, 'PKG', ''))).json().data;
      expect((await visitor.call('insertCart', buildCartItem(pkg, 'PKG', cartNo))).json()).toEqual({
        returnCode: 0,
        data: cartNo,
        msg: '',
      });
    }
  });
});

function accident(cartNo = ''): CartItemInput {
  return buildCartItem(cellPackage(ACCIDENT, 1_000_000), 'CELL', cartNo);
}
