import { describe, expect, it } from 'vitest';
import { type Priority, recommend } from '../../src/domain/recommend';

describe('recommend', () => {
  it.each<[string, number, number, Priority[], string, string | null]>([
    ['office, no priority', 1, 10, [], 'BASIC', null],
    ['office, death and accident', 2, 20, ['death', 'accident'], 'BASIC', null],
    ['office, hospital', 1, 10, ['hospital'], 'ADVANCED', null],
    ['office, illness wins over hospital', 1, 10, ['hospital', 'illness'], 'PREMIUM', null],
    ['office, dependants add the family add-on', 1, 8, ['dependants'], 'BASIC', 'FAMILY'],
    ['class 3 factory', 3, 30, ['death'], 'MFG', null],
    ['class 4 with illness still gets GOI first', 4, 30, ['illness'], 'MFG', null],
    ['class 6 with dependants', 6, 12, ['dependants'], 'MFG', 'FAMILY'],
  ])('%s → %s', (_case, occupationClass, headcount, priorities, packId, addOnPackId) => {
    expect(recommend({ occupationClass, headcount, priorities })).toMatchObject({
      kind: 'package',
      packId,
      addOnPackId,
    });
  });

  it.each<[number, number, Priority[], RegExp]>([
    [3, 30, [], /職業災害補償保險.*勞動基準法第 59 條/],
    [5, 30, [], /第 5、6 類職業的費率較高/],
    [3, 30, ['hospital'], /不含住院醫療與重大疾病保障，可在「單項保障」另行加選/],
    [1, 10, ['illness'], /重大疾病與癌症/],
    [1, 10, ['dependants'], /眷屬加保型.*須搭配員工方案/],
    [1, 9, [], /5–9 人的團體費率/],
    [1, 10, [], /10 人的團體適用 10–49 人的團體費率（95 折）/],
  ])('class %i, %i people, %o: explains %s', (occupationClass, headcount, priorities, reason) => {
    const result = recommend({ occupationClass, headcount, priorities });
    expect(result.reasons.join('\n')).toMatch(reason);
  });

  it.each([50, 200])('still recommends for %i people but sends them to staff for a price', (headcount) => {
    const result = recommend({ occupationClass: 1, headcount, priorities: [] });
    expect(result).toMatchObject({ kind: 'package', packId: 'BASIC', negotiated: true });
    expect(result.reasons.at(-1)).toBe('50 人以上的團體，費率由雙方洽訂，不提供線上試算：請洽專人報價。');
  });

  it.each([1, 4])('explains the 5-person minimum to a company of %i', (headcount) => {
    const result = recommend({ occupationClass: 1, headcount, priorities: ['hospital'] });
    expect(result.kind).toBe('tooSmall');
    expect(result.reasons[0]).toBe(`團體保險須有 5 人以上的成員才能投保，貴公司目前為 ${headcount} 人。`);
  });

  it('quotes 5–49 people online', () => {
    for (const headcount of [5, 49]) {
      expect(recommend({ occupationClass: 2, headcount, priorities: [] })).toMatchObject({
        negotiated: false,
      });
    }
  });

  it('gives exactly the reasons that apply, in order', () => {
    expect(recommend({ occupationClass: 1, headcount: 10, priorities: [] }).reasons).toEqual([
      expect.stringMatching(/^以內勤為主的團體，基本型以壽險、傷害保險與傷害醫療/),
      '10 人的團體適用 10–49 人的團體費率（95 折），可線上試算保費。',
    ]);
    expect(recommend({ occupationClass: 2, headcount: 8, priorities: ['hospital'] }).reasons).toEqual([
      expect.stringMatching(/^您重視住院醫療：進階型含團體住院醫療保險/),
      '8 人的團體適用 5–9 人的團體費率，可線上試算保費。',
    ]);
    expect(
      recommend({ occupationClass: 3, headcount: 30, priorities: ['death', 'dependants'] }).reasons,
    ).toEqual([
      expect.stringMatching(/^第 3 類職業的工作風險較高：製造業安心型含團體職業災害補償保險/),
      expect.stringMatching(/^眷屬加保型/),
      '30 人的團體適用 10–49 人的團體費率（95 折），可線上試算保費。',
    ]);
  });

  it.each<Priority[]>([['illness'], ['hospital']])(
    'tells a class 3–6 group that wants %s where to find it',
    (priority) => {
      const result = recommend({ occupationClass: 4, headcount: 30, priorities: [priority] });
      expect(result.reasons).toContain('製造業安心型不含住院醫療與重大疾病保障，可在「單項保障」另行加選。');
      expect(result.reasons).not.toContainEqual(expect.stringMatching(/第 5、6 類/));
    },
  );

  it('tells a company below the minimum how to go on', () => {
    const result = recommend({ occupationClass: 1, headcount: 3, priorities: [] });
    expect(result.reasons).toHaveLength(2);
    expect(result.reasons[1]).toMatch(/^人數達 5 人後即可線上申請/);
  });
});
