import { describe, expect, it } from 'vitest';
import {
  agesLabel,
  cellRangeLabel,
  choiceLabel,
  fromPriceLabel,
  lineAmountLabel,
  riderNote,
  waitingLabel,
} from '../../src/domain/amount-label';
import type { CatalogueCell, CatalogueLine, ProductFacts } from '../../src/domain/catalogue';

// The products and packages of docs/domain.md §2.2 and §2.4, money as docs/specification.md §5 writes it
// (10,000 and more in 萬, less with separators and 元), and salary-multiple lines as §9 marks them: mark 2
// a multiple of the monthly salary, mark 4 with PROD_CAT 3 and PROD_KIND 99 GOI's, of the 月投保薪資 (§3).

const facts = (over: Partial<ProductFacts> = {}): ProductFacts => ({
  PROD_NAME: '團體一年定期壽險',
  IS_RIDER: false,
  REQUIRES_PROD_ID: null,
  REQUIRES_PROD_NAME: null,
  JOIN_AGE_MIN: 15,
  JOIN_AGE_MAX: 65,
  RENEW_AGE_MAX: 70,
  WAITING_DAYS: 0,
  ...over,
});

const line = (over: Partial<CatalogueLine>): CatalogueLine => ({
  ...facts(),
  PROD_ID: 'GTL',
  ORDER_SEQ: 1,
  IS_ACC: 'N',
  AMOUNT: 1_000_000,
  SPC_RATE_MARK: 0,
  PROD_CAT: 1,
  PROD_KIND: 1,
  BASIS: 'flat',
  SALARY_MULTIPLE: null,
  AMOUNT_CAP: null,
  ...over,
});

const cell = (over: Partial<CatalogueCell>): CatalogueCell => ({
  ...facts(),
  PROD_ID: 'GAM',
  DESCRIPTION: '',
  ORDER_SEQ: 3,
  IS_ACC: 'Y',
  PROD_CAT: 2,
  PROD_KIND: 2,
  BASIS: 'flat',
  MIN_AMOUNT: 10_000,
  MAX_AMOUNT: 100_000,
  AMOUNT_STEP: 10_000,
  SALARY_MULTIPLE_MIN: null,
  SALARY_MULTIPLE_MAX: null,
  SALARY_MULTIPLE_STEP: null,
  DEFAULT_SALARY_MULTIPLE: null,
  AMOUNT_CAP: null,
  ...over,
});

const GOI = { PROD_ID: 'GOI', SPC_RATE_MARK: 4, PROD_CAT: 3, PROD_KIND: 99, BASIS: 'salary' } as const;

describe("a package line's cover (docs/domain.md §2.4)", () => {
  it('shows a sum insured in 萬: 基本型 GTL 100萬, GAM 3萬', () => {
    expect(lineAmountLabel(line({ AMOUNT: 1_000_000 }))).toBe('100萬');
    expect(lineAmountLabel(line({ PROD_ID: 'GAM', AMOUNT: 30_000 }))).toBe('3萬');
  });

  it('shows a daily amount as one: 尊榮型 GHD 1,000 a day', () => {
    expect(lineAmountLabel(line({ PROD_ID: 'GHD', BASIS: 'daily', AMOUNT: 1_000 }))).toBe('日額 1,000元');
  });

  it('shows a salary multiple of the monthly salary and its cap: 尊榮型 GTL, monthly salary × 36, at most 500萬', () => {
    const gtl = line({
      BASIS: 'salary',
      SPC_RATE_MARK: 2,
      AMOUNT: 0,
      SALARY_MULTIPLE: 36,
      AMOUNT_CAP: 5_000_000,
    });
    expect(lineAmountLabel(gtl)).toBe('月薪 × 36（上限 500萬）');
  });

  it('shows GOI as a multiple of the 月投保薪資 (§3) with its 300萬 cap: 製造業安心型, 月投保薪資 × 45', () => {
    const goi = line({ ...GOI, AMOUNT: 0, SALARY_MULTIPLE: 45, AMOUNT_CAP: 3_000_000 });
    expect(lineAmountLabel(goi)).toBe('月投保薪資 × 45（上限 300萬）');
  });

  it('names no cap when the line has none', () => {
    const gtl = line({ BASIS: 'salary', SPC_RATE_MARK: 2, AMOUNT: 0, SALARY_MULTIPLE: 24, AMOUNT_CAP: null });
    expect(lineAmountLabel(gtl)).toBe('月薪 × 24');
  });
});

