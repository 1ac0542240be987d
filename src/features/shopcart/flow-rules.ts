import type { ShopcartContext } from '../../../machines/shopcart.machine';
import type { ShopcartValidationContext } from '../../domain/api/shopcart';

/** The validation context of the shopcart forms, from the flow's cart facts; null while no ages fit. */
export function flowRules(context: ShopcartContext): ShopcartValidationContext | null {
  const { ages, needsSalary } = context.cart;
  return ages && { today: context.today, ages, needsSalary };
}

/** The confirm button of a step opened from STEP3's 修改. */
export const RETURN_TO_REVIEW = '完成修改，回到確認申請內容';
