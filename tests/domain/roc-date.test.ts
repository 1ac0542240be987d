import fc from 'fast-check';
import { Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  formatRoc,
  parseDateInput,
  parseRmmdd,
  type RocStyle,
  rocYear,
  taipeiDate,
} from '../../src/domain/roc-date';

afterEach(() => {
  Settings.defaultZone = 'Asia/Taipei';
});

describe('parseRmmdd (SPEC §3)', () => {
  const today = '2026-03-15';
  it.each([
    ['1150105', '2026-01-05'],
    ['0991231', '2010-12-31'],
    ['0000101', '1911-01-01'],
    ['790512', '1990-05-12'],
    ['11501', today],
    ['11501051', today],
    ['', today],
  ])('%s → %s', (text, iso) => {
    expect(parseRmmdd(text, today)).toEqual({ ok: true, date: iso });
  });

  it.each([
    ['1120229', 'not-a-date'],
    ['1151301', 'not-a-date'],
    ['115a105', 'format'],
    ['a150105', 'format'],
    ['790512x', 'format'],
  ])('%s fails with %s', (text, error) => {
    expect(parseRmmdd(text, today)).toEqual({ ok: false, error });
  });

  it('reads today in Taipei when given an instant', () => {
    expect(parseRmmdd('x', new Date('2024-02-29T23:30:00Z'))).toEqual({ ok: true, date: '2024-03-01' });
  });
});

describe('parseDateInput', () => {
  it.each([
    ['115/01/05', '2026-01-05'],
    ['115-01-05', '2026-01-05'],
    ['115.1.5', '2026-01-05'],
    ['79/05/12', '1990-05-12'],
    ['1150105', '2026-01-05'],
    ['115年1月5日', '2026-01-05'],
    ['民國115年1月5日', '2026-01-05'],
    ['民國 79 年 5 月 12 日', '1990-05-12'],
    ['１１５／０１／０５', '2026-01-05'],
    ['1990/05/12', '1990-05-12'],
    ['1990-05-12', '1990-05-12'],
    ['19900512', '1990-05-12'],
    ['1990年5月12日', '1990-05-12'],
    ['113/02/29', '2024-02-29'],
    [' 115/01/05\u3000', '2026-01-05'],
  ])('%s → %s', (text, iso) => {
    expect(parseDateInput(text)).toEqual({ ok: true, date: iso });
  });

  it.each([
    ['112/02/29', 'not-a-date'],
    ['115/13/01', 'not-a-date'],
    ['115/04/31', 'not-a-date'],
    ['2023-02-29', 'not-a-date'],
    ['115/01-05', 'format'],
    ['民國1990年5月12日', 'format'],
    ['abc', 'format'],
    ['', 'format'],
    ['12345', 'format'],
    ['x115年1月5日', 'format'],
    ['115年1月5日x', 'format'],
    ['x115/01/05', 'format'],
    ['115/01/05x', 'format'],
    ['x1150105', 'format'],
    ['1150105x', 'format'],
  ])('%s fails with %s', (text, error) => {
    expect(parseDateInput(text)).toEqual({ ok: false, error });
  });
});

describe('formatRoc', () => {
  it.each<[string, RocStyle, string]>([
    ['2026-01-05', 'slash', '115/01/05'],
    ['1990-05-12', 'slash', '79/05/12'],
    ['2010-12-31', 'compact', '0991231'],
    ['2026-01-05', 'chinese', '民國115年1月5日'],
  ])('%s as %s → %s', (iso, style, text) => {
    expect(formatRoc(iso, style)).toBe(text);
  });

  it("writes ROC year 0, the seed's unknown birth date, as Rmmdd 0000101", () => {
    expect(formatRoc('1911-01-01', 'compact')).toBe('0000101');
    expect(formatRoc('1911-12-31')).toBe('0/12/31');
  });

  it('refuses a date before ROC year 0', () => {
    expect(() => formatRoc('1910-12-31')).toThrow(new RangeError('before ROC year 0: 1910-12-31'));
  });

  it('displays the year minus 1911', () => {
    expect(rocYear('2026-01-05')).toBe(115);
    expect(rocYear('1912-01-01')).toBe(1);
  });
});

const isoDates = fc
  .date({ min: new Date('1912-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('ROC round trip over 1912..2100', () => {
  it.each<RocStyle>(['slash', 'compact', 'chinese'])('parse(format(d, %s)) = d', (style) => {
    fc.assert(
      fc.property(isoDates, (iso) => {
        expect(parseDateInput(formatRoc(iso, style))).toEqual({ ok: true, date: iso });
      }),
    );
  });

  it('Rmmdd: parseRmmdd(compact) = d', () => {
    fc.assert(
      fc.property(isoDates, (iso) => {
        expect(parseRmmdd(formatRoc(iso, 'compact'), '2000-01-01')).toEqual({ ok: true, date: iso });
      }),
    );
  });
});

describe('calendar arithmetic', () => {
  it('today is read in Taipei whatever the host zone', () => {
    Settings.defaultZone = 'UTC';
    expect(taipeiDate(new Date('2026-01-31T16:30:00Z'))).toBe('2026-02-01');
    expect(taipeiDate(new Date('2026-01-31T15:59:59Z'))).toBe('2026-01-31');
  });

  it.each([
    ['2024-02-15', 14, '2024-02-29'],
    ['2023-02-15', 14, '2023-03-01'],
    ['2026-12-20', 14, '2027-01-03'],
    ['1979-06-30', 1, '1979-07-01'], // a Taipei DST day without midnight
  ])('%s + %i days = %s', (from, days, to) => {
    expect(addDays(from, days)).toBe(to);
  });

  it.each([
    ['1990-05-12', '2026-04-30', 35],
    ['1990-05-12', '2026-06-01', 36],
    ['1990-05-12', '2026-05-11', 35],
    ['1990-05-12', '2026-05-12', 36],
    ['2000-02-29', '2025-02-28', 24],
    ['2000-02-29', '2025-03-01', 25],
    ['2000-02-29', '2024-02-29', 24],
  ])('born %s, on %s aged %i', (birth, on, age) => {
    expect(ageOn(birth, on)).toBe(age);
  });

  it.each(['2026-02-30', '2026/01/05', '2026-01-05T10:00', '+002026-01-05', '20260105', ''])(
    'refuses %s, which is no ISO date',
    (text) => {
      expect(() => taipeiDate(text)).toThrow(new RangeError(`not an ISO date: ${text}`));
      expect(() => addDays(text, 1)).toThrow(RangeError);
    },
  );
});
