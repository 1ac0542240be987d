import { boolean, number, string } from 'yup';
import { NORMALIZERS, type NormalizerName, toHalfWidth, trimAll } from '../input-helpers';
import { messages } from '../messages';
import { parseDateInput } from '../roc-date';
import type { InputKind } from './locale';
import './locale';
import { labelOf, toNumber } from './params';
import { maxLength, printable, printableLines } from './text-rules';

/*
 * Field builders: each starts a yup schema carrying the field's label, so `.required()` and every rule
 * added with `.test(rule())` word their message with it. Text-like fields refuse control characters and
 * lone surrogates; a value of the wrong type reads 「X格式錯誤」 (./locale). A screen declares its schema like this:
 *
 *   const applicantSchema = object({
 *     mobile: text('手機號碼', 'halfWidth').required().test(cellPhone()),
 *     occupation: choice('職業類別').required(),
 *     agree: tick('同意聲明事項').isTrue(),
 *     birth: dateText('出生日期').required().test(birthDate()).test(ageRange('15,75', { on: today })),
 *     salary: amount('月投保薪資').required().test(laborInsuranceSalary()),
 *   });
 */

/**
 * A text field, trimmed; `normalize` names an input helper applied before the rules run (the same
 * name a FormField takes), e.g. `'halfWidth'` for phones and e-mail, `'upper'` for ID numbers.
 */
export function text(label: string, normalize: NormalizerName = 'trim') {
  const clean = NORMALIZERS[normalize];
  return string()
    .label(label)
    .transform((value: unknown) => (typeof value === 'string' ? clean(value) : value))
    .test(printable());
}

/** A dropdown: `.required()` says 「請選擇X」. */
export function choice(label: string) {
  return string()
    .label(label)
    .meta({ input: 'select' satisfies InputKind })
    .test(printable());
}

/** A checkbox: `.isTrue()` and `.required()` say 「請勾選X」. */
export function tick(label: string) {
  return boolean()
    .label(label)
    .meta({ input: 'check' satisfies InputKind });
}

/**
 * A number typed as text: full-width digits and thousand separators accepted; anything that is not a
 * plain decimal number fails with 「X必須為數字」 (the decimal rule).
 */
export function amount(label: string) {
  return number()
    .label(label)
    .transform((value: unknown, original: unknown) => {
      if (typeof original !== 'string') return value;
      const cleaned = trimAll(toHalfWidth(original)).replace(/,/g, '');
      return cleaned === '' ? undefined : toNumber(cleaned);
    })
    .typeError((params) => messages.decimal(labelOf(params)));
}

/**
 * A date typed in any accepted ROC or Gregorian form; a readable date is cast to ISO `yyyy-MM-dd`, so
 * rules and the payload see ISO. Unreadable text is kept for the date rules to report.
 */
export function dateText(label: string) {
  return string()
    .label(label)
    .transform((value: unknown) => {
      if (typeof value !== 'string') return value;
      const parsed = parseDateInput(value);
      return parsed.ok ? parsed.date : trimAll(value);
    })
    .test(printable());
}

/**
 * A text of several lines (a message): line breaks kept as `\n` whatever the browser sent, the whole
 * trimmed; other control characters are refused as in every text field.
 */
export function paragraphs(label: string) {
  return string()
    .label(label)
    .transform((value: unknown) => (typeof value === 'string' ? value.replace(/\r\n?/g, '\n').trim() : value))
    .test(printableLines());
}

/** The solved captcha a submission carries (an ALTCHA payload, checked and spent on the server). */
export function captchaPayload() {
  return optionalCaptchaPayload().required();
}

/** The same, on a form that asks for it only at times (the staff sign-in after wrong passwords): empty is none. */
export function optionalCaptchaPayload() {
  return text('驗證碼').test(maxLength(4000));
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** A submission's idempotency key: a UUID the browser made when the flow started. */
export function requestId(label: string) {
  return text(label)
    .required()
    .matches(UUID, { message: (p) => messages.format(labelOf(p)) });
}
