import type { Cart, CartClass, InputPackage } from '../../src/domain/cart-item';
import type { CatalogueCell } from '../../src/domain/catalogue';

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
      JOIN_AGE_MIN: 15,
      JOIN_AGE_MAX: 65,
    },
  ],
});

/**
 * The cart limit the samples' site settings give: lower than docs/specification.md §9's 5, as an operator may set it, so a
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

/**
 * The catalogue cells (GET catalogue/queryCells) the sample cart's items were picked from: flat amounts
 * of 5萬 to 50萬 in steps of 5萬, so the shopcart's STEP1 offers each item's amount chooser.
 */
export const SAMPLE_CELLS: CatalogueCell[] = [1, 2, 3].map((id) => ({
  PROD_ID: `P${id}`,
  PROD_NAME: `保障 ${id}`,
  DESCRIPTION: '測試用單項保障',
  ORDER_SEQ: id,
  IS_ACC: 'N',
  PROD_CAT: 1,
  PROD_KIND: 1,
  BASIS: 'flat',
  MIN_AMOUNT: 50_000,
  MAX_AMOUNT: 500_000,
  AMOUNT_STEP: 50_000,
  SALARY_MULTIPLE_MIN: null,
  SALARY_MULTIPLE_MAX: null,
  SALARY_MULTIPLE_STEP: null,
  DEFAULT_SALARY_MULTIPLE: null,
  AMOUNT_CAP: null,
  IS_RIDER: false,
  REQUIRES_PROD_ID: null,
  REQUIRES_PROD_NAME: null,
  JOIN_AGE_MIN: 15,
  JOIN_AGE_MAX: 65,
  RENEW_AGE_MAX: 70,
  WAITING_DAYS: 0,
}));

/** Item 1 of the full cart at another amount (25萬 instead of 10萬), as its cell's chooser gives it. */
export const SAMPLE_NEW_AMOUNT: InputPackage = {
  PACK_ID: 'P1',
  PACK_NAME: '保障 1',
  PROD_LIST: [
    {
      PROD_ID: 'P1',
      ORDER_SEQ: 1,
      IS_ACC: 'N',
      AMOUNT: 250_000,
      SPC_RATE_MARK: 1,
      PROD_CAT: 1,
      PROD_KIND: 1,
    },
  ],
};
