import fc from 'fast-check';
import { Settings } from 'luxon';
import { afterEach, describe, expect, it } from 'vitest';
import {
  addDays,
  ageOn,
  formatRoc,
  formatRocInstant,
  parseDateInput,
  parseRmmdd,
  type RocStyle,
  taipeiDate,
} from '../../src/domain/roc-date';

afterEach(() => {
  Settings.defaultZone = 'Asia/Taipei';
});

describe('parseRmmdd (docs/specification.md §3)', () => {
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
    // What Intl's ROC calendar and luxon print, and docs/domain.md §4.5 recommends for date pickers.
    ['民國115/01/05', '2026-01-05'],
    ['民國115/1/5', '2026-01-05'],
    ['民國115-01-05', '2026-01-05'],
    ['民國 1/01/01', '1912-01-01'],
    // 民國前N年 is 1912 − N: there is no ROC year 0.
    ['民國前1/12/31', '1911-12-31'],
    ['民國前1年12月31日', '1911-12-31'],
    ['民國前12/06/01', '1900-06-01'],
    // Digits alone are docs/specification.md §3's Rmmdd (year − 1911): 000 is the seed's unknown birth date.
    ['0000101', '1911-01-01'],
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
    ['民國1990/05/12', 'format'],
    ['民國前1990/05/12', 'format'],
    ['前1/12/31', 'format'],
    ['民國115/01.05', 'format'],
    // ROC year 0 does not exist.
    ['0/01/01', 'not-a-date'],
    ['00/12/31', 'not-a-date'],
    ['0年1月1日', 'not-a-date'],
    ['民國0/01/01', 'not-a-date'],
    ['民國前0/01/01', 'not-a-date'],
    ['000/01/01', 'not-a-date'],
    ['0000/01/01', 'not-a-date'],
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
    ['1912-01-01', 'slash', '1/01/01'],
    ['1911-12-31', 'slash', '民國前1/12/31'],
    ['1911-12-31', 'chinese', '民國前1年12月31日'],
    ['1900-06-01', 'slash', '民國前12/06/01'],
  ])('%s as %s → %s', (iso, style, text) => {
    expect(formatRoc(iso, style)).toBe(text);
  });

  it("writes 1911 as Rmmdd year 000 (docs/specification.md §3's year − 1911; the seed's unknown birth date 0000101)", () => {
    expect(formatRoc('1911-01-01', 'compact')).toBe('0000101');
    expect(parseRmmdd('0000101', '2000-01-01')).toEqual({ ok: true, date: '1911-01-01' });
  });

  it('refuses an Rmmdd date before year 000', () => {
    expect(() => formatRoc('1910-12-31', 'compact')).toThrow(
      new RangeError('before Rmmdd year 000: 1910-12-31'),
    );
  });
});

const isoDates = fc
  .date({ min: new Date('1912-01-01T00:00:00Z'), max: new Date('2100-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));
// From 1600: Intl switches to the Julian calendar before 15 October 1582.
const before1912 = fc
  .date({ min: new Date('1600-01-01T00:00:00Z'), max: new Date('1911-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

// Intl's own ROC calendar, an implementation independent of luxon and of this module.
const intlRoc = new Intl.DateTimeFormat('zh-TW-u-ca-roc', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  timeZone: 'UTC',
});

describe("agrees with Intl's ROC calendar", () => {
  it('slash style is what Intl prints, without 民國 from year 1 on', () => {
    fc.assert(
      fc.property(fc.oneof(isoDates, before1912), (iso) => {
        const intl = intlRoc.format(new Date(`${iso}T00:00:00Z`));
        expect(formatRoc(iso)).toBe(intl.startsWith('民國前') ? intl : intl.replace(/^民國/, ''));
        expect(parseDateInput(intl)).toEqual({ ok: true, date: iso });
      }),
    );
  });
});

describe('ROC round trip over 1912..2100', () => {
  it.each<RocStyle>(['slash', 'chinese'])('before 1912: parse(format(d, %s)) = d', (style) => {
    fc.assert(
      fc.property(before1912, (iso) => {
        expect(parseDateInput(formatRoc(iso, style))).toEqual({ ok: true, date: iso });
      }),
    );
  });

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

describe('formatRocInstant', () => {
  it('writes an instant as Taipei reads it, the ROC day and the 24-hour time', () => {
    // 16:30 UTC on the 23rd is 00:30 on the 24th in Taipei
    expect(formatRocInstant('2026-11-23T16:30:00Z')).toBe('民國115年11月24日 00:30');
    expect(formatRocInstant(new Date('2026-11-24T06:05:00Z'))).toBe('民國115年11月24日 14:05');
  });
});
