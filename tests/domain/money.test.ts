import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { formatMoney, formatMoneyExact, parseMoney } from '../../src/domain/money';

describe('formatMoney', () => {
  it.each([
    [0, '0元'],
    [500, '500元'],
    [9_999, '9,999元'],
    [9_999.4, '9,999元'],
    [9_999.6, '1萬'],
    [10_000, '1萬'],
    [15_000, '1.5萬'],
    [12_345, '1.23萬'],
    [12_350, '1.24萬'],
    [1_000_000, '100萬'],
    [3_000_000, '300萬'],
    [123_456_789, '12,345.68萬'],
    [-9_999, '-9,999元'],
    [-15_000, '-1.5萬'],
  ])('%d → %s', (amount, text) => {
    expect(formatMoney(amount)).toBe(text);
  });
});

describe('parseMoney', () => {
  it.each([
    ['9,999元', 9_999],
    ['1.5萬', 15_000],
    ['100萬', 1_000_000],
    ['12,345.68萬', 123_456_800],
    ['2500', 2_500],
    ['-1萬', -10_000],
    [' 1.5萬 ', 15_000],
    ['十萬', null],
    ['x100萬', null],
    ['100萬x', null],
    ['1.5萬元', null],
    ['', null],
  ])('%s → %s', (text, amount) => {
    expect(parseMoney(text)).toBe(amount);
  });
});

const amounts = fc.integer({ min: 0, max: 10_000_000_000 });

describe('formatMoney properties', () => {
  it('uses 萬 from 10,000 on and 元 below', () => {
    fc.assert(
      fc.property(amounts, (a) => {
        expect(formatMoney(a).endsWith(a >= 10_000 ? '萬' : '元')).toBe(true);
      }),
    );
  });

  it('reads back exactly below 10,000 and within 50元 above', () => {
    fc.assert(
      fc.property(amounts, (a) => {
        const back = parseMoney(formatMoney(a))!;
        if (a < 10_000) expect(back).toBe(a);
        else expect(Math.abs(back - a)).toBeLessThanOrEqual(50);
      }),
    );
  });

  it('is monotone: a larger amount never reads back smaller', () => {
    fc.assert(
      fc.property(amounts, amounts, (a, b) => {
        const [lo, hi] = a <= b ? [a, b] : [b, a];
        expect(parseMoney(formatMoney(lo))!).toBeLessThanOrEqual(parseMoney(formatMoney(hi))!);
      }),
    );
  });
});

describe('formatMoneyExact', () => {
  it.each([
    [21_755, '2.1755萬'],
    [11_313, '1.1313萬'],
    [10_000, '1萬'],
    [106_600, '10.66萬'],
    [9_999, '9,999元'],
    [1_914, '1,914元'],
    [191, '191元'],
  ])('%i → %s: exact to the 元', (amount, text) => {
    expect(formatMoneyExact(amount)).toBe(text);
  });
});

// The zh-TW number format the formatters must write, as the browser's own Intl writes it.
const zhTW = (digits: number) => new Intl.NumberFormat('zh-TW', { maximumFractionDigits: digits });

describe('money reads as zh-TW numbers do', () => {
  const signed = fc.integer({ min: -10_000_000_000, max: 10_000_000_000 });

  it('formatMoney groups and rounds as Intl.NumberFormat', () => {
    fc.assert(
      fc.property(signed, (a) => {
        const sign = a < 0 ? '-' : '';
        const yuan = Math.abs(a);
        const expected =
          yuan < 10_000
            ? `${sign}${zhTW(0).format(yuan)}元`
            : `${sign}${zhTW(2).format(Math.round(yuan / 100) / 100)}萬`;
        expect(formatMoney(a)).toBe(expected);
      }),
    );
  });

  it('formatMoneyExact keeps every 元 as Intl.NumberFormat writes 4 decimals', () => {
    fc.assert(
      fc.property(signed, (a) => {
        fc.pre(Math.abs(a) >= 10_000);
        expect(formatMoneyExact(a)).toBe(`${zhTW(4).format(a / 10_000)}萬`);
      }),
    );
  });
});
