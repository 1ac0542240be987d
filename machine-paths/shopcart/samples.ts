import type { CartFacts } from '../../machines/shopcart.context';
import type { Applicant, ShopcartPlan, SubmittedApplication } from '../../src/domain/api/shopcart';
import { applicationRules, cartSignature } from '../../src/domain/application-rules';
import type { Cart, CartClass } from '../../src/domain/cart-item';
import type { RosterRow } from '../../src/domain/roster';

/*
 * The shopcart flow's samples: made-up carts of the seeded products, a company and its people. Every
 * identifier is fictitious with a valid checksum (the 統一編號, the 身分證字號). The day is fixed, so the
 * 投保始期 window (T+14..T+60) and the ages are the same on every run.
 */

/** The application's day (Asia/Taipei): a Monday. */
export const SAMPLE_TODAY = '2026-11-23';
/** The day of the fresh application `flow.restart` starts: the window still holds 投保始期 below. */
export const SAMPLE_RESTART_TODAY = '2026-11-24';
export const SAMPLE_REQUEST_ID = '3f2b8c1e-6d4a-4e9b-9a7c-1b2d3e4f5a6b';
export const SAMPLE_RESTART_REQUEST_ID = 'b7e1c2d3-4f5a-4b6c-8d7e-9f0a1b2c3d4e';

type Line = CartClass['PROD_LIST'][number];

const line = (prodId: string, name: string, amount: number, ages: [number, number]): Line => ({
  PROD_ID: prodId,
  PROD_NAME: name,
  ORDER_SEQ: 1,
  IS_ACC: 'N',
  FACE_AMT_TYPE: 1,
  FACE_AMT: amount,
  JOIN_AGE_MIN: ages[0],
  JOIN_AGE_MAX: ages[1],
});

const item = (id: number, title: string, lines: Line[], salary = false): CartClass => ({
  CLASS_ID: id,
  SOURCE_CODE: 'CELL',
  CLASS_TITLE: title,
  IS_SLRY_MLTPL: salary ? 'Y' : 'N',
  PROD_LIST: lines,
});

const cart = (items: CartClass[]): Cart => ({
  CHANNEL: '1',
  CART_NO: items.length > 0 ? 'C2026112300000000017' : '',
  COOKIE_CART_NO: items.length > 0 ? 'C2026112300000000017' : '',
  CLASS_LIST: items,
});

const life = (amount: number) =>
  item(11, '團體一年定期壽險', [line('GTL', '團體一年定期壽險', amount, [15, 65])]);
const criticalIllness = item(12, '團體重大疾病保險', [line('GCI', '團體重大疾病保險', 300_000, [15, 60])]);
/** docs/specification.md §3: a salary-multiple line's FACE_AMT is 1 (the sum insured follows the salary). */
const workInjury = item(13, '團體職業災害補償保險', [line('GOI', '團體職業災害補償保險', 1, [15, 65])], true);

/** The carts the samples' events bring: what the cart panel would show. */
export const SAMPLE_CARTS = {
  empty: cart([]),
  /** 壽險 100萬 and 重大疾病 30萬: join ages 15-60, no salaries */
  two: cart([life(1_000_000), criticalIllness]),
  /** the same two items with 壽險 raised to 200萬: another signature, the same rules */
  changed: cart([life(2_000_000), criticalIllness]),
  /** 壽險 and the salary-multiple 職災補償: salaries are asked, join ages 15-65 */
  salary: cart([life(1_000_000), workInjury]),
} as const satisfies Record<string, Cart>;

/** What the flow hears of a cart (as the binding forwards it). */
export function factsOf(cart: Cart): CartFacts {
  const { ages, needsSalary } = applicationRules(cart);
  return { count: cart.CLASS_LIST.length, signature: cartSignature(cart), ages, needsSalary };
}

export const SAMPLE_CART_FACTS = {
  empty: factsOf(SAMPLE_CARTS.empty),
  two: factsOf(SAMPLE_CARTS.two),
  changed: factsOf(SAMPLE_CARTS.changed),
  salary: factsOf(SAMPLE_CARTS.salary),
} as const satisfies Record<keyof typeof SAMPLE_CARTS, CartFacts>;

/** The sample cart whose facts these are (the cart a visitor's panel would show for them). */
export function sampleCartOf(facts: CartFacts): Cart {
  const name = (Object.keys(SAMPLE_CART_FACTS) as Array<keyof typeof SAMPLE_CARTS>).find(
    (n) => SAMPLE_CART_FACTS[n].signature === facts.signature,
  );
  if (!name) throw new Error(`no sample cart has the signature ${facts.signature}`);
  return SAMPLE_CARTS[name];
}

/** STEP1 for five office workers: no 平均月薪, so a salary cart refuses it. */
export const SAMPLE_PLAN: ShopcartPlan = { headcount: 5, occupationClass: '1', averageAge: 38 };
/** One field wrong: 投保人數 below the five people a group needs. */
export const SAMPLE_INVALID_PLAN: ShopcartPlan = { ...SAMPLE_PLAN, headcount: 4 };

/** STEP2 of a small design studio, valid on SAMPLE_TODAY for the carts without salary items. */
export const SAMPLE_APPLICANT: Applicant = {
  companyName: '青禾室內設計有限公司',
  taxId: '04595257',
  representative: '蔡明哲',
  industry: 'M',
  city: '臺中市',
  district: '西屯區',
  street: '市政北二路238號7樓',
  contactName: '鄭雅婷',
  contactTitle: '行政主任',
  mobile: '0935-218-604',
  phone: '04-2251-7730',
  phoneExt: '21',
  email: 'admin@qinghe-design.example.tw',
  headcount: 5,
  startDate: '2026-12-15',
  ageMin: 29,
  ageMax: 47,
};
/** One field wrong: the 統一編號's check digit. */
export const SAMPLE_INVALID_APPLICANT: Applicant = { ...SAMPLE_APPLICANT, taxId: '04595258' };

/** The studio's five people, 29 to 47 on 2026-12-15 (within every sample cart's join ages). */
export const SAMPLE_ROSTER: RosterRow[] = [
  { name: '張淑芬', personId: 'B220318749', birthDate: '1979-01-08', gender: 'F', occupationClass: '1' },
  { name: '李國華', personId: 'E125609317', birthDate: '1988-04-12', gender: 'M', occupationClass: '1' },
  { name: '鄭雅婷', personId: 'H233184020', birthDate: '1997-06-21', gender: 'F', occupationClass: '1' },
  { name: '王思翰', personId: 'K188405672', birthDate: '1992-09-30', gender: 'M', occupationClass: '2' },
  { name: '陳怡安', personId: 'R269033153', birthDate: '1983-11-02', gender: 'F', occupationClass: '1' },
];

/** What submitApplication answers: 受理編號 GI + ROC 1151123 + the day's first serial. */
export const SAMPLE_SUBMITTED: SubmittedApplication = {
  applicationNo: 'GI115112300001',
  submittedAt: '2026-11-23T02:41:07.000Z',
  contactBy: '2026-11-26',
  // opaque to the flow: the server sealed it
  overprintToken: 'c2VhbGVkLWJ5LXRoZS1zZXJ2ZXI',
};

/** The solved captcha payload the widget hands over (opaque to the flow). */
export const SAMPLE_CAPTCHA = 'eyJjaGFsbGVuZ2UiOnsicGFyYW1ldGVycyI6e319LCJzb2x1dGlvbiI6eyJudW1iZXIiOjQyfX0=';
