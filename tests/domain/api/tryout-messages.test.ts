import { describe, expect, it } from 'vitest';
import { groupSchema, quoteRequestSchema } from '../../../src/domain/api/tryout';
import { firstError } from '../validation/first-error';

/*
 * STEP2 投保團體 of the premium trial: each refusal names the field the form labels, in the wording of
 * docs/specification.md §5 (X不可為空白, 請選擇X, X必須為數字, X須介於A至B之間, the age range), from 5 to 9,999
 * people (docs/domain.md: a group of at least 5; the trial prices up to 9,999).
 */

const context = { today: '2026-11-23', ages: [20, 45] as const, needsSalary: false };
const AVERAGE = { headcount: 5, occupationClass: '1', ageBasis: 'average', averageAge: 30 };
const group = (change: object, over: object = {}) =>
  firstError(groupSchema, { ...AVERAGE, ...change }, { ...context, ...over });
const bands = (ageBands: object) => group({ ageBasis: 'bands', averageAge: undefined, ageBands });

describe('the tryout group’s refusals', () => {
  it('takes 5 to 9,999 people', () => {
    expect(group({ headcount: 4 })).toBe('投保人數須介於5至9999之間');
    expect(group({ headcount: 10_000 })).toBe('投保人數須介於5至9999之間');
    expect(group({ headcount: 9_999, averageAge: 45 })).toBeNull();
    expect(group({ headcount: '1,000' })).toBeNull();
  });

  it('asks for the occupation class and the kind of age data', () => {
    expect(group({ occupationClass: '' })).toBe('請選擇職業類別');
    expect(group({ ageBasis: '' })).toBe('請選擇年齡資料');
  });

  it('names 平均年齡 and the join ages of the chosen cover', () => {
    expect(group({ averageAge: '' })).toBe('平均年齡不可為空白');
    expect(group({ averageAge: '三十' })).toBe('平均年齡必須為數字');
    expect(group({ averageAge: 46 })).toBe('被保險人年齡須介於20至45歲');
    expect(group({ averageAge: 19 })).toBe('被保險人年齡須介於20至45歲');
    expect(group({ averageAge: 20 })).toBeNull();
  });

  it('names each age band by its ages', () => {
    const labels = ['15–19 歲', '20–29 歲', '30–39 歲', '40–49 歲', '50–59 歲', '60 歲以上'];
    const keys = ['age15', 'age20', 'age30', 'age40', 'age50', 'age60'];
    keys.forEach((key, i) => {
      expect(bands({ age30: 5, [key]: -1 })).toBe(`${labels[i]}人數須介於0至9999之間`);
    });
    // every band within 15 to 70 is open when the chosen cover takes any age
    keys.forEach((key) => {
      expect(group({ ageBasis: 'bands', ageBands: { [key]: 5 } }, { ages: [15, 70] })).toBeNull();
    });
  });

  it('counts the bands against 投保人數 even with no join ages known yet', () => {
    expect(group({ ageBasis: 'bands', ageBands: { age60: 4 } }, { ages: undefined })).toBe(
      '各年齡層人數合計 4 人，須等於投保人數 5 人',
    );
    expect(group({ ageBasis: 'bands', ageBands: { age60: 5 } }, { ages: undefined })).toBeNull();
    // a head count that is no whole number is said once, by its own field
    expect(group({ headcount: '5.5', ageBasis: 'bands', ageBands: { age30: 3 } })).toBe('投保人數必須為整數');
  });

  it('asks how the salary is given, and the grade or amount, when a chosen line is a salary multiple', () => {
    const needs = { needsSalary: true };
    expect(group({}, needs)).toBe('請選擇月薪填寫方式');
    expect(group({ salaryBasis: 'monthly' }, needs)).toBe('請選擇月薪填寫方式');
    expect(group({ salaryBasis: 'grade' }, needs)).toBe('月投保薪資不可為空白');
    expect(group({ salaryBasis: 'amount' }, needs)).toBe('平均月薪不可為空白');
    expect(group({ salaryBasis: 'amount', salaryAmount: 0 }, needs)).toBe('平均月薪須介於1至200000之間');
    expect(group({ salaryBasis: 'amount', salaryAmount: 200_000 }, needs)).toBeNull();
  });
});

describe('the quote request', () => {
  it('names the cover and the group it lacks', () => {
    expect(firstError(quoteRequestSchema, { item: null, group: AVERAGE })).toBe('試算保障不可為空白');
    expect(firstError(quoteRequestSchema.pick(['group']), {})).toBe('投保團體不可為空白');
  });
});
