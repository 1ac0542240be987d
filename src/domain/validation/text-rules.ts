import { displayWidth } from '../input-helpers';
import { messages } from '../messages';
import { isBlank, labelOf, type Param, type Rule } from './params';

const DECIMAL = /^[+-]?\d+(\.\d+)?$/;
const INTEGER = /^[+-]?\d+$/;
// An address a mail server delivers to (RFC 5321 without quoted local parts or address literals):
// dot-separated atoms before @, at most 64 characters there and 254 in all.
const EMAIL_LOCAL = /^[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-zA-Z0-9!#$%&'*+/=?^_`{|}~-]+)*$/;
// docs/specification.md §5's B2B local part (letters, digits, `_ . -`) plus `+`, which real mailboxes use for tags.
const B2B_LOCAL = /^[A-Za-z0-9_+-]+(?:\.[A-Za-z0-9_+-]+)*$/;
// Host names: labels of up to 63 letters, digits and inner hyphens.
const DOMAIN_LABEL = /^[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?$/;
// A top-level domain is letters (`.tw`, `.taipei`), or an internationalised one in its ASCII form
// (`.xn--kpry57d` is .台灣); never all digits, so an IP address is no domain.
const TOP_LABEL = /^(?:[a-zA-Z]{2,63}|xn--[a-zA-Z0-9-]{1,59})$/;
// docs/specification.md §5 asks for a B2B suffix of 2-4 characters; that refuses .taipei and .online, so 2-24 letters.
const B2B_TOP_LABEL = /^[a-zA-Z]{2,24}$/;
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

/** docs/specification.md §5 decimal: 「X必須為數字」 (a number or a plain decimal string). */
export function decimal(): Rule {
  return {
    name: 'decimal',
    message: (p) => messages.decimal(labelOf(p)),
    test: (value) =>
      isBlank(value) || (typeof value === 'number' ? Number.isFinite(value) : DECIMAL.test(String(value))),
  };
}

/** docs/specification.md §5 numeric: 「X必須為整數」. */
export function numeric(): Rule {
  return {
    name: 'numeric',
    message: (p) => messages.numeric(labelOf(p)),
    test: (value) =>
      isBlank(value) || (typeof value === 'number' ? Number.isInteger(value) : INTEGER.test(String(value))),
  };
}

function isMailAddress(text: string, local: RegExp, topLabel: RegExp): boolean {
  const at = text.lastIndexOf('@');
  if (at < 1 || at > 64 || text.length > 254) return false;
  const labels = text.slice(at + 1).split('.');
  return (
    local.test(text.slice(0, at)) &&
    labels.length >= 2 &&
    labels.every((label) => DOMAIN_LABEL.test(label)) &&
    topLabel.test(labels.at(-1)!)
  );
}

function mailAddress(name: string, local: RegExp, topLabel: RegExp): Rule {
  return {
    name,
    message: messages.email,
    test: (value) => isBlank(value) || isMailAddress(String(value), local, topLabel),
  };
}

/**
 * docs/specification.md §5 email: an address mail is delivered to. No leading, trailing or doubled dot before @, at most
 * 64 characters there and 254 in all, a domain of host-name labels ending in a top-level domain (so no
 * IP address); quoted local parts, non-ASCII and invisible characters are refused.
 */
export function email(): Rule {
  return mailAddress('email', EMAIL_LOCAL, TOP_LABEL);
}

/**
 * docs/specification.md §5 B2B email, same message: letters, digits, `_ . - +` before @ (dots as for {@link email}), a
 * domain whose labels neither start nor end with a hyphen, and a suffix of 2-24 letters (README:
 * decisions).
 */
export function b2bEmail(): Rule {
  return mailAddress('b2bEmail', B2B_LOCAL, B2B_TOP_LABEL);
}

/** docs/specification.md §5 regex: no special symbols, spaces or full-width characters. */
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

/** {@link printable} for a text of several lines: line breaks and tabs pass. */
export function printableLines(): Rule {
  return {
    name: 'printable',
    message: (p) => messages.unprintable(labelOf(p)),
    test: (value) => isBlank(value) || !hasUnprintable(String(value).replace(/[\n\t]/g, '')),
  };
}

/** docs/specification.md §5 max length: non-ASCII characters count 2; 「X長度限制為N」. */
export function maxLength(max: number): Rule {
  return {
    name: 'maxLength',
    message: (p) => messages.maxLength(labelOf(p), max),
    test: (value) => isBlank(value) || displayWidth(String(value)) <= max,
  };
}

/** docs/specification.md §5 captcha: 「驗證碼錯誤」 unless `verified` (a value or a reference) is exactly `true`. */
export function captcha(verified: Param<boolean>): Rule {
  return {
    name: 'captcha',
    message: messages.captcha,
    test(value) {
      return isBlank(value) || this.resolve(verified) === true;
    },
  };
}

/** docs/specification.md §5 generic: fails with `message` while `error` is exactly `true`, whatever the value. */
export function generic(options: { error: Param<boolean>; message: Param<string> }): Rule {
  return {
    name: 'generic',
    test(_value) {
      if (this.resolve(options.error) !== true) return true;
      return this.createError({ message: String(this.resolve(options.message)) });
    },
  };
}
