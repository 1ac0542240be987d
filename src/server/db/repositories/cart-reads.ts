import type { CartClass } from '../../../domain/cart-item';
import { cachedCartRead } from '../read-cache';
import { cartItemLines, type Db } from './cart-lines';

export async function findCart(db: Db, cartNo: string): Promise<{ cartNo: string; channel: string } | null> {
  if (!cartNo) return null;
  const row = await db
    .selectFrom('carts')
    .select(['cart_no', 'channel'])
    .where('cart_no', '=', cartNo)
    .executeTakeFirst();
  return row ? { cartNo: row.cart_no, channel: row.channel } : null;
}

export async function countCartItems(db: Db, cartNo: string): Promise<number> {
  const row = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('cart_no', '=', cartNo)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/**
 * The cart's items in insertion order, each with its lines in ORDER_SEQ order, product names and join
 * ages (the shopcart forms check the insured ages against them).
 */
export async function listCartClasses(db: Db, cartNo: string): Promise<CartClass[]> {
  return toClasses(await cartLines(db, cartNo).execute());
}

/** The cart's item lines, each with its product's name and join ages, in the order the cart lists them. */
function cartLines(db: Db, cartNo: string) {
  return cartItemLines(db, cartNo)
    .select(LINE_COLUMNS)
    .orderBy('ci.class_id')
    .orderBy('cip.order_seq')
    .orderBy('cip.prod_id');
}

/**
 * The cart with its items as {@link listCartClasses} lists them, in one query (getCart); null when there
 * is no such cart. Kept in memory on the embedded database until the cart changes (db/read-cache.ts):
 * callers share the answer and must not change it.
 */
export const readCart = cachedCartRead(loadCart);

async function loadCart(
  db: Db,
  cartNo: string,
): Promise<{ cartNo: string; channel: string; revision: number; classes: CartClass[] } | null> {
  if (!cartNo) return null;
  // plain left joins from the cart row: planned in a third of the time the same rows took through a
  // joined subquery, and planning was most of a read
  const rows = await db
    .selectFrom('carts as c')
    .leftJoin('cart_items as ci', 'ci.cart_no', 'c.cart_no')
    .leftJoin('cart_item_products as cip', 'cip.class_id', 'ci.class_id')
    .leftJoin('products as p', 'p.prod_id', 'cip.prod_id')
    .select(['c.channel', 'c.revision', ...LINE_COLUMNS])
    .where('c.cart_no', '=', cartNo)
    .orderBy('ci.class_id')
    .orderBy('cip.order_seq')
    .orderBy('cip.prod_id')
    .execute();
  const [first] = rows;
  if (!first) return null;
  // an empty cart is one row of nulls; an item's lines are written with it, so no item lacks them
  const lines = rows.filter((row): row is typeof row & CartLine => row.prod_id !== null);
  return { cartNo, channel: first.channel, revision: Number(first.revision), classes: toClasses(lines) };
}

/** An item line: the item, one of its products and that product's name and join ages. */
const LINE_COLUMNS = [
  'ci.class_id',
  'ci.source_code',
  'ci.class_title',
  'ci.is_slry_mltpl',
  'cip.prod_id',
  'cip.order_seq',
  'cip.is_acc',
  'cip.face_amt_type',
  'cip.face_amt',
  'p.prod_name',
  'p.join_age_min',
  'p.join_age_max',
] as const;

type CartLine = Awaited<ReturnType<ReturnType<typeof cartLines>['execute']>>[number];

function toClasses(rows: readonly CartLine[]): CartClass[] {
  const classes = new Map<number, CartClass>();
  for (const row of rows) {
    let item = classes.get(row.class_id);
    if (!item) {
      item = {
        CLASS_ID: row.class_id,
        SOURCE_CODE: row.source_code,
        CLASS_TITLE: row.class_title,
        IS_SLRY_MLTPL: row.is_slry_mltpl,
        PROD_LIST: [],
      };
      classes.set(row.class_id, item);
    }
    item.PROD_LIST.push({
      PROD_ID: row.prod_id,
      ORDER_SEQ: row.order_seq,
      IS_ACC: row.is_acc,
      FACE_AMT_TYPE: row.face_amt_type,
      FACE_AMT: row.face_amt,
      PROD_NAME: row.prod_name,
      JOIN_AGE_MIN: row.join_age_min,
      JOIN_AGE_MAX: row.join_age_max,
    });
  }
  return [...classes.values()];
}
