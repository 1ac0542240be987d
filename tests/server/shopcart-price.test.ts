import { describe, expect, it } from 'vitest';
import type { CartClass } from '../../src/domain/cart-item';
import { salaryCellMultiple, salaryCellTitle } from '../../src/domain/catalogue';
import { dailyNumber } from '../../src/server/db/repositories/daily-serials';
import {
  type PricingCatalogue,
  PricingError,
  type PricingProduct,
  priceCart,
  toEstimate,
} from '../../src/server/shopcart/price-cart';

const WAN = 10_000;

const product = (over: Partial<PricingProduct> & Pick<PricingProduct, 'prodId'>): PricingProduct => ({
  name: over.prodId,
  basis: 'flat',
  prodCat: 1,
  prodKind: 1,
  maxAmount: 500 * WAN,
  defaultSalaryMultiple: null,
  rateDriver: 'class',
  rateUnit: WAN,
  rates: [1, 2, 3, 4, 5, 6].map((c) => ({ ageMin: null, ageMax: null, occupationClass: c, rate: c * 10 })),
  ...over,
});

// an age-rated life product that may go by salary, a class-rated occupational salary product (cat 3,
// kind 99), and a daily product rated per NT$100
const LIFE = product({
  prodId: 'L',
  basis: 'flat_or_salary',
  defaultSalaryMultiple: 24,
  rateDriver: 'age',
  rates: [
    { ageMin: 15, ageMax: 29, occupationClass: null, rate: 5 },
    { ageMin: 30, ageMax: 70, occupationClass: null, rate: 12.5 },
  ],
});
const OCC = product({
  prodId: 'O',
  basis: 'salary',
  prodCat: 3,
  prodKind: 99,
  maxAmount: 300 * WAN,
  defaultSalaryMultiple: 45,
});
const DAILY = product({
  prodId: 'D',
  basis: 'daily',
  rateDriver: 'age',
  rateUnit: 100,
  rates: [{ ageMin: 15, ageMax: 70, occupationClass: null, rate: 55 }],
});

const CATALOGUE: PricingCatalogue = {
  products: new Map([LIFE, OCC, DAILY].map((p) => [p.prodId, p])),
  packages: new Map([
    [
      '薪資型',
      [
        new Map([
          ['L', { spcRateMark: 2, salaryMultiple: 36, amountCap: 100 * WAN }],
          ['O', { spcRateMark: 4, salaryMultiple: 30, amountCap: 300 * WAN }],
        ]),
      ],
    ],
  ]),
};

let nextId = 1;
const item = (title: string, source: CartClass['SOURCE_CODE'], lines: [string, number][]): CartClass => ({
  CLASS_ID: nextId++,
  SOURCE_CODE: source,
  CLASS_TITLE: title,
  IS_SLRY_MLTPL: lines.some(([, amount]) => amount === 1) ? 'Y' : 'N',
  PROD_LIST: lines.map(([PROD_ID, FACE_AMT], i) => ({
    PROD_ID,
    ORDER_SEQ: i + 1,
    IS_ACC: 'N',
    FACE_AMT_TYPE: 1,
    FACE_AMT,
    PROD_NAME: PROD_ID,
    JOIN_AGE_MIN: 15,
    JOIN_AGE_MAX: 65,
  })),
});

const PLAN = {
  headcount: 10,
  occupationClass: 2,
  ages: { kind: 'average' as const, age: 35 },
  averageSalary: 40_000,
};

