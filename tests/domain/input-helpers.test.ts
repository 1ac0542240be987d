import { describe, expect, it } from 'vitest';
import {
  alphanumericOnly,
  digitsOnly,
  displayWidth,
  NORMALIZERS,
  roundTo,
  toHalfWidth,
  truncateToWidth,
  upperCase,
} from '../../src/domain/input-helpers';

describe('toHalfWidth', () => {
  it.each([
    ['０９１２３４５６７８', '0912345678'],
    ['Ａ１２３４５６７８９', 'A123456789'],
    ['ａｂｃ＠ｅｘａｍｐｌｅ．ｃｏｍ', 'abc@example.com'],
    ['！～', '!~'],
    ['王\u3000小明', '王 小明'],
    ['王小明', '王小明'],
    ['𠀋', '𠀋'],
  ])('%s → %s', (input, expected) => {
    expect(toHalfWidth(input)).toBe(expected);
  });
});

describe('displayWidth counts non-ASCII as 2', () => {
  it.each([
    ['', 0],
    ['abc', 3],
    ['王小明', 6],
    ['王a', 3],
    ['台北市 101', 10],
    ['𠀋a', 3],
    ['０', 2],
    ['\u007f', 1], // DEL is still ASCII
    ['\u0080', 2],
  ])('%s → %i', (input, width) => {
    expect(displayWidth(input)).toBe(width);
  });
});

describe('truncateToWidth', () => {
  it.each([
    ['王小明', 5, '王小'],
    ['王小明', 6, '王小明'],
    ['ab王', 3, 'ab'],
    ['ab王', 4, 'ab王'],
    ['abc', 0, ''],
    ['a\u007fb', 2, 'a\u007f'],
  ])('%s to %i → %s', (input, max, expected) => {
    expect(truncateToWidth(input, max)).toBe(expected);
    expect(displayWidth(truncateToWidth(input, max))).toBeLessThanOrEqual(max);
  });
});

describe('filters', () => {
  it('keeps digits only, full-width included', () => {
    expect(digitsOnly('０９１２-345 ６７８')).toBe('0912345678');
  });
  it('keeps letters and digits only', () => {
    expect(alphanumericOnly('Ａb-1 2_３!')).toBe('Ab123');
  });
  it('upper-cases after converting and trimming', () => {
    expect(upperCase('\u3000ａ１２３４５６７８９ ')).toBe('A123456789');
  });
  it('trims the ideographic space but keeps CJK text', () => {
    expect(NORMALIZERS.trim('\u3000王小明\u3000')).toBe('王小明');
    expect(NORMALIZERS.trim(' \u3000\t王 小明\n \u3000')).toBe('王 小明');
    expect(NORMALIZERS.halfWidth(' ０２-２３４５ ')).toBe('02-2345');
  });
});

describe('roundTo rounds half away from zero', () => {
  it.each([
    [1.005, 2, 1.01],
    [2.5, 0, 3],
    [-2.5, 0, -3],
    [1234.5678, 1, 1234.6],
    [0.1 + 0.2, 2, 0.3],
    [7, 0, 7],
  ])('%f to %i → %f', (value, digits, expected) => {
    expect(roundTo(value, digits)).toBe(expected);
  });

  it.each([Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY, Number.NaN])('leaves %f as it is', (value) => {
    expect(roundTo(value, 2)).toBe(value);
  });
});
