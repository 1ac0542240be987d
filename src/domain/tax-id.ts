const WEIGHTS = [1, 2, 1, 2, 1, 2, 4, 1] as const;

/**
 * Which checksum to apply to a 統一編號: `mod5` since 2023-04-01 (the current rule), `mod10` before.
 * The old rule is kept to document the change and for old records.
 */
export type TaxIdRule = 'mod5' | 'mod10';

/**
 * Checks a 統一編號 (8 digits, docs/domain.md §4.3): each digit times weights 1,2,1,2,1,2,4,1, the two digits of
 * each product added, and the total divisible by 5 (or 10 under the old rule). When the 7th digit is
 * 7 its product 28 counts as 10 or as 1, so the total plus one may divide instead.
 */
export function isValidTaxId(value: string, rule: TaxIdRule = 'mod5'): boolean {
  if (!/^\d{8}$/.test(value)) return false;
  const divisor = rule === 'mod5' ? 5 : 10;
  let sum = 0;
  WEIGHTS.forEach((weight, i) => {
    const product = Number(value[i]) * weight;
    sum += Math.floor(product / 10) + (product % 10);
  });
  return sum % divisor === 0 || (value[6] === '7' && (sum + 1) % divisor === 0);
}
