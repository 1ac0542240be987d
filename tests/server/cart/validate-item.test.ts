import { describe, expect, it } from 'vitest';
import type { InsertCart } from '../../../src/domain/api/cart-service';
import { messages } from '../../../src/domain/messages';
import { checkCartItem, type ItemContext, type ProductFacts } from '../../../src/server/cart/validate-item';

const product = (over: Partial<ProductFacts> & Pick<ProductFacts, 'prodId' | 'name'>): ProductFacts => ({
  isAcc: 'N',
  requiresProdId: null,
  basis: 'flat',
  prodCat: 1,
  prodKind: 1,
  minAmount: 100_000,
  maxAmount: 1_000_000,
  amountStep: 100_000,
  ...over,
});

const LIFE = product({
  prodId: 'L',
  name: '壽險',
  basis: 'flat_or_salary',
  minAmount: 300_000,
  maxAmount: 5_000_000,
});
const ACC = product({
  prodId: 'A',
  name: '傷害',
  isAcc: 'Y',
  prodCat: 2,
  minAmount: 500_000,
  amountStep: 500_000,
  maxAmount: 10_000_000,
});
const MED = product({
  prodId: 'M',
  name: '傷害醫療',
  isAcc: 'Y',
  prodCat: 2,
  prodKind: 2,
  requiresProdId: 'A',
  minAmount: 10_000,
  maxAmount: 100_000,
  amountStep: 10_000,
});
const OCC = product({
  prodId: 'O',
  name: '職災',
  isAcc: 'Y',
  basis: 'salary',
  prodCat: 3,
  prodKind: 99,
  minAmount: 0,
  amountStep: 0,
  maxAmount: 3_000_000,
});
const HOSP = product({
  prodId: 'H',
  name: '住院日額',
  basis: 'daily',
  minAmount: 500,
  maxAmount: 3_000,
  amountStep: 500,
});

const PRODUCTS = new Map([LIFE, ACC, MED, OCC, HOSP].map((p) => [p.prodId, p]));

type Line = InsertCart['PROD_LIST'][number];
const line = (prod: ProductFacts, FACE_AMT: number, over: Partial<Line> = {}): Line => ({
  PROD_ID: prod.prodId,
  ORDER_SEQ: 1,
  IS_ACC: prod.isAcc,
  FACE_AMT_TYPE: 1,
  FACE_AMT,
  ...over,
});

const cell = (l: Line, over: Partial<InsertCart> = {}): InsertCart => ({
  SOURCE_CODE: 'CELL',
  SHOPCART_CART_NO: '',
  RLAT_CODE: '0',
  CLASS_TITLE: '單項',
  IS_SLRY_MLTPL: 'N',
  PROD_LIST: [l],
  ...over,
});

// 薪資型: life at a salary multiple (mark 2) and the occupational line (mark 4, cat 3, kind 99).
const SALARY_PACKAGE = new Map([
  ['L', 2],
  ['O', 4],
]);
// 基本型: flat lines.
const FLAT_PACKAGE = new Map([
  ['L', 1],
  ['A', 1],
  ['M', 1],
]);

const context = (over: Partial<ItemContext> = {}): ItemContext => ({
  visitorCartNo: 'CAAAAAAAAAAAAAAAAAAAA',
  products: PRODUCTS,
  packages: [],
  cartProductIds: new Set(),
  ...over,
});

const salaryPackage = (over: Partial<InsertCart> = {}): InsertCart => ({
  ...cell(line(LIFE, 1)),
  SOURCE_CODE: 'PKG',
  CLASS_TITLE: '薪資型',
  IS_SLRY_MLTPL: 'Y',
  PROD_LIST: [line(LIFE, 1), line(OCC, 1, { ORDER_SEQ: 2 })],
  ...over,
});

describe('checkCartItem: accepted items', () => {
  it.each<[string, InsertCart, Partial<ItemContext>]>([
    ['a flat cell at the minimum', cell(line(LIFE, 300_000)), {}],
    ['a flat cell at the maximum', cell(line(LIFE, 5_000_000)), {}],
    ['a flat cell on a step above the minimum', cell(line(ACC, 1_500_000)), {}],
    ['a daily cell', cell(line(HOSP, 1_000)), {}],
    ['a salary cell with FACE_AMT 1', cell(line(OCC, 1), { IS_SLRY_MLTPL: 'Y' }), {}],
    ['a flat-or-salary cell in salary mode', cell(line(LIFE, 1), { IS_SLRY_MLTPL: 'Y' }), {}],
    [
      'the visitor’s own cart number',
      cell(line(LIFE, 1_000_000), { SHOPCART_CART_NO: 'CAAAAAAAAAAAAAAAAAAAA' }),
      {},
    ],
    [
      'a rider with its main product in the item',
      {
        ...cell(line(ACC, 1_000_000)),
        PROD_LIST: [line(ACC, 1_000_000), line(MED, 30_000, { ORDER_SEQ: 2 })],
      },
      {},
    ],
    [
      'a rider whose main product is in the cart',
      cell(line(MED, 30_000)),
      { cartProductIds: new Set(['A']) },
    ],
    ['a salary package', salaryPackage(), { packages: [SALARY_PACKAGE] }],
    [
      'a package from a recommendation',
      salaryPackage({ SOURCE_CODE: 'REC' }),
      { packages: [SALARY_PACKAGE] },
    ],
    ['part of a package', salaryPackage({ PROD_LIST: [line(OCC, 1)] }), { packages: [SALARY_PACKAGE] }],
    [
      'the matching one of two packages with the same name',
      salaryPackage(),
      { packages: [FLAT_PACKAGE, SALARY_PACKAGE] },
    ],
  ])('%s', (_name, item, over) => {
    expect(checkCartItem(item, context(over))).toBeNull();
  });
});

