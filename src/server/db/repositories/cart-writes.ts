import { type Kysely, sql, type Transaction } from 'kysely';
import type { InsertCart, UpdateCartItem } from '../../../domain/api/cart-service';
import { messages } from '../../../domain/messages';
import { newCartNo } from '../../cart/cart-number';
import { checkCartItem } from '../../cart/validate-item';
import { CART_REVISIONS } from '../change-notices';
import { Refusal, refusableWrite } from '../refusable-write';
import type { Database } from '../schema';
import { itemContext } from './cart-item-checks';
import { cartItemLines, type Db } from './cart-lines';
import { countCartItems } from './cart-reads';

/** A cart its visitor changed: its number and its new revision, for the cart cookie. */
export interface ChangedCart {
  cartNo: string;
  revision: number;
}

/**
 * Marks a cart changed by its visitor, under its row lock: its time, and its next revision (migration
 * 0015), which the cart cookie carries so that every server process reads the cart as changed.
 */
export async function markCartChanged(trx: Transaction<Database>, cartNo: string): Promise<number> {
  const row = await trx
    .updateTable('carts')
    .set({ updated_at: sql`now()`, revision: sql`nextval(${sql.lit(CART_REVISIONS)})` })
    .where('cart_no', '=', cartNo)
    .returning('revision')
    .executeTakeFirstOrThrow();
  return Number(row.revision);
}

/**
 * Why a change was refused: the message, and the dialog the client opens (docs/specification.md §8), if any. The change
 * is rolled back: a refused insert stores nothing, not even the cart a first insert made for the session.
 */
export type CartRefusal = { dialog: 'modalCartFull' | 'modalCartItemError' | null; msg: string };

const refused = (msg: string, dialog: CartRefusal['dialog'] = 'modalCartItemError') =>
  new Refusal<CartRefusal>({ dialog, msg });

/** Removes every item of a locked cart (its application holds a copy) and answers the cart's new revision. */
export async function emptyCart(trx: Transaction<Database>, cartNo: string): Promise<number> {
  await trx.deleteFrom('cart_items').where('cart_no', '=', cartNo).execute();
  return markCartChanged(trx, cartNo);
}

/**
 * The cart of the visitor session, made if it has none. The session id is a unique key, so requests
 * racing from no cart all get the one cart the first of them made. `lock` takes its row lock too.
 */
export async function sessionCart(db: Db, sessionId: string, lock = false): Promise<string> {
  await db
    .insertInto('carts')
    .values({ cart_no: newCartNo(), session_id: sessionId })
    .onConflict((conflict) => conflict.column('session_id').doNothing())
    .execute();
  const query = db.selectFrom('carts').select('cart_no').where('session_id', '=', sessionId);
  const row = await (lock ? query.forUpdate() : query).executeTakeFirstOrThrow();
  return row.cart_no;
}

/**
 * Locks the cart's row (`select … for update`) until the transaction ends, so that writers to one cart
 * take turns. Answers its number, or undefined when there is no such cart (or no number to look for).
 */
export async function lockCart(trx: Transaction<Database>, cartNo: string): Promise<string | undefined> {
  if (!cartNo) return undefined;
  const row = await trx
    .selectFrom('carts')
    .select('cart_no')
    .where('cart_no', '=', cartNo)
    .forUpdate()
    .executeTakeFirst();
  return row?.cart_no;
}

/** The session lets go of its cart (clearCoki): its next insert starts a new one. */
export async function releaseSessionCart(db: Db, sessionId: string): Promise<void> {
  await db.updateTable('carts').set({ session_id: null }).where('session_id', '=', sessionId).execute();
}

/**
 * Puts an item in the visitor's cart (the cookie's, else the session's, made when there is none) and
 * answers the cart number. The cart row is locked (`select … for update`) for the whole check-and-insert,
 * so requests racing on one cart take turns: the cap and the duplicate check always see every item
 * committed before them.
 */
export function insertCartItem(
  db: Kysely<Database>,
  options: { cookieCartNo: string; sessionId: string; item: InsertCart; maxItems: number },
): Promise<ChangedCart | Refusal<CartRefusal>> {
  const { cookieCartNo, sessionId, item, maxItems } = options;
  return refusableWrite(db, async (trx) => {
    const target = (await lockCart(trx, cookieCartNo)) ?? (await sessionCart(trx, sessionId, true));
    if ((await countCartItems(trx, target)) >= maxItems) {
      return refused(messages.cartFull(maxItems), 'modalCartFull');
    }
    const error = checkCartItem(item, await itemContext(trx, item, target, cookieCartNo));
    if (error) return refused(error);

    const { class_id } = await trx
      .insertInto('cart_items')
      .values({
        cart_no: target,
        source_code: item.SOURCE_CODE,
        rlat_code: item.RLAT_CODE,
        class_title: item.CLASS_TITLE,
        is_slry_mltpl: item.IS_SLRY_MLTPL,
      })
      .returning('class_id')
      .executeTakeFirstOrThrow();
    await insertItemProducts(trx, class_id, item.PROD_LIST);
    return { cartNo: target, revision: await markCartChanged(trx, target) };
  });
}

