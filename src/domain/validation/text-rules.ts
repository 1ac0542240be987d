import { displayWidth } from '../input-helpers';
import { messages } from '../messages';
import { isBlank, labelOf, type Param, type Rule } from './params';

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
// WHATWG "valid e-mail address", with at least one dot in the domain.
const EMAIL =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const B2B_EMAIL = /^[A-Za-z0-9_.-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)*\.[A-Za-z]{2,4}$/;
// Whitespace, ASCII punctuation and symbols, CJK and general punctuation, and full-width forms.
// CJK ideographs pass: names and addresses use this rule too.
const SPECIAL = /[\s!-/:-@[-`{-~\u2000-\u206f\u3000-\u303f\uff01-\uffef]/;
// Control characters (C0, DEL, C1) and a surrogate half without its partner, which no database or JSON
// text takes; in a /u pattern a proper pair is one code point and never matches \p{Cs}.
const UNPRINTABLE = /[\p{Cc}\p{Cs}]/u;

/** Whether `text` holds a character no visitor types: a control character or a lone surrogate. */
export function hasUnprintable(text: string): boolean {
  return UNPRINTABLE.test(text);
}

function matches(name: string, pattern: RegExp, message: Rule['message']): Rule {
  return { name, message, test: (value) => isBlank(value) || pattern.test(String(value)) };
}

/** SPEC §5 decimal: 「X必須為數字」 (a number or a plain decimal string). */
export function decimal(): Rule {
  return {
    name: 'decimal',
    message: (p) => messages.decimal(labelOf(p)),
    test: (value) =>
      isBlank(value) || (typeof value === 'number' ? Number.isFinite(value) : DECIMAL.test(String(value))),
  };
}

/** SPEC §5 numeric: 「X必須為整數」. */
export function numeric(): Rule {
  return {
    name: 'numeric',
    message: (p) => messages.numeric(labelOf(p)),
    test: (value) =>
      isBlank(value) || (typeof value === 'number' ? Number.isInteger(value) : INTEGER.test(String(value))),
  };
}

/** SPEC §5 email: a valid e-mail address. */
export function email(): Rule {
  return matches('email', EMAIL, messages.email);
}

/** SPEC §5 B2B email: letters, digits, `_ . -` before @, a domain and a 2-4 letter suffix; same message. */
export function b2bEmail(): Rule {
  return matches('b2bEmail', B2B_EMAIL, messages.email);
}

/** SPEC §5 regex: no special symbols, spaces or full-width characters. */
export function noSpecialCharacters(): Rule {
  return {
    name: 'noSpecialCharacters',
    message: (p) => messages.noSpecialCharacters(labelOf(p)),
    test: (value) => isBlank(value) || !SPECIAL.test(String(value)),
  };
}

/** 「X含有無法辨識的字元」: NUL, other control characters, a lone surrogate. Every text field has it. */
export function printable(): Rule {
  return {
    name: 'printable',
    message: (p) => messages.unprintable(labelOf(p)),
    test: (value) => isBlank(value) || !hasUnprintable(String(value)),
  };
}

/** SPEC §5 max length: non-ASCII characters count 2; 「X長度限制為N」. */
export function maxLength(max: number): Rule {
  return {
    name: 'maxLength',
    message: (p) => messages.maxLength(labelOf(p), max),
    test: (value) => isBlank(value) || displayWidth(String(value)) <= max,
  };
}

/** SPEC §5 captcha: 「驗證碼錯誤」 unless `verified` (a value or a reference) is exactly `true`. */
export function captcha(verified: Param<boolean>): Rule {
  return {
    name: 'captcha',
    message: messages.captcha,
    test(value) {
      return isBlank(value) || this.resolve(verified) === true;
    },
  };
}

/** SPEC §5 generic: fails with `message` while `error` is exactly `true`, whatever the value. */
export function generic(options: { error: Param<boolean>; message: Param<string> }): Rule {
  return {
    name: 'generic',
    test(_value) {
      if (this.resolve(options.error) !== true) return true;
      return this.createError({ message: String(this.resolve(options.message)) });
    },
  };
}
