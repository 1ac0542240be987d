import { messages } from '../messages';
import { isBlank, type Rule } from './params';

const CELL_PHONE = /^09\d{2}-?\d{3}-?\d{3}$/;
const HOME_PHONE = /^(?:\(0\d{1,2}\)|0\d{1,2})-?\d{3,4}-?\d{4}$/;

/** Whether `value` is a mobile number: 09xx + 6 digits, hyphens optional (`0912-345-678`). */
export function isCellPhone(value: string): boolean {
  return CELL_PHONE.test(value);
}

/**
 * Whether `value` is a landline: a 2-3 digit area code, optionally in brackets, then 3-4 and 4 digits,
 * hyphens optional (`02-2345-6789`, `(037)123-4567`); or a mobile number.
 */
export function isHomePhone(value: string): boolean {
  return HOME_PHONE.test(value) || CELL_PHONE.test(value);
}

/** docs/specification.md §5 cell phone: 「請輸入正確的手機號碼」. */
export function cellPhone(): Rule {
  return {
    name: 'cellPhone',
    message: messages.cellPhone,
    test: (value) => isBlank(value) || isCellPhone(String(value)),
  };
}

/** docs/specification.md §5 home phone: 「請輸入正確的電話號碼」. */
export function homePhone(): Rule {
  return {
    name: 'homePhone',
    message: messages.homePhone,
    test: (value) => isBlank(value) || isHomePhone(String(value)),
  };
}