/**
 * Changes an item of the visitor's cart (STEP1's amount chooser: a cell's amount, or a salary cell's
 * multiple and so its title): the same products, checked as insertCart checks a new item, except that
 * the item itself is no duplicate. The cart row is locked as for an insert.
 */
export function updateCartItem(
  db: Kysely<Database>,
  options: { cookieCartNo: string; item: UpdateCartItem },
): Promise<ChangedCart | Refusal<CartRefusal>> {
  const { cookieCartNo, item } = options;
  return refusableWrite(db, async (trx) => {
    const cartNo = await lockCart(trx, cookieCartNo);
    if (cartNo === undefined) return refused(messages.cartItemNotFound());
    const stored = await cartItemLines(trx, cartNo)
      .select(['ci.source_code', 'cip.prod_id'])
      .where('ci.class_id', '=', item.CLASS_ID)
      .execute();
    if (stored.length === 0) return refused(messages.cartItemNotFound());
    const storedIds = new Set(stored.map((row) => row.prod_id));
    const sameProducts =
      stored[0]!.source_code === item.SOURCE_CODE &&
      item.PROD_LIST.length === storedIds.size &&
      item.PROD_LIST.every((line) => storedIds.has(line.PROD_ID));
    if (!sameProducts) return refused(messages.cartPackageMismatch(item.CLASS_TITLE));
    const error = checkCartItem(item, await itemContext(trx, item, cartNo, cookieCartNo, item.CLASS_ID));
    if (error) return refused(error);

    await trx
      .updateTable('cart_items')
      .set({ class_title: item.CLASS_TITLE, is_slry_mltpl: item.IS_SLRY_MLTPL, rlat_code: item.RLAT_CODE })
      .where('class_id', '=', item.CLASS_ID)
      .execute();
    await trx.deleteFrom('cart_item_products').where('class_id', '=', item.CLASS_ID).execute();
    await insertItemProducts(trx, item.CLASS_ID, item.PROD_LIST);
    return { cartNo, revision: await markCartChanged(trx, cartNo) };
  });
}

/** Removes an item of the cart, unless a rider in another item needs one of its products. */
export function deleteCartItem(
  db: Kysely<Database>,
  cartNo: string,
  classId: number,
): Promise<ChangedCart | Refusal<CartRefusal>> {
  return refusableWrite(db, async (trx) => {
    // the same lock as an insert: no rider can arrive between the check and the delete
    await lockCart(trx, cartNo);
    const lines = await cartItemLines(trx, cartNo)
      .select(['cip.prod_id', 'p.prod_name'])
      .where('ci.class_id', '=', classId)
      .execute();
    if (lines.length === 0) return refused(messages.cartItemNotFound(), null);

    const dependent = await cartItemLines(trx, cartNo)
      .select(['p.prod_name', 'p.requires_prod_id'])
      .where('ci.class_id', '<>', classId)
      .where(
        'p.requires_prod_id',
        'in',
        lines.map((line) => line.prod_id),
      )
      .executeTakeFirst();
    if (dependent) {
      const main = lines.find((line) => line.prod_id === dependent.requires_prod_id);
      return refused(messages.cartMainHasRider(main?.prod_name ?? '', dependent.prod_name), null);
    }
    await trx.deleteFrom('cart_items').where('class_id', '=', classId).execute();
    return { cartNo, revision: await markCartChanged(trx, cartNo) };
  });
}

/** Stores an item's product lines (FACE_AMT_TYPE is 1: the item check refuses any other). */
async function insertItemProducts(trx: Db, classId: number, lines: InsertCart['PROD_LIST']): Promise<void> {
  await trx
    .insertInto('cart_item_products')
    .values(
      lines.map((line) => ({
        class_id: classId,
        prod_id: line.PROD_ID,
        order_seq: line.ORDER_SEQ,
        is_acc: line.IS_ACC,
        face_amt_type: 1 as const,
        face_amt: line.FACE_AMT,
      })),
    )
    .execute();
}
