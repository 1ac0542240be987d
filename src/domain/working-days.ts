import { addDays, type DayInput, type IsoDate, taipeiDate } from './roc-date';

/** Monday to Friday. National holidays and make-up working Saturdays are not known here. */
export function isWorkingDay(date: DayInput): boolean {
  const weekday = new Date(`${taipeiDate(date)}T00:00:00Z`).getUTCDay();
  return weekday !== 0 && weekday !== 6;
}

/**
 * The `days`-th working day (Mon–Fri) after `date` (an instant is read in Asia/Taipei): Friday + 1 is
 * Monday, Saturday + 1 is Monday too. Used for 「將於 3 個工作天內與您聯繫」 on the shopcart's done step.
 */
export function addWorkingDays(date: DayInput, days: number): IsoDate {
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`working days: ${days}`);
  let day = taipeiDate(date);
  for (let left = days; left > 0; ) {
    day = addDays(day, 1);
    if (isWorkingDay(day)) left -= 1;
  }
  return day;
}
