import { type AnyMessageParams, number, string } from 'yup';
import { messages } from '../messages';
import { isIsoDay } from '../roc-date';
import './locale';
import { labelOf } from './params';

/*
 * The fields of a list's query string, written once: every staff list and the content pages build their
 * query schemas from these, so a page, a count or a day is read and refused alike everywhere.
 */

/** The most pages a list may be paged to. */
export const PAGE_MAX = 10_000;

/** A whole number of a query string, from `min` to `max`; empty is none. */
export const wholeNumber = (label: string, min: number, max: number) =>
  number()
    .label(label)
    .transform((value: unknown, original: unknown) => (original === '' ? undefined : value))
    .typeError((p) => messages.numeric(labelOf(p)))
    .integer((p) => messages.numeric(labelOf(p)))
    .min(min, (p) => `${labelOf(p)}不可小於${min}`)
    .max(max, (p) => `${labelOf(p)}不可大於${max}`);

/** The page of a list, from 1; the first when none is asked for. 頁碼, except where a list calls it 頁次. */
export const pageField = (label: '頁碼' | '頁次' = '頁碼') => wholeNumber(label, 1, PAGE_MAX).default(1);

/** A day the calendar has (`2026-02-30` is not), in the form a date input gives it (YYYY-MM-DD). */
const CALENDAR_DAY = {
  name: 'day',
  message: (p: AnyMessageParams) => messages.format(labelOf(p)),
  test: (value: string | undefined) => value == null || isIsoDay(value),
};

/** A Taipei day of a list's filter, as a date input gives it (YYYY-MM-DD), and one the calendar has. */
export const dayField = (label: string) => string().label(label).test(CALENDAR_DAY);

/** The same day, when the query must have one: empty says so before the format does. */
export const requiredDayField = (label: string) => string().label(label).required().test(CALENDAR_DAY);
