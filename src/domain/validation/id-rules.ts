import { messages } from '../messages';
import { isValidNationalId, isValidPersonId, isValidResidentId } from '../national-id';
import { isValidTaxId } from '../tax-id';
import { isBlank, labelOf, type Rule } from './params';

function idRule(name: string, isValid: (value: string) => boolean, message: Rule['message']): Rule {
  return { name, message, test: (value) => isBlank(value) || isValid(String(value)) };
}

/** 統一編號 with the current checksum (docs/domain.md §4.3); 「請輸入正確的X」. */
export function taxId(): Rule {
  return idRule(
    'taxId',
    (v) => isValidTaxId(v),
    (p) => messages.taxId(labelOf(p)),
  );
}

/** 身分證字號 (docs/domain.md §4.4); upper case expected, so build the field with `text(label, 'upper')`. */
export function nationalId(): Rule {
  return idRule('nationalId', isValidNationalId, (p) => messages.personId(labelOf(p)));
}

/** 居留證 / 統一證號, new or old form. */
export function residentId(): Rule {
  return idRule('residentId', isValidResidentId, (p) => messages.personId(labelOf(p)));
}

/** 身分證字號 or 統一證號: the 被保險人名冊 takes both. */
export function personId(): Rule {
  return idRule('personId', isValidPersonId, (p) => messages.personId(labelOf(p)));
}
