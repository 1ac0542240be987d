import type { AnyObject, TestContext } from 'yup';
import { EARLIEST_BIRTH_YEAR, INSURANCE_DATE_WINDOW, ROC_YEAR_OFFSET } from '../constants';
import { messages } from '../messages';
import { addDays, ageOn, type DayInput, parseDateInput, taipeiDate } from '../roc-date';
import { isBlank, labelOf, type Param, type Rule } from './params';

/*
 * Date rules read the field in any form `parseDateInput` accepts (ISO after `dateText()`'s cast).
 * "Today" is never read from the clock here: pass `today` (an instant, read in Asia/Taipei, or an ISO
 * date) as an option, or as `$today` in the validation context (`schema.validate(v, { context })`).
 */

function todayOf(ctx: TestContext<AnyObject>, given: Param<DayInput | undefined> | undefined): string {
  const today = ctx.resolve(given) ?? ctx.options.context?.today;
  if (today === undefined) throw new Error(`${ctx.path}: pass today as an option or as context $today`);
  return taipeiDate(today);
}

/** The field is a real day; 「日期錯誤」 otherwise. */
export function validDate(): Rule {
  return {
    name: 'validDate',
    message: messages.dateError,
    test: (value) => isBlank(value) || parseDateInput(String(value)).ok,
  };
}

/**
 * docs/specification.md §5 insurance date: from today + 14 to today + 60 days inclusive (docs/specification.md §9), today in
 * Asia/Taipei. A date that is no day fails with 「日期錯誤」.
 */
export function insuranceDate(options: { today?: Param<DayInput | undefined> } = {}): Rule {
  const { minDays, maxDays } = INSURANCE_DATE_WINDOW;
  return {
    name: 'insuranceDate',
    message: (p) => messages.insuranceDate(labelOf(p), minDays, maxDays),
    test(value) {
      if (isBlank(value)) return true;
      const parsed = parseDateInput(String(value));
      if (!parsed.ok) return this.createError({ message: messages.dateError() });
      const today = todayOf(this, options.today);
      return parsed.date >= addDays(today, minDays) && parsed.date <= addDays(today, maxDays);
    },
  };
}

/** Reads an age range written `'A,B'` (the seed's form) or given as a pair. */
function ageBounds(range: string | readonly [number, number]): [number, number] {
  const [min, max] = typeof range === 'string' ? range.split(',').map((n) => Number(n.trim())) : range;
  if (!Number.isInteger(min) || !Number.isInteger(max)) throw new RangeError(`age range: ${String(range)}`);
  return [min!, max!];
}

/**
 * docs/specification.md §5 age range: completed years on `on` (default today, see above) between A and B inclusive;
 * 「被保險人年齡須介於A至B歲」. A birth date that is no day passes: `birthDate()` reports it.
 */
export function ageRange(
  range: string | readonly [number, number],
  options: { on?: Param<DayInput | undefined> } = {},
): Rule {
  const [min, max] = ageBounds(range);
  return {
    name: 'ageRange',
    message: () => messages.ageRange(min, max),
    test(value) {
      if (isBlank(value)) return true;
      const parsed = parseDateInput(String(value));
      if (!parsed.ok) return true;
      const age = ageOn(parsed.date, todayOf(this, options.on));
      return age >= min && age <= max;
    },
  };
}

// The seed's placeholder for an unknown birth date: ROC year 0, 1 January.
const UNKNOWN_BIRTH_DATE = `${ROC_YEAR_OFFSET}-01-01`;

/**
 * docs/specification.md §5 ROC birth date: a real day, in 1931 or later (docs/specification.md §9), or exactly 1911-01-01;
 * 「出生日期格式錯誤」 (worded with the field's label).
 */
export function birthDate(): Rule {
  return {
    name: 'birthDate',
    message: (p) => messages.birthDate(labelOf(p)),
    test(value) {
      if (isBlank(value)) return true;
      const parsed = parseDateInput(String(value));
      if (!parsed.ok) return false;
      return parsed.date >= `${EARLIEST_BIRTH_YEAR}-01-01` || parsed.date === UNKNOWN_BIRTH_DATE;
    },
  };
}
