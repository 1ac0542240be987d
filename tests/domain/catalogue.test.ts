import { describe, expect, it } from 'vitest';
import { buildCartItem } from '../../src/domain/cart-item';
import {
  type CatalogueCell,
  cellChoices,
  cellPackage,
  cellSetPackage,
  PACKAGE_NOT_FOUND,
  salaryCellMultiple,
} from '../../src/domain/catalogue';

const cell = (over: Partial<CatalogueCell>): CatalogueCell => ({
  PROD_ID: 'GAM',
  PROD_NAME: '團體傷害醫療保險金',
  DESCRIPTION: '',
  ORDER_SEQ: 3,
  IS_ACC: 'Y',
  PROD_CAT: 2,
  PROD_KIND: 2,
  BASIS: 'flat',
  MIN_AMOUNT: 10_000,
  MAX_AMOUNT: 50_000,
  AMOUNT_STEP: 10_000,
  SALARY_MULTIPLE_MIN: null,
  SALARY_MULTIPLE_MAX: null,
  SALARY_MULTIPLE_STEP: null,
  DEFAULT_SALARY_MULTIPLE: null,
  AMOUNT_CAP: null,
  IS_RIDER: true,
  REQUIRES_PROD_ID: 'GAD',
  REQUIRES_PROD_NAME: '團體傷害保險',
  JOIN_AGE_MIN: 15,
  JOIN_AGE_MAX: 70,
  RENEW_AGE_MAX: 75,
  WAITING_DAYS: 0,
  ...over,
});

const goi = cell({
  PROD_ID: 'GOI',
  PROD_NAME: '團體職業災害補償保險',
  PROD_CAT: 3,
  PROD_KIND: 99,
  BASIS: 'salary',
  SALARY_MULTIPLE_MIN: 24,
  SALARY_MULTIPLE_MAX: 36,
  SALARY_MULTIPLE_STEP: 6,
  DEFAULT_SALARY_MULTIPLE: 30,
  AMOUNT_CAP: 3_000_000,
});

describe('cellChoices', () => {
  it('lists the amounts from min to max by step, or the salary multiples', () => {
    expect(cellChoices(cell({}))).toEqual([10_000, 20_000, 30_000, 40_000, 50_000]);
    expect(cellChoices(goi)).toEqual([24, 30, 36]);
    expect(cellChoices(cell({ AMOUNT_STEP: 0 }))).toEqual([]);
  });
});

describe('cellPackage', () => {
  it('sends a flat cell as a one-line package of mark 1 that the cart builds as is', () => {
    const pkg = cellPackage(cell({}), 30_000);
    expect(pkg).toEqual({
      PACK_ID: 'GAM',
      PACK_NAME: '團體傷害醫療保險金',
      PROD_LIST: [
        {
          PROD_ID: 'GAM',
          ORDER_SEQ: 1,
          IS_ACC: 'Y',
          AMOUNT: 30_000,
          SPC_RATE_MARK: 1,
          PROD_CAT: 2,
          PROD_KIND: 2,
        },
      ],
    });
    expect(buildCartItem(pkg, 'CELL', 'C9')).toMatchObject({
      IS_SLRY_MLTPL: 'N',
      PROD_LIST: [{ PROD_ID: 'GAM', FACE_AMT_TYPE: 1, FACE_AMT: 30_000 }],
    });
  });

  it('sends GOI as mark 4 with prod_cat 3, prod_kind 99, the multiple in its title', () => {
    const pkg = cellPackage(goi, 36);
    expect(pkg.PACK_NAME).toBe('團體職業災害補償保險（月投保薪資 × 36）');
    expect(buildCartItem(pkg, 'CELL', 'C9')).toMatchObject({
      CLASS_TITLE: '團體職業災害補償保險（月投保薪資 × 36）',
      IS_SLRY_MLTPL: 'Y',
      PROD_LIST: [{ PROD_ID: 'GOI', ORDER_SEQ: 1, IS_ACC: 'Y', FACE_AMT_TYPE: 1, FACE_AMT: 1 }],
    });
  });
});

describe('an unknown package', () => {
  it('is answered with a message the screens show as is, in Traditional Chinese', () => {
    expect(PACKAGE_NOT_FOUND).toMatch(/^[\u4e00-\u9fff]+$/);
  });
});

describe('cellSetPackage (cells chosen together on the tryout’s STEP1)', () => {
  const gad = cell({
    PROD_ID: 'GAD',
    PROD_NAME: '團體傷害保險',
    ORDER_SEQ: 2,
    PROD_KIND: 1,
    REQUIRES_PROD_ID: null,
  });

  it('is the cell itself when one is chosen', () => {
    expect(cellSetPackage([{ cell: gad, choice: 1_000_000 }])).toEqual(cellPackage(gad, 1_000_000));
  });

  it('puts several in catalogue order as one 自選保障組合, numbering their lines from 1', () => {
    const set = cellSetPackage([
      { cell: cell({}), choice: 30_000 },
      { cell: gad, choice: 1_000_000 },
    ]);
    expect(set).toEqual({
      PACK_ID: 'CELLS',
      PACK_NAME: '自選保障組合',
      PROD_LIST: [
        { ...cellPackage(gad, 1_000_000).PROD_LIST[0], ORDER_SEQ: 1 },
        { ...cellPackage(cell({}), 30_000).PROD_LIST[0], ORDER_SEQ: 2 },
      ],
    });
  });

  it('carries a salary cell’s multiple in the set’s title, as a single salary cell does', () => {
    const set = cellSetPackage([
      { cell: goi, choice: 36 },
      { cell: gad, choice: 1_000_000 },
    ]);
    expect(set.PACK_NAME).toBe('自選保障組合（月投保薪資 × 36）');
    expect(salaryCellMultiple(set.PACK_NAME)).toBe(36);
    expect(set.PROD_LIST.map((l) => [l.PROD_ID, l.AMOUNT, l.SPC_RATE_MARK])).toEqual([
      ['GAD', 1_000_000, 1],
      ['GOI', 0, 4],
    ]);
  });
});

describe('salaryCellMultiple', () => {
  it.each([
    ['團體職業災害補償保險（月投保薪資 × 45）', 45],
    ['團體職業災害補償保險（月投保薪資 × 120）', 120],
    ['團體職業災害補償保險（月投保薪資 × 45）附註', null],
    ['團體職業災害補償保險（月投保薪資 × 1234）', null],
    ['團體職業災害補償保險', null],
  ])('%s → %s', (title, multiple) => {
    expect(salaryCellMultiple(title)).toBe(multiple);
  });
});
