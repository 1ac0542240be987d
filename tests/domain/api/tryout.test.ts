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
