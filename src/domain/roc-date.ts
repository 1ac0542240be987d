import { DateTime } from 'luxon';
import { ROC_YEAR_OFFSET } from './constants';
import { toHalfWidth, trimAll } from './input-helpers';

/** The zone in which "today" is read from an instant. */
export const TAIPEI = 'Asia/Taipei';

/** A calendar date as ISO 8601 `yyyy-MM-dd`: how dates are stored and sent. */
export type IsoDate = string;

/** Today, or any day, given either as an instant (read in Asia/Taipei) or as an ISO date. */
export type DayInput = Date | IsoDate;

/** Why a typed date was refused: unreadable (`format`) or readable but no such day (`not-a-date`). */
export type DateParseError = 'format' | 'not-a-date';

export type DateParse = { ok: true; date: IsoDate } | { ok: false; error: DateParseError };

/** How {@link formatRoc} writes a date: `115/01/05`, `1150105` (Rmmdd) or `民國115年1月5日`. */
export type RocStyle = 'slash' | 'compact' | 'chinese';

// Calendar arithmetic runs in UTC: a date has no time of day, and Taipei's historic DST days
// (1974-04-01, 1979-07-01) have no midnight. Asia/Taipei matters only when an instant becomes a date.
const CALENDAR = { zone: 'utc' } as const;

/** Whether a text is an ISO date (`yyyy-MM-dd`) of a day the calendar has (`2026-02-30` is not). */
export const isIsoDay = (text: string): boolean =>
  /^\d{4}-\d{2}-\d{2}$/.test(text) && DateTime.fromISO(text, CALENDAR).isValid;

function fromParts(year: number, month: number, day: number): DateParse {
  const dt = DateTime.fromObject({ year, month, day }, CALENDAR);
  return dt.isValid ? { ok: true, date: dt.toISODate()! } : { ok: false, error: 'not-a-date' };
}

function fromYearDigits(year: string, month: string, day: string): DateParse {
  // Up to 3 digits is a ROC year (79/05/12), 4 digits a Gregorian one (1990/05/12).
  const y = year.length <= 3 ? Number(year) + ROC_YEAR_OFFSET : Number(year);
  return fromParts(y, Number(month), Number(day));
}

/**
 * A visitor's year: `前N` is 民國前N年 (1912 − N), a ROC year counts from 民國1年 = 1912, which has no
 * year 0, and 4 digits are Gregorian.
 */
function fromRocYear(before: string | undefined, year: string, month: string, day: string): DateParse {
  if (Number(year) === 0) return { ok: false, error: 'not-a-date' }; // no calendar has a year 0
  if (before) return fromParts(ROC_YEAR_OFFSET + 1 - Number(year), Number(month), Number(day));
  return fromYearDigits(year, month, day);
}

function calendarDay(input: DayInput): DateTime {
  if (input instanceof Date) {
    const local = DateTime.fromJSDate(input, { zone: TAIPEI });
    return DateTime.fromObject({ year: local.year, month: local.month, day: local.day }, CALENDAR);
  }
  const dt = /^\d{4}-\d{2}-\d{2}$/.test(input)
    ? DateTime.fromISO(input, CALENDAR)
    : DateTime.invalid('format');
  if (!dt.isValid) throw new RangeError(`not an ISO date: ${input}`);
  return dt;
}

/** The calendar date in Taipei of an instant (`2024-02-29T23:30Z` → `2024-03-01`), or an ISO date as is. */
export function taipeiDate(day: DayInput): IsoDate {
  return calendarDay(day).toISODate()!;
}

/** `date` plus `days` calendar days. */
export function addDays(date: DayInput, days: number): IsoDate {
  return calendarDay(date).plus({ days }).toISODate()!;
}

/**
 * Completed years from `birth` to `on`. Someone born on 29 February turns a year older on 1 March in
 * common years.
 */
export function ageOn(birth: IsoDate, on: DayInput): number {
  const b = calendarDay(birth);
  const d = calendarDay(on);
  const beforeBirthday = d.month < b.month || (d.month === b.month && d.day < b.day);
  return d.year - b.year - (beforeBirthday ? 1 : 0);
}

