import { SALARY_UNIT } from './constants';

/**
 * A whole number of `1/10^places` units written as zh-TW numbers read (`1,234.5`): thousands grouped with
 * commas, trailing zeros of the fraction dropped. Written by hand rather than with Intl.NumberFormat, whose
 * zh-TW locale data costs a visitor's phone tens of milliseconds to load at the app's start.
 */
function decimal(units: number, places: number): string {
  const digits = String(Math.abs(units)).padStart(places + 1, '0');
  const cut = digits.length - places;
  const fraction = digits.slice(cut).replace(/0+$/, '');
  return `${units < 0 ? '-' : ''}${digits.slice(0, cut).replace(/\B(?=(\d{3})+$)/g, ',')}${fraction && `.${fraction}`}`;
}

/**
 * The one money formatter (docs/specification.md §5). Amounts in NT$ of 10,000 and more are shown in 萬, rounded
 * half-up to 0.01萬 (100元) with trailing zeros dropped: 1,000,000 → `100萬`, 15,000 → `1.5萬`,
 * 12,345 → `1.23萬`. Smaller amounts are rounded to whole 元 with thousand separators: `9,999元`.
 * The unit is chosen after rounding, so 9,999.6 shows `1萬`.
 */
export function formatMoney(amount: number): string {
  const sign = amount < 0 ? '-' : '';
  const yuan = Math.round(Math.abs(amount));
  if (yuan < SALARY_UNIT) return `${sign}${decimal(yuan, 0)}元`;
  const hundredths = Math.round(Math.abs(amount) / (SALARY_UNIT / 100));
  return `${sign}${decimal(hundredths, 2)}萬`;
}

/**
 * Money as docs/specification.md §5 writes it, but exact to the 元: a premium or a labor-insurance grade rounded to 100元
 * would not be the amount it is (21,755 → `2.1755萬`, 28,590 → `2.859萬`); below 10,000 as
 * {@link formatMoney}: `1,914元`.
 */
export function formatMoneyExact(amount: number): string {
  const yuan = Math.round(amount);
  if (Math.abs(yuan) < SALARY_UNIT) return formatMoney(yuan);
  return `${decimal(yuan, 4)}萬`;
}

/**
 * Reads back what {@link formatMoney} writes (`'1.5萬'` → 15000, `'9,999元'` → 9999); also takes a bare
 * number with separators. Returns null for anything else.
 */
export function parseMoney(text: string): number | null {
  const m = /^(-?)([\d,]+(?:\.\d+)?)(萬|元)?$/.exec(text.trim());
  if (!m) return null;
  const value = Number(m[2]!.replace(/,/g, ''));
  const yuan = m[3] === '萬' ? Math.round(value * SALARY_UNIT) : value;
  return m[1] ? -yuan : yuan;
}
