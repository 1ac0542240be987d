import { describe, expect, it } from 'vitest';
import {
  averageRate,
  fromMonthlyPerPerson,
  groupSizeFactor,
  type PricedLine,
  quotePremium,
  type RatedProduct,
  rateFor,
  salaryMultipleAmount,
  toYuan,
} from '../../src/domain/pricing';

const WAN = 10_000;

// docs/domain.md §2.4 worked example: 基本型, class 1, aged 30–39 (GTL average rate 12.5)
const BASIC_LINES: PricedLine[] = [
  { sumInsured: 100 * WAN, rateUnit: WAN, rate: 12.5 },
  { sumInsured: 100 * WAN, rateUnit: WAN, rate: 8 },
  { sumInsured: 3 * WAN, rateUnit: WAN, rate: 80 },
];

describe('quotePremium (docs/domain.md §2.3)', () => {
  it('prices the worked example: 2,290 a person, 21,755 a year for 10 people, 1,914 a month', () => {
    expect(quotePremium(BASIC_LINES, 10)).toEqual({
      kind: 'quoted',
      headcount: 10,
      sizeFactor: 0.95,
      premiums: { annual: 21_755, semiAnnual: 11_313, quarterly: 5_700, monthly: 1_914 },
      // 「about NT$191 per person per month」: 2,290 × 0.95 × 0.088 = 191.444
      monthlyPerPerson: 191,
    });
  });

  it('applies no discount to 5–9 people: 9 × 2,290', () => {
    const quote = quotePremium(BASIC_LINES, 9);
    expect(quote).toMatchObject({
      kind: 'quoted',
      sizeFactor: 1,
      premiums: { annual: 20_610, monthly: 1_814 },
    });
  });

  it.each([
    [4, { kind: 'tooSmall', headcount: 4, min: 5 }],
    [50, { kind: 'negotiated', headcount: 50 }],
    [120, { kind: 'negotiated', headcount: 120 }],
  ])('does not quote %i people online', (headcount, expected) => {
    expect(quotePremium(BASIC_LINES, headcount)).toEqual(expected);
  });

  it('rounds each mode once, from the unrounded annual premium', () => {
    // 5 × 1.1 = 5.5 a year → 6; monthly 5.5 × 0.088 = 0.484 → 0 (rounding the annual first would give 1)
    const quote = quotePremium([{ sumInsured: 100, rateUnit: 100, rate: 1.1 }], 5);
    expect(quote).toMatchObject({ premiums: { annual: 6, monthly: 0 } });
  });
});

describe('groupSizeFactor', () => {
  it.each([
    [4, { kind: 'tooSmall', min: 5 }],
    [5, { kind: 'quoted', factor: 1 }],
    [9, { kind: 'quoted', factor: 1 }],
    [10, { kind: 'quoted', factor: 0.95 }],
    [49, { kind: 'quoted', factor: 0.95 }],
    [50, { kind: 'negotiated' }],
  ])('%i people → %o', (headcount, expected) => {
    expect(groupSizeFactor(headcount)).toEqual(expected);
  });
});

describe('toYuan', () => {
  it.each([
    [22_900 * 0.95, 21_755],
    [1_914.44, 1_914],
    [0.5, 1],
    [2.49999, 2],
    [2.4999999999, 3],
    [1_234.4999999999998, 1_235],
  ])('%d → %i', (amount, yuan) => {
    expect(toYuan(amount)).toBe(yuan);
  });
});

const GTL: RatedProduct = {
  rateDriver: 'age',
  rateUnit: WAN,
  rates: [
    { ageMin: 25, ageMax: 29, occupationClass: null, rate: 9 },
    { ageMin: 15, ageMax: 24, occupationClass: null, rate: 8 },
  ],
};
const GOI: RatedProduct = {
  rateDriver: 'class',
  rateUnit: WAN,
  rates: [1, 2].map((c) => ({ ageMin: null, ageMax: null, occupationClass: c, rate: c === 1 ? 3 : 3.75 })),
};

describe('rateFor', () => {
  it('finds the age band or the occupation class', () => {
    expect(rateFor(GTL, { age: 24, occupationClass: 6 })).toBe(8);
    expect(rateFor(GTL, { age: 25, occupationClass: 6 })).toBe(9);
    expect(rateFor(GTL, { age: 30, occupationClass: 1 })).toBeUndefined();
    expect(rateFor(GOI, { age: 99, occupationClass: 2 })).toBe(3.75);
  });

  it('does not take a band without both ages for an age band', () => {
    const open = (ageMin: number | null, ageMax: number | null): RatedProduct => ({
      rateDriver: 'age',
      rateUnit: WAN,
      rates: [{ ageMin, ageMax, occupationClass: 1, rate: 5 }],
    });
    expect(rateFor(open(null, 60), { age: 30, occupationClass: 1 })).toBeUndefined();
    expect(rateFor(open(0, null), { age: 0, occupationClass: 1 })).toBeUndefined();
    expect(rateFor(open(null, null), { age: 0, occupationClass: 1 })).toBeUndefined();
  });
});

describe('salaryMultipleAmount', () => {
  it('is salary × multiple, at most the cap', () => {
    expect(salaryMultipleAmount(29_500, 24, null)).toBe(708_000);
    expect(salaryMultipleAmount(29_500, 24, 1_000_000)).toBe(708_000);
    expect(salaryMultipleAmount(29_500, 45, 1_000_000)).toBe(1_000_000);
  });
});