describe('checkCartItem: refused items and why', () => {
  it.each<[string, InsertCart, Partial<ItemContext>, string]>([
    [
      'another cart’s number',
      cell(line(LIFE, 1_000_000), { SHOPCART_CART_NO: 'CBBBBBBBBBBBBBBBBBBBB' }),
      {},
      messages.cartNotYours(),
    ],
    [
      'a cart number without a cart cookie',
      cell(line(LIFE, 1_000_000), { SHOPCART_CART_NO: 'CAAAAAAAAAAAAAAAAAAAA' }),
      { visitorCartNo: '' },
      messages.cartNotYours(),
    ],
    ['RLAT_CODE not 0', cell(line(LIFE, 1_000_000), { RLAT_CODE: '1' }), {}, messages.cartRelationCode()],
    [
      'an unknown PROD_ID',
      cell(line(product({ prodId: 'X', name: '?' }), 100_000)),
      {},
      messages.cartUnknownProduct(),
    ],
    [
      'FACE_AMT_TYPE not 1',
      cell(line(LIFE, 1_000_000, { FACE_AMT_TYPE: 2 })),
      {},
      messages.cartFaceAmountType(),
    ],
    [
      'IS_ACC not the product’s',
      cell(line(ACC, 1_000_000, { IS_ACC: 'N' })),
      {},
      messages.cartAccidentMark('傷害'),
    ],
    [
      'a product twice in the item',
      { ...cell(line(LIFE, 1_000_000)), PROD_LIST: [line(LIFE, 1_000_000), line(LIFE, 2_000_000)] },
      {},
      messages.cartDuplicateInItem('壽險'),
    ],
    [
      'a flat amount below the minimum',
      cell(line(LIFE, 200_000)),
      {},
      messages.cartAmountRange('壽險', 300_000, 5_000_000),
    ],
    [
      'a flat amount above the maximum',
      cell(line(LIFE, 5_100_000)),
      {},
      messages.cartAmountRange('壽險', 300_000, 5_000_000),
    ],
    ['a flat amount off the step', cell(line(ACC, 1_200_000)), {}, messages.cartAmountStep('傷害', 500_000)],
    ['a daily amount off the step', cell(line(HOSP, 750)), {}, messages.cartAmountStep('住院日額', 500)],
    [
      'a salary cell with an amount',
      cell(line(OCC, 1_000_000), { IS_SLRY_MLTPL: 'Y' }),
      {},
      messages.cartSalaryMultipleAmount('職災'),
    ],
    ['a salary cell marked N', cell(line(OCC, 1)), {}, messages.cartSalaryMultipleMark()],
    [
      'a flat cell marked Y',
      cell(line(LIFE, 1_000_000), { IS_SLRY_MLTPL: 'Y' }),
      {},
      messages.cartSalaryMultipleMark(),
    ],
    [
      'a salary package line with an amount',
      salaryPackage({ PROD_LIST: [line(LIFE, 1_000_000), line(OCC, 1)] }),
      { packages: [SALARY_PACKAGE] },
      messages.cartSalaryMultipleAmount('壽險'),
    ],
    [
      'a salary package marked N',
      salaryPackage({ IS_SLRY_MLTPL: 'N' }),
      { packages: [SALARY_PACKAGE] },
      messages.cartSalaryMultipleMark(),
    ],
    [
      'a flat package line sent as a salary multiple',
      { ...salaryPackage(), CLASS_TITLE: '基本型', PROD_LIST: [line(LIFE, 1)] },
      { packages: [FLAT_PACKAGE] },
      messages.cartAmountRange('壽險', 300_000, 5_000_000),
    ],
    ['a package no catalogue package matches', salaryPackage(), {}, messages.cartPackageMismatch('薪資型')],
    [
      'a package with a product it does not have',
      salaryPackage({ PROD_LIST: [line(LIFE, 1), line(HOSP, 1_000)] }),
      { packages: [SALARY_PACKAGE] },
      messages.cartPackageMismatch('薪資型'),
    ],
    [
      'a product already in the cart',
      cell(line(LIFE, 1_000_000)),
      { cartProductIds: new Set(['L']) },
      messages.cartDuplicate('壽險'),
    ],
    [
      'a rider without its main product',
      cell(line(MED, 30_000)),
      {},
      messages.cartRiderNeedsMain('傷害醫療', '傷害'),
    ],
  ])('%s', (_name, item, over, message) => {
    expect(checkCartItem(item, context(over))).toBe(message);
  });
});
