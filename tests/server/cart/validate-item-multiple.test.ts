import { describe, expect, it } from 'vitest';
import type { InsertCart } from '../../../src/domain/api/cart-service';
import { salaryCellTitle } from '../../../src/domain/catalogue';
import { messages } from '../../../src/domain/messages';
import { checkCartItem, type ItemContext, type ProductFacts } from '../../../src/server/cart/validate-item';

// A salary cell's chosen multiple travels in its title: the item check holds it to the product's choices.
const OCC: ProductFacts = {
  prodId: 'O',
  name: '職災',
  isAcc: 'Y',
  requiresProdId: null,
  basis: 'salary',
  prodCat: 3,
  prodKind: 99,
  minAmount: 0,
  maxAmount: 3_000_000,
  amountStep: 0,
  salaryMultiples: { min: 24, max: 60, step: 3 },
};

const item = (title: string, source: InsertCart['SOURCE_CODE'] = 'CELL'): InsertCart => ({
  SOURCE_CODE: source,
  SHOPCART_CART_NO: '',
  RLAT_CODE: '0',
  CLASS_TITLE: title,
  IS_SLRY_MLTPL: 'Y',
  PROD_LIST: [{ PROD_ID: 'O', ORDER_SEQ: 1, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 1 }],
});

const context = (over: Partial<ItemContext> = {}): ItemContext => ({
  visitorCartNo: '',
  products: new Map([['O', OCC]]),
  packages: [],
  cartProductIds: new Set(),
  ...over,
});

const refusal = messages.cartSalaryMultipleChoice('職災', 24, 60, 3);

describe('checkCartItem: a salary cell’s multiple', () => {
  it.each([24, 45, 60])('accepts × %i, on the steps from 24 to 60', (multiple) => {
    expect(checkCartItem(item(salaryCellTitle('職災', multiple)), context())).toBeNull();
  });

  it.each([21, 25, 47, 63])('refuses × %i', (multiple) => {
    expect(checkCartItem(item(salaryCellTitle('職災', multiple)), context())).toBe(refusal);
  });

  it('accepts a title without a multiple (priced at the product’s default)', () => {
    expect(checkCartItem(item('職災'), context())).toBeNull();
  });

  it('does not check a product without multiples, nor a package line (the package sets it)', () => {
    const loose = { ...OCC, salaryMultiples: null };
    expect(
      checkCartItem(item(salaryCellTitle('職災', 7)), context({ products: new Map([['O', loose]]) })),
    ).toBeNull();
    const pkg = item(salaryCellTitle('職災', 7), 'PKG');
    expect(checkCartItem(pkg, context({ packages: [new Map([['O', 4]])] }))).toBeNull();
  });

  it('checks a REC item naming no package as a cell', () => {
    expect(checkCartItem(item(salaryCellTitle('職災', 7), 'REC'), context())).toBe(refusal);
  });
});