describe('fromMonthlyPerPerson', () => {
  it('prices flat lines at the youngest band and class 1, × 0.95 × 0.088, rounded up', () => {
    // 100萬 × 8 per 萬 = 800 a year → 800 × 0.95 × 0.088 = 66.88 → 67
    expect(fromMonthlyPerPerson([{ ...GTL, amount: 100 * WAN, salaryMultiple: null, amountCap: null }])).toBe(
      67,
    );
  });

  it('prices salary-multiple lines at the lowest labor-insurance grade in force, capped', () => {
    // 2026: 29,500 × 45 = 1,327,500 → 132.75萬 × 3 = 398.25 a year → × 0.95 × 0.088 = 33.29 → 34
    const goi = { ...GOI, amount: null, salaryMultiple: 45, amountCap: 300 * WAN };
    expect(fromMonthlyPerPerson([goi], '2026-01-01')).toBe(34);
    // 2025: 28,590 × 45 = 1,286,550 → 385.965 → 32.27 → 33
    expect(fromMonthlyPerPerson([goi], '2025-06-30')).toBe(33);
    // cap: 29,500 × 45 over 100萬 → 100萬 × 3 = 300 → 25.08 → 26
    expect(fromMonthlyPerPerson([{ ...goi, amountCap: 100 * WAN }], '2026-01-01')).toBe(26);
  });

  it('takes the youngest band wherever it stands in the table', () => {
    const flat = { amount: 100 * WAN, salaryMultiple: null, amountCap: null };
    const youngestFirst = { ...GTL, rates: [...GTL.rates].reverse(), ...flat };
    expect(fromMonthlyPerPerson([youngestFirst])).toBe(67);
    // bands without ages (occupation bands in an age-rated table) are no age band
    const withClassBand = {
      ...youngestFirst,
      rates: [{ ageMin: null, ageMax: null, occupationClass: 1, rate: 1 }, ...youngestFirst.rates],
    };
    expect(fromMonthlyPerPerson([withClassBand])).toBe(67);
  });

  it('uses the rate a quote gives the youngest insured when bands overlap', () => {
    const overlapping: RatedProduct = {
      rateDriver: 'age',
      rateUnit: WAN,
      rates: [
        { ageMin: 15, ageMax: 24, occupationClass: null, rate: 8 },
        { ageMin: 15, ageMax: 29, occupationClass: null, rate: 9 },
      ],
    };
    expect(rateFor(overlapping, { age: 15, occupationClass: 1 })).toBe(8);
    expect(
      fromMonthlyPerPerson([{ ...overlapping, amount: 100 * WAN, salaryMultiple: null, amountCap: null }]),
    ).toBe(67);
  });

  it.each([
    ['class', GOI],
    ['age', GTL],
  ])('refuses a %s-rated product without a rate band rather than under-price it', (_, product) => {
    expect(() =>
      fromMonthlyPerPerson([{ ...product, rates: [], amount: WAN, salaryMultiple: null, amountCap: null }]),
    ).toThrow(new RangeError('a priced product has no rate band'));
  });
});

// docs/domain.md §2.3's GTL table
const GTL_TABLE: RatedProduct = {
  rateDriver: 'age',
  rateUnit: WAN,
  rates: (
    [
      [15, 24, 8],
      [25, 29, 9],
      [30, 34, 11],
      [35, 39, 14],
      [40, 44, 20],
      [45, 49, 29],
      [50, 54, 43],
      [55, 59, 64],
      [60, 64, 95],
      [65, 70, 140],
    ] as const
  ).map(([ageMin, ageMax, rate]) => ({ ageMin, ageMax, occupationClass: null, rate })),
};

describe('averageRate (平均保險費率)', () => {
  const bands = (...list: Array<[number, number, number]>) => ({
    kind: 'bands' as const,
    bands: list.map(([ageMin, ageMax, count]) => ({ ageMin, ageMax, count })),
  });

  it('gives the worked example’s GTL 12.5 for ten people aged 30–39', () => {
    expect(averageRate(GTL_TABLE, { ages: bands([30, 39, 10]), occupationClass: 1 })).toBe(12.5);
  });

  it('spreads each band’s people evenly over its ages and weighs the bands by their people', () => {
    // 15–19: 8 for all; 60–70: (5 × 95 + 6 × 140) / 11; two people young, three old
    const old = (5 * 95 + 6 * 140) / 11;
    expect(
      averageRate(GTL_TABLE, { ages: bands([15, 19, 2], [20, 29, 0], [60, 70, 3]), occupationClass: 1 }),
    ).toBeCloseTo((2 * 8 + 3 * old) / 5, 10);
  });

  it('takes the rate of the average age’s band', () => {
    expect(averageRate(GTL_TABLE, { ages: { kind: 'average', age: 35 }, occupationClass: 1 })).toBe(14);
    expect(averageRate(GTL_TABLE, { ages: { kind: 'average', age: 34 }, occupationClass: 1 })).toBe(11);
  });

  it('rates a class-rated product by the class, whatever the ages', () => {
    expect(averageRate(GOI, { ages: bands([60, 70, 5]), occupationClass: 2 })).toBe(3.75);
    expect(averageRate(GOI, { ages: { kind: 'average', age: 99 }, occupationClass: 1 })).toBe(3);
  });

  it('has no rate when an age of a band has none, or nobody is in any band', () => {
    expect(averageRate(GTL_TABLE, { ages: bands([65, 71, 5]), occupationClass: 1 })).toBeUndefined();
    expect(averageRate(GTL_TABLE, { ages: bands([14, 20, 5]), occupationClass: 1 })).toBeUndefined();
    expect(averageRate(GTL_TABLE, { ages: bands([30, 39, 0]), occupationClass: 1 })).toBeUndefined();
    // a band nobody is in is not looked at
    expect(averageRate(GTL_TABLE, { ages: bands([0, 5, 0], [30, 39, 10]), occupationClass: 1 })).toBe(12.5);
  });
});
