import { DateTime } from 'luxon';
import { messages } from '../../domain/messages';
import { TAIPEI } from '../../domain/roc-date';

/** The longest period a traffic query may cover, in days: a quarter. */
export const TRAFFIC_DAYS_MAX = 92;

/** A period of Taipei days as instants: from the first day's midnight up to, not including, the next one's. */
export interface TrafficPeriod {
  start: Date;
  end: Date;
}

/** The instants of the Taipei days [from, to], at most `maxDays` of them, or the message refusing them. */
export function trafficPeriod(
  from: string,
  to: string,
  maxDays = TRAFFIC_DAYS_MAX,
): { period: TrafficPeriod } | { problem: string } {
  const first = DateTime.fromISO(from, { zone: TAIPEI });
  const last = DateTime.fromISO(to, { zone: TAIPEI });
  if (!first.isValid) return { problem: messages.format('起日') };
  if (!last.isValid) return { problem: messages.format('迄日') };
  if (first > last) return { problem: '起日不可晚於迄日' };
  const days = Math.round(last.diff(first, 'days').days) + 1;
  if (days > maxDays) return { problem: `起日至迄日最長 ${maxDays} 天` };
  // startOf('day'): Taipei's DST days of the 1970s had no midnight
  return {
    period: { start: first.startOf('day').toJSDate(), end: last.plus({ days: 1 }).startOf('day').toJSDate() },
  };
}
