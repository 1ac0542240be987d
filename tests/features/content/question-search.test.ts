import { describe, expect, it } from 'vitest';
import { matchesQuery, queryWords } from '../../../src/features/content/question-search';

const ANSWER = '員工的配偶、子女（出生滿 15 日起）可依方案加保醫療保障；HR 可於企業網路保險服務辦理。';

describe('the questions’ search', () => {
  it('finds a Chinese word anywhere in the text, there being no spaces between words', () => {
    expect(matchesQuery(ANSWER, queryWords('加保'))).toBe(true);
    expect(matchesQuery(ANSWER, queryWords('退保'))).toBe(false);
  });

  it('needs every word of a query split on spaces, full-width ones too', () => {
    expect(matchesQuery(ANSWER, queryWords('配偶 醫療'))).toBe(true);
    expect(matchesQuery(ANSWER, queryWords('配偶\u3000醫療'))).toBe(true);
    expect(matchesQuery(ANSWER, queryWords('配偶 理賠'))).toBe(false);
  });

  it('ignores width, case and punctuation', () => {
    expect(matchesQuery(ANSWER, queryWords('ｈｒ'))).toBe(true);
    expect(matchesQuery(ANSWER, queryWords('１５日'))).toBe(true);
    expect(matchesQuery(ANSWER, queryWords('配偶子女'))).toBe(true);
    expect(matchesQuery(ANSWER, queryWords('配偶、子女？'))).toBe(true);
  });

  it('matches everything for a query of spaces or punctuation only', () => {
    expect(queryWords('  ，？ ')).toEqual([]);
    expect(matchesQuery(ANSWER, [])).toBe(true);
  });
});
