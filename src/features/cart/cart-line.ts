import type { CartClass } from '../../domain/cart-item';
import { formatMoney } from '../../domain/money';

/** How a cart line's amount reads: salary-multiple lines carry FACE_AMT 1 (docs/specification.md §9). */
export function lineAmount(item: CartClass, line: CartClass['PROD_LIST'][number]): string {
  return item.IS_SLRY_MLTPL === 'Y' && line.FACE_AMT === 1 ? '依月投保薪資倍數' : formatMoney(line.FACE_AMT);
}