/**
 * Reads the seed's Rmmdd format (docs/specification.md §3): 7 characters are a 3-digit ROC year + MM + dd, 6 are a
 * 2-digit ROC year + MM + dd, and any other length yields `today`.
 */
export function parseRmmdd(text: string, today: DayInput): DateParse {
  if (text.length !== 6 && text.length !== 7) return { ok: true, date: taipeiDate(today) };
  const m = /^(\d{2,3})(\d{2})(\d{2})$/.exec(text);
  return m ? fromYearDigits(m[1]!, m[2]!, m[3]!) : { ok: false, error: 'format' };
}

/**
 * Reads a date as a visitor types it, full-width digits included. ROC: `79/05/12`, `115-01-05`,
 * `115.01.05`, `1150105`, `115年1月5日`, `民國115年1月5日`, and what Intl and luxon print,
 * `民國115/01/05` and `民國115/1/5`; before 1912 `民國前1/12/31` and `民國前1年12月31日`. Gregorian:
 * `1990/05/12`, `1990-05-12`, `19900512`, `1990年5月12日`. A year of up to 3 digits is ROC; written
 * with separators or 年, ROC year 0 does not exist.
 */
export function parseDateInput(text: string): DateParse {
  const s = trimAll(toHalfWidth(text)).replace(/\s+/g, '');
  const roc = /^(民國(前)?)?(\d{1,4})(?:年(\d{1,2})月(\d{1,2})日|([/.-])(\d{1,2})\6(\d{1,2}))$/.exec(s);
  if (roc) {
    const [, era, before, year, ...rest] = roc;
    if (era && year!.length > 3) return { ok: false, error: 'format' };
    const [month, day] = rest[0] ? [rest[0], rest[1]!] : [rest[3]!, rest[4]!];
    return fromRocYear(before, year!, month, day);
  }
  const compact = /^(\d{2,4})(\d{2})(\d{2})$/.exec(s);
  // Digits alone are docs/specification.md §3's Rmmdd, plain year − 1911, whose year 000 the seed uses for an unknown
  // birth date (0000101, which docs/specification.md §9 accepts).
  if (compact) return fromYearDigits(compact[1]!, compact[2]!, compact[3]!);
  return { ok: false, error: 'format' };
}

/**
 * Writes an ISO date the ROC way; {@link parseDateInput} reads every style back. Before 1912 the
 * displayed styles write 民國前N年 as Intl does (`民國前1/12/31`, `民國前1年12月31日`). `compact` is
 * docs/specification.md §3's Rmmdd, plain year − 1911, so it writes 1911 as year 000 (the seed's unknown birth date
 * 0000101) and refuses anything earlier.
 */
export function formatRoc(date: IsoDate, style: RocStyle = 'slash'): string {
  const dt = calendarDay(date);
  const year = dt.year - ROC_YEAR_OFFSET;
  if (style === 'compact') {
    if (year < 0) throw new RangeError(`before Rmmdd year 000: ${date}`);
    return `${String(year).padStart(3, '0')}${dt.toFormat('MMdd')}`;
  }
  const era = year > 0 ? `${year}` : `民國前${1 - year}`;
  return style === 'chinese'
    ? `${year > 0 ? '民國' : ''}${era}年${dt.month}月${dt.day}日`
    : `${era}/${dt.toFormat('MM/dd')}`;
}

/** An instant as a Taipei visitor reads it: 「民國115年11月24日 14:05」. */
export function formatRocInstant(instant: Date | string): string {
  const at = new Date(instant);
  return `${formatRoc(taipeiDate(at), 'chinese')} ${DateTime.fromJSDate(at, { zone: TAIPEI }).toFormat('HH:mm')}`;
}

// One formatter for every call: a luxon DateTime per instant costs several times as much, and the queue's
// CSV export formats two instants a row, on the thread that answers every request.
const TAIPEI_SECOND = new Intl.DateTimeFormat('en-CA', {
  timeZone: TAIPEI,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An instant to the second as the staff read it, Taipei time: 「2026-11-24 14:05:33」. */
export function formatTaipeiSecond(instant: Date | string): string {
  const part: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const { type, value } of TAIPEI_SECOND.formatToParts(new Date(instant))) part[type] = value;
  return `${part.year?.padStart(4, '0')}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
