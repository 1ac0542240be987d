import { CART_DEFAULT_CHANNEL } from './constants';

/** One product line of a package or cell as the catalogue gives it (docs/specification.md §3 "Input package"). */
export interface InputLine {
  PROD_ID: string;
  ORDER_SEQ: number;
  IS_ACC: 'Y' | 'N';
  /** NT$ sum insured (or daily amount); ignored for salary-multiple lines */
  AMOUNT: number;
  SPC_RATE_MARK: number;
  PROD_CAT: number;
  PROD_KIND: number;
}

/** A package, or a single cell presented as a one-line package (docs/specification.md §3). */
export interface InputPackage {
  PACK_ID: string;
  PACK_NAME: string;
  PROD_LIST: InputLine[];
}

/** Where an item was put in the cart from; stored with the item for the insurer's reports. */
export const SOURCE_CODES = { package: 'PKG', cell: 'CELL', recommendation: 'REC' } as const;
export type SourceCode = (typeof SOURCE_CODES)[keyof typeof SOURCE_CODES];

/** A product line as sent on insert (docs/specification.md §3 "Product line"). */
export interface CartProductLine {
  PROD_ID: string;
  ORDER_SEQ: number;
  IS_ACC: 'Y' | 'N';
  FACE_AMT_TYPE: 1;
  FACE_AMT: number;
}

/** The insert payload (docs/specification.md §3 "Cart item sent on insert"). */
export interface CartItemInput {
  SOURCE_CODE: SourceCode;
  SHOPCART_CART_NO: string;
  RLAT_CODE: '0';
  CLASS_TITLE: string;
  IS_SLRY_MLTPL: 'Y' | 'N';
  PROD_LIST: CartProductLine[];
}

/** A stored cart item (a "class") as getCart answers it, with product names for display. */
export interface CartClass {
  CLASS_ID: number;
  SOURCE_CODE: SourceCode;
  CLASS_TITLE: string;
  IS_SLRY_MLTPL: 'Y' | 'N';
  PROD_LIST: Array<CartProductLine & { PROD_NAME: string; JOIN_AGE_MIN: number; JOIN_AGE_MAX: number }>;
}

/** The visitor's cart (docs/specification.md §3). */
export interface Cart {
  CHANNEL: string;
  CART_NO: string;
  COOKIE_CART_NO: string;
  CLASS_LIST: CartClass[];
}

/** An empty cart: what a reset leaves (docs/specification.md §4: channel, number and list empty). */
export const EMPTY_CART: Cart = { CHANNEL: '', CART_NO: '', COOKIE_CART_NO: '', CLASS_LIST: [] };

/** A cart not yet stored on the server: the default channel, no number (docs/specification.md §9). */
export const NEW_CART: Cart = { ...EMPTY_CART, CHANNEL: CART_DEFAULT_CHANNEL };

/** docs/specification.md §9: SPC_RATE_MARK 2, or mark 4 with PROD_CAT 3 and PROD_KIND 99, is a salary-multiple line. */
export function isSalaryMultipleLine(
  line: Pick<InputLine, 'SPC_RATE_MARK' | 'PROD_CAT' | 'PROD_KIND'>,
): boolean {
  return (
    line.SPC_RATE_MARK === 2 || (line.SPC_RATE_MARK === 4 && line.PROD_CAT === 3 && line.PROD_KIND === 99)
  );
}

/**
 * Builds the insert payload from a package or cell (docs/specification.md §3, §9): RLAT_CODE '0', CLASS_TITLE from the
 * package name, FACE_AMT_TYPE 1, FACE_AMT 1 on salary-multiple lines, IS_SLRY_MLTPL 'Y' when any line is.
 */
export function buildCartItem(pkg: InputPackage, source: SourceCode, cartNo: string): CartItemInput {
  const lines = [...pkg.PROD_LIST].sort((a, b) => a.ORDER_SEQ - b.ORDER_SEQ);
  return {
    SOURCE_CODE: source,
    SHOPCART_CART_NO: cartNo,
    RLAT_CODE: '0',
    CLASS_TITLE: pkg.PACK_NAME,
    IS_SLRY_MLTPL: lines.some(isSalaryMultipleLine) ? 'Y' : 'N',
    PROD_LIST: lines.map((line) => ({
      PROD_ID: line.PROD_ID,
      ORDER_SEQ: line.ORDER_SEQ,
      IS_ACC: line.IS_ACC,
      FACE_AMT_TYPE: 1,
      FACE_AMT: isSalaryMultipleLine(line) ? 1 : line.AMOUNT,
    })),
  };
}
