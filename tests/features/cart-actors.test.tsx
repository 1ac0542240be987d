import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { SAMPLE_PACKAGE } from '../../machine-paths/cart/samples';
import { NEW_CART } from '../../src/domain/cart-item';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings';
import { liveCartMachine } from '../../src/features/cart/cart-actors';
import { pushAddToCart } from '../../src/lib/add-to-cart-event';
import { envelope, postedBodies } from '../support/render-app';

type Handler = (verb: string, body: unknown) => Response;

function fakeServer(handler: Handler) {
  const fetchMock = vi.fn(async (url: string, init: RequestInit) =>
    handler(url.split('/').at(-1) ?? '', init.body ? JSON.parse(String(init.body)) : undefined),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const base: Handler = (verb) =>
  verb === 'getCart'
    ? envelope(NEW_CART)
    : verb === 'getExtraSetup'
      ? envelope({ ...DEFAULT_SITE_SETTINGS, cartMaxItems: 3 })
      : envelope(null);

const startCart = async () => {
  const actor = createActor(liveCartMachine).start();
  await waitFor(actor, (s) => s.value !== 'loading');
  return actor;
};

describe('the cart machine bound to the cart service', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    delete window.dataLayer;
  });

  it('takes the cart and the cart limit from the server', async () => {
    fakeServer(base);
    const actor = await startCart();
    expect(actor.getSnapshot().value).toBe('ready');
    expect(actor.getSnapshot().context).toMatchObject({ cart: NEW_CART, maxItems: 3 });
  });

  it('inserts the cart item of docs/specification.md §3 with the CSRF header, reloads the cart and announces add_to_cart', async () => {
    document.cookie = 'XSRF-TOKEN=t-9; path=/';
    const fetchMock = fakeServer((verb, body) => (verb === 'insertCart' ? envelope('C1') : base(verb, body)));
    const actor = await startCart();
    const announced = vi.fn();
    actor.on('cart.added', announced);
    actor.send({ type: 'cart.add', pkg: SAMPLE_PACKAGE, source: 'PKG' });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(postedBodies(fetchMock, '/DTODGAZ0/insertCart')).toEqual([
      {
        SOURCE_CODE: 'PKG',
        SHOPCART_CART_NO: '',
        RLAT_CODE: '0',
        CLASS_TITLE: '基本型',
        IS_SLRY_MLTPL: 'N',
        PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 }],
      },
    ]);
    const insert = fetchMock.mock.calls.find(([url]) => String(url).endsWith('insertCart'))!;
    expect((insert[1].headers as Record<string, string>)['x-csrf-token']).toBe('t-9');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).endsWith('getCart'))).toHaveLength(2);
    expect(announced).toHaveBeenCalledTimes(1);
  });

  it.each([
    ['modalCartItemError', 'itemError', '此保障已在購物車中'],
    ['modalCartFull', 'cartFull', '購物車最多只能放 5 項保障'],
  ])('answer data %s shows the %s dialog', async (data, state, msg) => {
    fakeServer((verb, body) => (verb === 'insertCart' ? envelope(data, 1, msg) : base(verb, body)));
    const actor = await startCart();
    actor.send({ type: 'cart.add', pkg: SAMPLE_PACKAGE, source: 'PKG' });
    expect((await waitFor(actor, (s) => !s.hasTag('busy'))).value).toBe(state);
  });

  it('keeps the server reason for the item-error dialog', async () => {
    fakeServer((verb, body) =>
      verb === 'insertCart' ? envelope('modalCartItemError', 1, '需搭配團體傷害保險') : base(verb, body),
    );
    const actor = await startCart();
    actor.send({ type: 'cart.add', pkg: SAMPLE_PACKAGE, source: 'CELL' });
    expect((await waitFor(actor, (s) => s.matches('itemError'))).context.refusal).toBe('需搭配團體傷害保險');
  });

  it('removes by CLASS_ID', async () => {
    const withItem = { ...NEW_CART, CLASS_LIST: [{ CLASS_ID: 7, PROD_LIST: [] }] };
    const fetchMock = fakeServer((verb, body) =>
      verb === 'getCart' ? envelope(withItem) : base(verb, body),
    );
    const actor = await startCart();
    actor.send({ type: 'cart.remove', classId: 7 });
    await waitFor(actor, (s) => s.matches('ready'));
    expect(postedBodies(fetchMock, '/DTODGAZ0/deleteCartItem')).toEqual([{ CLASS_ID: 7 }]);
  });
});

describe('add_to_cart for the tag manager', () => {
  it('pushes the GA4 ecommerce shape after clearing the previous one', () => {
    window.dataLayer = [{ event: 'page_view' }];
    pushAddToCart({
      type: 'cart.added',
      pkg: SAMPLE_PACKAGE,
      item: {
        SOURCE_CODE: 'PKG',
        SHOPCART_CART_NO: '',
        RLAT_CODE: '0',
        CLASS_TITLE: '基本型',
        IS_SLRY_MLTPL: 'N',
        PROD_LIST: [
          { PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1 },
          { PROD_ID: 'GAD', ORDER_SEQ: 2, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 1 },
        ],
      },
    });
    expect(window.dataLayer.slice(1)).toEqual([
      { ecommerce: null },
      {
        event: 'add_to_cart',
        ecommerce: {
          items: [
            {
              item_id: 'BASIC',
              item_name: '基本型',
              item_category: '團體保險方案',
              item_variant: 'GTL+GAD',
              quantity: 1,
            },
          ],
        },
      },
    ]);
  });
});
