import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../schema';

export type Db = Kysely<Database> | Transaction<Database>;

/**
 * A cart's item lines, where every query over the items of one cart starts: each item (`ci`) with its
 * products (`cip`) and their catalogue rows (`p`). A line's product is always in the catalogue (a foreign
 * key), so the join with `p` leaves out no line.
 */
export function cartItemLines(db: Db, cartNo: string) {
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('cart_item_products as cip', 'cip.class_id', 'ci.class_id')
    .innerJoin('products as p', 'p.prod_id', 'cip.prod_id')
    .where('ci.cart_no', '=', cartNo);
}