describe("a cell's chooser and range (docs/domain.md §2.2)", () => {
  it('offers a flat sum insured in 萬 and a daily amount in 元', () => {
    expect(choiceLabel(cell({}), 10_000)).toBe('1萬');
    expect(choiceLabel(cell({}), 100_000)).toBe('10萬');
    expect(choiceLabel(cell({ PROD_ID: 'GHD', BASIS: 'daily' }), 500)).toBe('日額 500元');
    expect(choiceLabel(cell({ PROD_ID: 'GHD', BASIS: 'daily' }), 3_000)).toBe('日額 3,000元');
  });

  it("offers GOI's multiples of the 月投保薪資", () => {
    expect(choiceLabel(cell(GOI), 45)).toBe('月投保薪資 × 45');
    expect(choiceLabel(cell(GOI), 60)).toBe('月投保薪資 × 60');
  });

  it('gives a flat range in 萬 and a daily range in 元, each with its step: GAM 1–10萬, GHD NT$500–3,000', () => {
    expect(cellRangeLabel(cell({}))).toBe('1萬～10萬，每級 1萬');
    const ghd = cell({
      PROD_ID: 'GHD',
      BASIS: 'daily',
      MIN_AMOUNT: 500,
      MAX_AMOUNT: 3_000,
      AMOUNT_STEP: 500,
    });
    expect(cellRangeLabel(ghd)).toBe('日額 500元～3,000元，每級 500元');
  });

  it("gives GOI's multiples, 24–60, and its cap of 300萬", () => {
    const goi = cell({ ...GOI, SALARY_MULTIPLE_MIN: 24, SALARY_MULTIPLE_MAX: 60, AMOUNT_CAP: 3_000_000 });
    expect(cellRangeLabel(goi)).toBe('月投保薪資 × 24～60 倍，保額上限 300萬');
    expect(cellRangeLabel({ ...goi, AMOUNT_CAP: null })).toBe('月投保薪資 × 24～60 倍');
  });
});

describe("a product's facts (docs/domain.md §2.2)", () => {
  it('gives the join ages and the age it renews to: GCA 15–60 / 70', () => {
    expect(agesLabel(facts({ JOIN_AGE_MIN: 15, JOIN_AGE_MAX: 60, RENEW_AGE_MAX: 70 }))).toBe(
      '15～60 歲，可續保至 70 歲',
    );
  });

  it('gives the waiting period in days, or none: GCA 90 days, GHR 30, none where §2.2 names none', () => {
    expect(waitingLabel(facts({ WAITING_DAYS: 90 }))).toBe('90 天');
    expect(waitingLabel(facts({ WAITING_DAYS: 30 }))).toBe('30 天');
    expect(waitingLabel(facts({ WAITING_DAYS: 1 }))).toBe('1 天');
    expect(waitingLabel(facts({ WAITING_DAYS: 0 }))).toBe('無');
  });

  it('says which main product a rider needs (GAM needs GAD, docs/decisions.md "Catalogue"); a main product none', () => {
    const gam = facts({ IS_RIDER: true, REQUIRES_PROD_ID: 'GAD', REQUIRES_PROD_NAME: '團體傷害保險' });
    expect(riderNote(gam)).toBe('需搭配團體傷害保險');
    expect(riderNote(facts())).toBeNull();
  });
});

describe("a package's price (docs/domain.md §1.2: 「每人每月 X元起」)", () => {
  it('gives the monthly amount a person, with thousands separators', () => {
    expect(fromPriceLabel(154)).toBe('每人每月 154元起');
    expect(fromPriceLabel(1_914)).toBe('每人每月 1,914元起');
  });
});
