// Letter codes run A=10 … in this order, which places I, O, W and Z out of alphabetical order.
const LETTER_ORDER = 'ABCDEFGHJKLMNPQRSTUVXYWZIO';
const WEIGHTS = [1, 9, 8, 7, 6, 5, 4, 3, 2, 1, 1] as const;

/** What kind of personal ID a string is, if its shape matches one (checksum not yet verified). */
export type PersonIdKind = 'national' | 'resident' | 'resident-old';

function letterCode(letter: string): number {
  return LETTER_ORDER.indexOf(letter) + 10;
}

/**
 * The shape of a personal ID: 身分證 `[A-Z][12]…`, new 統一證號 `[A-Z][89]…`, old 統一證號 `[A-Z][A-D]…`
 * (A/B for residents without household registration and PRC/HK/Macau residents, C/D for foreigners;
 * no other second letter was ever issued).
 */
export function personIdKind(value: string): PersonIdKind | null {
  if (/^[A-Z][12]\d{8}$/.test(value)) return 'national';
  if (/^[A-Z][89]\d{8}$/.test(value)) return 'resident';
  if (/^[A-Z][A-D]\d{8}$/.test(value)) return 'resident-old';
  return null;
}

function hasValidChecksum(value: string): boolean {
  const first = letterCode(value[0]!);
  // The old 統一證號 replaces its second letter by the units digit of that letter's code.
  const second = /[A-Z]/.test(value[1]!) ? letterCode(value[1]!) % 10 : Number(value[1]);
  const digits = [Math.floor(first / 10), first % 10, second, ...value.slice(2).split('').map(Number)];
  const sum = digits.reduce((total, digit, i) => total + digit * WEIGHTS[i]!, 0);
  return sum % 10 === 0;
}

/** 身分證字號 (docs/domain.md §4.4): `[A-Z][12]` + 8 digits with a valid checksum. Upper case expected. */
export function isValidNationalId(value: string): boolean {
  return personIdKind(value) === 'national' && hasValidChecksum(value);
}

/** 居留證 / 統一證號, new `[A-Z][89]…` or old `[A-Z][A-D]…`, with a valid checksum. Upper case expected. */
export function isValidResidentId(value: string): boolean {
  const kind = personIdKind(value);
  return (kind === 'resident' || kind === 'resident-old') && hasValidChecksum(value);
}

/** Either a 身分證字號 or a 統一證號: the 被保險人名冊 takes both. */
export function isValidPersonId(value: string): boolean {
  return personIdKind(value) !== null && hasValidChecksum(value);
}
