/**
 * Input helpers: the one full-width converter and the one double-width length counter, used by the
 * validation rules and by form fields that normalise on blur (docs/domain.md §4.6).
 */

const FULL_WIDTH_FIRST = 0xff01;
const FULL_WIDTH_LAST = 0xff5e;
const FULL_WIDTH_OFFSET = 0xfee0;
const IDEOGRAPHIC_SPACE = 0x3000;

/** Full-width ASCII (U+FF01–U+FF5E) becomes half-width and U+3000 a space; everything else is kept. */
export function toHalfWidth(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    if (code >= FULL_WIDTH_FIRST && code <= FULL_WIDTH_LAST)
      out += String.fromCodePoint(code - FULL_WIDTH_OFFSET);
    else if (code === IDEOGRAPHIC_SPACE) out += ' ';
    else out += ch;
  }
  return out;
}

/** Width as the seed counts it: an ASCII character is 1, any other character (code point) is 2. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text) width += ch.codePointAt(0)! <= 0x7f ? 1 : 2;
  return width;
}

/** The longest prefix of `text` whose {@link displayWidth} does not exceed `max`. */
export function truncateToWidth(text: string, max: number): string {
  let width = 0;
  let out = '';
  for (const ch of text) {
    width += ch.codePointAt(0)! <= 0x7f ? 1 : 2;
    if (width > max) break;
    out += ch;
  }
  return out;
}

/** Trims ASCII whitespace and the ideographic space at both ends, keeping the text as typed. */
export function trimAll(text: string): string {
  return text.replace(/^[\s\u3000]+|[\s\u3000]+$/g, '');
}

/** Half-width digits only: `'０９１２-３４５'` → `'0912345'`. */
export function digitsOnly(text: string): string {
  return toHalfWidth(text).replace(/[^0-9]/g, '');
}

/** Half-width ASCII letters and digits only. */
export function alphanumericOnly(text: string): string {
  return toHalfWidth(text).replace(/[^0-9A-Za-z]/g, '');
}

/** Half-width, trimmed and upper-cased (ID numbers: `'ａ１２３'` → `'A123'`). */
export function upperCase(text: string): string {
  return trimAll(toHalfWidth(text)).toUpperCase();
}

/**
 * Rounds half away from zero (四捨五入) to `digits` decimals; the exponent shift avoids binary
 * surprises such as `1.005 → 1`.
 */
export function roundTo(value: number, digits = 0): number {
  if (!Number.isFinite(value)) return value;
  const shifted = Math.round(Number(`${Math.abs(value)}e${digits}`));
  return Math.sign(value) * Number(`${shifted}e-${digits}`);
}

/** The normalisations a form field or a schema field can ask for by name. */
export const NORMALIZERS = {
  /** full-width to half-width, trimmed: phones, e-mail, dates, amounts */
  halfWidth: (text: string) => trimAll(toHalfWidth(text)),
  digits: digitsOnly,
  alphanumeric: alphanumericOnly,
  /** half-width and upper case: 身分證字號, 居留證號 */
  upper: upperCase,
  /** CJK text kept as typed, only trimmed */
  trim: trimAll,
} as const;

export type NormalizerName = keyof typeof NORMALIZERS;
