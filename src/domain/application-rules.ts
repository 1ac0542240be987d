import type { Cart } from './cart-item';

/** What the shopcart forms check against the cart: the join ages every product accepts, and salaries. */
export interface ApplicationRules {
  /** youngest and oldest insured age every product in the cart accepts; null when they do not overlap */
  ages: readonly [number, number] | null;
  /** a salary-multiple item is in the cart, so salaries are asked (docs/specification.md §9) */
  needsSalary: boolean;
}

/** The rules of a cart whose product lines carry their join ages (getCart). */
export function applicationRules(cart: Cart): ApplicationRules {
  const lines = cart.CLASS_LIST.flatMap((c) => c.PROD_LIST);
  const youngest = Math.max(...lines.map((l) => l.JOIN_AGE_MIN));
  const oldest = Math.min(...lines.map((l) => l.JOIN_AGE_MAX));
  return {
    ages: lines.length > 0 && youngest <= oldest ? [youngest, oldest] : null,
    needsSalary: cart.CLASS_LIST.some((c) => c.IS_SLRY_MLTPL === 'Y'),
  };
}

/** Tells two carts apart by what an application holds: items, their products and amounts. */
export function cartSignature(cart: Cart): string {
  return cart.CLASS_LIST.map(
    (c) => `${c.CLASS_ID}:${c.PROD_LIST.map((l) => `${l.PROD_ID}=${l.FACE_AMT}`).join(',')}`,
  ).join(';');
}
