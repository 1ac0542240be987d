import type { Cart, CartClass, InputPackage } from '../../src/domain/cart-item';

/** A package as the catalogue gives it, for generated paths and the atlas. */
export const SAMPLE_PACKAGE: InputPackage = {
  PACK_ID: 'BASIC',
  PACK_NAME: '基本型',
  PROD_LIST: [
    {
      PROD_ID: 'GTL',
      ORDER_SEQ: 1,
      IS_ACC: 'N',
      AMOUNT: 1_000_000,
      SPC_RATE_MARK: 1,
      PROD_CAT: 1,
      PROD_KIND: 1,
    },
  ],
};

const item = (id: number): CartClass => ({
  CLASS_ID: id,
  SOURCE_CODE: 'CELL',
  CLASS_TITLE: `項目 ${id}`,
  IS_SLRY_MLTPL: 'N',
  PROD_LIST: [
    {
      PROD_ID: `P${id}`,
      PROD_NAME: `保障 ${id}`,
      ORDER_SEQ: 1,
      IS_ACC: 'N',
      FACE_AMT_TYPE: 1,
      FACE_AMT: 100_000,
    },
  ],
});

/**
 * The cart limit the samples' site settings give: lower than SPEC §9's 5, as an operator may set it, so a
 * limit written into the code instead of read from the settings shows in every path that fills the cart.
 */
export const SAMPLE_CART_CAP = 3;

export const SAMPLE_EMPTY_CART: Cart = { CHANNEL: '1', CART_NO: '', COOKIE_CART_NO: '', CLASS_LIST: [] };
export const SAMPLE_FULL_CART: Cart = {
  CHANNEL: '1',
  CART_NO: 'C0000000000000000000A',
  COOKIE_CART_NO: 'C0000000000000000000A',
  CLASS_LIST: [1, 2, 3].map(item),
};
