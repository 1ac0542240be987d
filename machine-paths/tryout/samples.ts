import type { ChosenCover } from '../../machines/tryout.machine';
import type { TryoutGroup, TryoutQuote } from '../../src/domain/api/tryout';
import type { InputLine } from '../../src/domain/cart-item';

/*
 * The tryout flow's samples: covers of the seeded catalogue (docs/domain.md §2.2, §2.4) and groups. The day is
 * fixed, so the labor-insurance salary table in force is the same on every run.
 */

export const SAMPLE_TRYOUT_TODAY = '2026-11-23';
/** The day 重新試算 starts again on. */
export const SAMPLE_TRYOUT_RESTART_TODAY = '2026-11-24';

const WAN = 10_000;

const line = (
  PROD_ID: string,
  ORDER_SEQ: number,
  AMOUNT: number,
  [IS_ACC, PROD_CAT, PROD_KIND]: ['Y' | 'N', number, number],
  SPC_RATE_MARK = 1,
): InputLine => ({ PROD_ID, ORDER_SEQ, IS_ACC, AMOUNT, SPC_RATE_MARK, PROD_CAT, PROD_KIND });

/** The covers STEP1 can confirm. */
export const SAMPLE_COVERS = {
  /** 基本型: GTL 100萬, GAD 100萬, GAM 3萬; join ages 15–65 */
  basic: {
    choice: { kind: 'package', packId: 'BASIC' },
    pkg: {
      PACK_ID: 'BASIC',
      PACK_NAME: '基本型',
      PROD_LIST: [
        line('GTL', 1, 100 * WAN, ['N', 1, 1]),
        line('GAD', 2, 100 * WAN, ['Y', 2, 1]),
        line('GAM', 3, 3 * WAN, ['Y', 2, 2]),
      ],
    },
    source: 'PKG',
    ages: [15, 65],
    needsSalary: false,
    unmetRider: null,
  },
  /** 團體職業災害補償保險 at 月投保薪資 × 45: the salary is asked */
  workInjury: {
    choice: { kind: 'cells', cells: [{ prodId: 'GOI', choice: 45 }] },
    pkg: {
      PACK_ID: 'GOI',
      PACK_NAME: '團體職業災害補償保險（月投保薪資 × 45）',
      PROD_LIST: [line('GOI', 1, 0, ['Y', 3, 99], 4)],
    },
    source: 'CELL',
    ages: [15, 65],
    needsSalary: true,
    unmetRider: null,
  },
  /** 團體一年定期壽險 100萬 alone: join ages 15–65 as 基本型's, so 基本型's group holds for it */
  lifeOnly: {
    choice: { kind: 'cells', cells: [{ prodId: 'GTL', choice: 100 * WAN }] },
    pkg: {
      PACK_ID: 'GTL',
      PACK_NAME: '團體一年定期壽險',
      PROD_LIST: [line('GTL', 1, 100 * WAN, ['N', 1, 1])],
    },
    source: 'CELL',
    ages: [15, 65],
    needsSalary: false,
    unmetRider: null,
  },
  /** 團體傷害醫療保險金 alone: a rider without 團體傷害保險, refused */
  riderAlone: {
    choice: { kind: 'cells', cells: [{ prodId: 'GAM', choice: 3 * WAN }] },
    pkg: {
      PACK_ID: 'GAM',
      PACK_NAME: '團體傷害醫療保險金',
      PROD_LIST: [line('GAM', 1, 3 * WAN, ['Y', 2, 2])],
    },
    source: 'CELL',
    ages: [15, 70],
    needsSalary: false,
    unmetRider: '團體傷害保險',
  },
} satisfies Record<string, ChosenCover>;

/** docs/domain.md §2.4's worked example: 10 people of class 1 aged 30–39. */
export const SAMPLE_GROUP: TryoutGroup = {
  headcount: 10,
  occupationClass: '1',
  ageBasis: 'bands',
  ageBands: { age30: 10 },
};
/** The same people with their salary (at the lowest grade of 2026). */
export const SAMPLE_SALARY_GROUP: TryoutGroup = {
  headcount: 10,
  occupationClass: '1',
  ageBasis: 'average',
  averageAge: 35,
  salaryBasis: 'grade',
  salaryGrade: 29_500,
};
/** 50 people: no online quote. */
export const SAMPLE_LARGE_GROUP: TryoutGroup = { ...SAMPLE_GROUP, headcount: 50, ageBands: { age30: 50 } };
/** 4 people: not a group (docs/domain.md §2.1). */
export const SAMPLE_SMALL_GROUP: TryoutGroup = { ...SAMPLE_GROUP, headcount: 4, ageBands: { age30: 4 } };

/** The server's quote of 基本型 for the worked example's group. */
export const SAMPLE_QUOTE: TryoutQuote = {
  kind: 'quoted',
  headcount: 10,
  sizeFactor: 0.95,
  lines: [
    {
      PROD_ID: 'GTL',
      PROD_NAME: '團體一年定期壽險',
      sumInsured: 100 * WAN,
      daily: false,
      salaryMultiple: null,
      rate: 12.5,
      rateUnit: WAN,
      annualPerPerson: 1250,
      premiums: { annual: 11_875, semiAnnual: 6_175, quarterly: 3_111, monthly: 1_045 },
      monthlyPerPerson: 105,
    },
    {
      PROD_ID: 'GAD',
      PROD_NAME: '團體傷害保險',
      sumInsured: 100 * WAN,
      daily: false,
      salaryMultiple: null,
      rate: 8,
      rateUnit: WAN,
      annualPerPerson: 800,
      premiums: { annual: 7_600, semiAnnual: 3_952, quarterly: 1_991, monthly: 669 },
      monthlyPerPerson: 67,
    },
    {
      PROD_ID: 'GAM',
      PROD_NAME: '團體傷害醫療保險金',
      sumInsured: 3 * WAN,
      daily: false,
      salaryMultiple: null,
      rate: 80,
      rateUnit: WAN,
      annualPerPerson: 240,
      premiums: { annual: 2_280, semiAnnual: 1_186, quarterly: 597, monthly: 201 },
      monthlyPerPerson: 20,
    },
  ],
  total: {
    annualPerPerson: 2_290,
    premiums: { annual: 21_755, semiAnnual: 11_313, quarterly: 5_700, monthly: 1_914 },
    monthlyPerPerson: 191,
  },
};