describe('priceCart', () => {
  it('prices a flat line at its amount and the group average rate of the plan', () => {
    const priced = priceCart([item('L', 'CELL', [['L', 100 * WAN]])], CATALOGUE, PLAN);
    // 100萬 × 12.5 = 1,250 a person; × 10 × 0.95 = 11,875; 1,250 × 0.95 × 0.088 = 104.5 → 105 (half up)
    expect(priced.kind).toBe('quoted');
    expect(priced.items[0]).toMatchObject({ annual: 11_875, monthlyPerPerson: 105 });
    expect(priced.items[0]!.lines).toEqual([
      {
        PROD_ID: 'L',
        PROD_NAME: 'L',
        ORDER_SEQ: 1,
        FACE_AMT: 1_000_000,
        salaryMultiple: null,
        sumInsured: 1_000_000,
        rate: 12.5,
        rateUnit: WAN,
      },
    ]);
  });

  it('takes a package line’s multiple and cap from the package', () => {
    const priced = priceCart(
      [
        item('薪資型', 'PKG', [
          ['L', 1],
          ['O', 1],
        ]),
      ],
      CATALOGUE,
      PLAN,
    );
    const [life, occupational] = priced.items[0]!.lines;
    // L: 40,000 × 36 = 144萬, capped at 100萬; O: 40,000 × 30 = 120萬 (cap 300萬), class 2 → 20
    expect(life).toMatchObject({ salaryMultiple: 36, sumInsured: 1_000_000, rate: 12.5 });
    expect(occupational).toMatchObject({ salaryMultiple: 30, sumInsured: 1_200_000, rate: 20 });
    // 1,250 + 120 × 20 = 2,400 → 3,650; × 10 × 0.95 = 34,675
    expect(priced.total.annual).toBe(34_675);
  });

  it('takes a salary cell’s multiple from its title, else the product’s default, capped at its maximum', () => {
    const chosen = item('O（月投保薪資 × 27）', 'CELL', [['O', 1]]);
    const plain = item('O', 'CELL', [['O', 1]]);
    const [a, b] = priceCart([chosen, plain], CATALOGUE, PLAN).items.map((i) => i.lines[0]);
    expect(a).toMatchObject({ salaryMultiple: 27, sumInsured: 1_080_000 });
    expect(b).toMatchObject({ salaryMultiple: 45, sumInsured: 1_800_000 });
    const rich = priceCart([plain], CATALOGUE, { ...PLAN, averageSalary: 100_000 }).items[0]!.lines[0];
    expect(rich).toMatchObject({ salaryMultiple: 45, sumInsured: 3_000_000 });
  });

  it('reads a flat-or-salary cell with FACE_AMT 1 as a salary multiple (the product’s default)', () => {
    const [line] = priceCart([item('L', 'CELL', [['L', 1]])], CATALOGUE, PLAN).items[0]!.lines;
    expect(line).toMatchObject({ salaryMultiple: 24, sumInsured: 960_000 });
  });

  it('rates a daily amount per its rate unit', () => {
    const priced = priceCart([item('D', 'CELL', [['D', 1_000]])], CATALOGUE, { ...PLAN, headcount: 5 });
    // 1,000 / 100 × 55 = 550 a person; × 5 × 1.00 = 2,750; 550 × 0.088 = 48.4 → 48
    expect(priced.total).toEqual({ annual: 2_750, monthlyPerPerson: 48 });
  });

  it('quotes the total once over all lines', () => {
    const items = [item('L', 'CELL', [['L', 300_000]]), item('D', 'CELL', [['D', 500]])];
    const priced = priceCart(items, CATALOGUE, { ...PLAN, headcount: 7 });
    // L: 30 × 12.5 = 375; × 7 = 2,625. D: 5 × 55 = 275; × 7 = 1,925. Total 650 × 7 = 4,550
    // monthly: 375 × 0.088 = 33 and 275 × 0.088 = 24.2 → 24; 650 × 0.088 = 57.2 → 57
    expect(priced.items.map((i) => [i.annual, i.monthlyPerPerson])).toEqual([
      [2_625, 33],
      [1_925, 24],
    ]);
    expect(priced.total).toEqual({ annual: 4_550, monthlyPerPerson: 57 });
  });

  it('answers negotiated from 50 people and tooSmall under 5, without figures', () => {
    const items = [item('L', 'CELL', [['L', 300_000]])];
    const large = priceCart(items, CATALOGUE, { ...PLAN, headcount: 50 });
    expect(large.total).toEqual({ annual: null, monthlyPerPerson: null });
    expect(toEstimate(large)).toEqual({ kind: 'negotiated', headcount: 50 });
    expect(toEstimate(priceCart(items, CATALOGUE, { ...PLAN, headcount: 4 }))).toEqual({
      kind: 'tooSmall',
      headcount: 4,
      min: 5,
    });
  });

  it('throws on what the catalogue lacks: a rate band, a product, the salary, a PKG item’s package', () => {
    expect(() =>
      priceCart([item('L', 'CELL', [['L', 300_000]])], CATALOGUE, {
        ...PLAN,
        ages: { kind: 'average', age: 80 },
      }),
    ).toThrow(PricingError);
    expect(() => priceCart([item('X', 'CELL', [['X', 1]])], CATALOGUE, PLAN)).toThrow(PricingError);
    expect(() =>
      priceCart([item('O', 'CELL', [['O', 1]])], CATALOGUE, { ...PLAN, averageSalary: undefined }),
    ).toThrow(PricingError);
    expect(() => priceCart([item('無此方案', 'PKG', [['L', 300_000]])], CATALOGUE, PLAN)).toThrow(
      PricingError,
    );
  });
});

describe('a daily number (受理編號, 案件編號)', () => {
  it('is the prefix + ROC yyyMMdd + the serial in 5 digits', () => {
    expect(dailyNumber('GI', '2026-11-22', 12)).toBe('GI115112200012');
    expect(dailyNumber('GI', '2026-01-05', 1)).toBe('GI115010500001');
    expect(dailyNumber('CT', '2111-12-31', 99_999)).toBe('CT200123199999');
  });
});

describe('a salary cell’s title', () => {
  it('carries the chosen multiple, read back', () => {
    expect(salaryCellTitle('團體職業災害補償保險', 45)).toBe('團體職業災害補償保險（月投保薪資 × 45）');
    expect(salaryCellMultiple('團體職業災害補償保險（月投保薪資 × 45）')).toBe(45);
    expect(salaryCellMultiple('團體職業災害補償保險')).toBeNull();
    expect(salaryCellMultiple('（月投保薪資 × 45）以外')).toBeNull();
  });
});
