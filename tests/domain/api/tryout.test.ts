import { describe, expect, it } from 'vitest';
import { bandWithin, groupProfile, groupSchema } from '../../../src/domain/api/tryout';

const context = { today: '2026-11-23', ages: [20, 45] as const, needsSalary: false };
const check = (group: object, over: Partial<typeof context> = {}) =>
  groupSchema.validate(group, { context: { ...context, ...over } }).then(
    (value) => ({ ok: true as const, value }),
    (error: Error) => ({ ok: false as const, message: error.message }),
  );
const bands = (ageBands: object, headcount = 5) => ({
  headcount,
  occupationClass: '1',
  ageBasis: 'bands',
  ageBands,
});

describe('the tryout group (STEP2 投保團體)', () => {
  it('refuses people in a band outside the join ages, and takes the bands that reach into them', async () => {
    expect(await check(bands({ age15: 1, age20: 4 }))).toEqual({
      ok: false,
      message: '被保險人年齡須介於20至45歲',
    });
    expect(await check(bands({ age60: 5 }))).toEqual({ ok: false, message: '被保險人年齡須介於20至45歲' });
    expect(await check(bands({ age15: '', age20: 2, age40: 3 }))).toMatchObject({ ok: true });
  });

  it('says a head count that is no number is one, without totting the bands up against it', async () => {
    const result = await check(bands({ age30: 10 }, 'ǂ' as unknown as number));
    expect(result).toEqual({ ok: false, message: '投保人數必須為數字' });
  });

  it('keeps only what the chosen basis asks: no average age with bands, no salary unless needed', async () => {
    const result = await check({
      ...bands({ age30: 5 }),
      averageAge: 99,
      salaryBasis: 'x',
      salaryAmount: -1,
    });
    expect(result).toEqual({
      ok: true,
      value: { headcount: 5, occupationClass: '1', ageBasis: 'bands', ageBands: { age30: 5 } },
    });
    const average = await check({
      headcount: 5,
      occupationClass: '1',
      ageBasis: 'average',
      averageAge: 30,
      ageBands: { age15: 'x' },
    });
    expect(average).toEqual({
      ok: true,
      value: { headcount: 5, occupationClass: '1', ageBasis: 'average', averageAge: 30 },
    });
  });

  it('asks the salary as a grade of the table in force on the day, or as an amount up to 20萬', async () => {
    const group = { headcount: 5, occupationClass: '1', ageBasis: 'average', averageAge: 30 };
    const needs = { needsSalary: true };
    expect(await check({ ...group, salaryBasis: 'grade', salaryGrade: '29,500' }, needs)).toMatchObject({
      ok: true,
    });
    // 28,590 was the lowest grade of 2025
    expect(await check({ ...group, salaryBasis: 'grade', salaryGrade: 28_590 }, needs)).toEqual({
      ok: false,
      message: '勞保投保薪資非級距金額',
    });
    expect(
      await check({ ...group, salaryBasis: 'grade', salaryGrade: 28_590 }, { ...needs, today: '2025-12-31' }),
    ).toMatchObject({ ok: true });
    expect(await check({ ...group, salaryBasis: 'amount', salaryAmount: 200_001 }, needs)).toEqual({
      ok: false,
      message: '平均月薪須介於1至200000之間',
    });
  });
});

describe('groupProfile', () => {
  it('clips the counted bands to the join ages and drops the empty ones', () => {
    const group = groupSchema.cast(bands({ age15: 2, age20: 0, age60: 3 }), { context });
    expect(groupProfile(group, [18, 65])).toEqual({
      headcount: 5,
      occupationClass: 1,
      ages: {
        kind: 'bands',
        bands: [
          { ageMin: 18, ageMax: 19, count: 2 },
          { ageMin: 60, ageMax: 65, count: 3 },
        ],
      },
    });
    expect(bandWithin({ ageMin: 60, ageMax: 70 }, [15, 59])).toBeNull();
  });
});

describe('the age bands of a group', () => {
  it('must add up to 投保人數; a count that is no head count says so itself', async () => {
    expect(await check(bands({ age30: 4 }))).toEqual({
      ok: false,
      message: '各年齡層人數合計 4 人，須等於投保人數 5 人',
    });
    expect(await check(bands({ age30: 6 }))).toEqual({
      ok: false,
      message: '各年齡層人數合計 6 人，須等於投保人數 5 人',
    });
    expect(await check(bands({ age30: 3, age40: 2 }))).toMatchObject({ ok: true });
    expect(await check(bands({ age30: 6, age40: -1 }))).toEqual({
      ok: false,
      message: '40–49 歲人數須介於0至9999之間',
    });
    expect(await check(bands({ age30: '4.5', age40: '0.5' }))).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^(30–39|40–49) 歲人數必須為整數$/),
    });
    // without a head count only its own message is said
    expect(await check({ ...bands({ age30: 3 }), headcount: '' })).toEqual({
      ok: false,
      message: '投保人數不可為空白',
    });
  });
});

describe('groupProfile: the group as pricing takes it', () => {
  const cast = (group: object) => groupSchema.cast(group, { context: { ...context, needsSalary: true } });

  it('an average age, and the salary of the basis chosen', () => {
    const base = { headcount: 5, occupationClass: '2', ageBasis: 'average', averageAge: 40 };
    expect(groupProfile(cast({ ...base, salaryBasis: 'grade', salaryGrade: 36_300 }), [15, 65])).toEqual({
      headcount: 5,
      occupationClass: 2,
      ages: { kind: 'average', age: 40 },
      averageSalary: 36_300,
    });
    expect(
      groupProfile(
        cast({ ...base, salaryBasis: 'amount', salaryAmount: 41_000, salaryGrade: 36_300 }),
        [15, 65],
      ),
    ).toMatchObject({ averageSalary: 41_000 });
  });

  it('keeps only the salary of the basis chosen when a line needs one', async () => {
    const group = { headcount: 5, occupationClass: '1', ageBasis: 'average', averageAge: 30 };
    const both = { salaryGrade: 29_500, salaryAmount: 41_000 };
    expect(await check({ ...group, salaryBasis: 'grade', ...both }, { needsSalary: true })).toEqual({
      ok: true,
      value: { ...group, salaryBasis: 'grade', salaryGrade: 29_500 },
    });
    expect(await check({ ...group, salaryBasis: 'amount', ...both }, { needsSalary: true })).toEqual({
      ok: true,
      value: { ...group, salaryBasis: 'amount', salaryAmount: 41_000 },
    });
  });

  it('a band of one age is a band', () => {
    expect(bandWithin({ ageMin: 60, ageMax: 70 }, [15, 60])).toEqual({ ageMin: 60, ageMax: 60 });
  });
});
