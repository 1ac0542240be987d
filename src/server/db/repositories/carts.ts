import { type Kysely, sql, type Transaction } from 'kysely';
import type { InsertCart, UpdateCartItem } from '../../../domain/api/cart-service';
import type { CartClass } from '../../../domain/cart-item';
import { messages } from '../../../domain/messages';
import { newCartNo } from '../../cart/cart-number';
import { checkCartItem, type ItemContext, type ProductFacts } from '../../cart/validate-item';
import { CART_REVISIONS } from '../migrations/0015_cart_revisions';
import { cachedCartRead } from '../read-cache';
import type { Database } from '../schema';
import { productsOnSale } from './catalogue';

type Db = Kysely<Database> | Transaction<Database>;

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

/** Why an insert was refused: the dialog the client opens (SPEC §8), and the message. */
export type CartRefusal = { refused: 'modalCartFull' | 'modalCartItemError'; msg: string };

export async function findCart(db: Db, cartNo: string): Promise<{ cartNo: string; channel: string } | null> {
  if (!cartNo) return null;
  const row = await db
    .selectFrom('carts')
    .select(['cart_no', 'channel'])
    .where('cart_no', '=', cartNo)
    .executeTakeFirst();
  return row ? { cartNo: row.cart_no, channel: row.channel } : null;
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
  return db
    .selectFrom('cart_items as ci')
    .innerJoin('cart_item_products as cip', 'cip.class_id', 'ci.class_id')
    .innerJoin('products as p', 'p.prod_id', 'cip.prod_id')
    .select(LINE_COLUMNS)
    .where('ci.cart_no', '=', cartNo)
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

/**
 * Puts an item in the visitor's cart (the cookie's, else the session's, made when there is none) and
 * answers the cart number. The cart row is locked (`select … for update`) for the whole check-and-insert,
 * so requests racing on one cart take turns: the cap and the duplicate check always see every item
 * committed before them.
 */
export function insertCartItem(
  db: Kysely<Database>,
  options: { cookieCartNo: string; sessionId: string; item: InsertCart; maxItems: number },
): Promise<ChangedCart | CartRefusal> {
  const { cookieCartNo, sessionId, item, maxItems } = options;
  return refusedOrDone(db, async (trx) => {
    const target = (await lockCart(trx, cookieCartNo)) ?? (await sessionCart(trx, sessionId, true));
    if ((await countCartItems(trx, target)) >= maxItems) {
      throw new Refused({ refused: 'modalCartFull', msg: messages.cartFull(maxItems) });
    }
    const error = checkCartItem(item, await itemContext(trx, item, target, cookieCartNo));
    if (error) throw new Refused({ refused: 'modalCartItemError', msg: error });

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

/** Ends a transaction rolled back, answering its refusal. */
class Refused extends Error {
  constructor(readonly refusal: CartRefusal) {
    super(refusal.refused);
  }
}

/**
 * Runs `work` in a transaction: a refusal it throws rolls back all it wrote (an insert refused stores
 * nothing, not even the cart a first insert made for the session) and is answered.
 */
async function refusedOrDone<T>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T>,
): Promise<T | CartRefusal> {
  try {
    return await db.transaction().execute(work);
  } catch (error) {
    if (error instanceof Refused) return error.refusal;
    throw error;
  }
}

/**
 * Changes an item of the visitor's cart (STEP1's amount chooser: a cell's amount, or a salary cell's
 * multiple and so its title): the same products, checked as insertCart checks a new item, except that
 * the item itself is no duplicate. The cart row is locked as for an insert.
 */
export function updateCartItem(
  db: Kysely<Database>,
  options: { cookieCartNo: string; item: UpdateCartItem },
): Promise<ChangedCart | CartRefusal> {
  const { cookieCartNo, item } = options;
  const refused = (msg: string): CartRefusal => ({ refused: 'modalCartItemError', msg });
  return db.transaction().execute(async (trx) => {
    const cartNo = await lockCart(trx, cookieCartNo);
    if (cartNo === undefined) return refused(messages.cartItemNotFound());
    const stored = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('cart_item_products as cip', 'cip.class_id', 'ci.class_id')
      .select(['ci.source_code', 'cip.prod_id'])
      .where('ci.cart_no', '=', cartNo)
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

/**
 * The item check of every item of a stored cart, as insertCart checked it (each item against the
 * others): the first refusal's message, or null. For a submit: the catalogue may have changed since.
 */
export async function checkCartItems(
  db: Db,
  cartNo: string,
  classes: readonly CartClass[],
): Promise<string | null> {
  for (const stored of classes) {
    const item: InsertCart = {
      SOURCE_CODE: stored.SOURCE_CODE,
      SHOPCART_CART_NO: cartNo,
      RLAT_CODE: '0',
      CLASS_TITLE: stored.CLASS_TITLE,
      IS_SLRY_MLTPL: stored.IS_SLRY_MLTPL,
      PROD_LIST: stored.PROD_LIST.map(({ PROD_ID, ORDER_SEQ, IS_ACC, FACE_AMT_TYPE, FACE_AMT }) => ({
        PROD_ID,
        ORDER_SEQ,
        IS_ACC,
        FACE_AMT_TYPE,
        FACE_AMT,
      })),
    };
    const error = checkCartItem(item, await itemContext(db, item, cartNo, cartNo, stored.CLASS_ID));
    if (error) return error;
  }
  return null;
}

/**
 * Whether an item may be priced on its own (the tryout): the item check of insertCart against the
 * catalogue and an empty cart, so a rider still needs its main product in the item.
 */
export async function checkItemAlone(db: Db, item: InsertCart): Promise<string | null> {
  return checkCartItem({ ...item, SHOPCART_CART_NO: '' }, await itemContext(db, item, '', ''));
}

/**
 * An item that passed {@link checkItemAlone} as a cart's item is listed: its lines with product names and
 * join ages.
 */
export async function describeItem(db: Db, item: InsertCart): Promise<CartClass> {
  const ids = item.PROD_LIST.map((line) => line.PROD_ID);
  const products = await db
    .selectFrom('products')
    .select(['prod_id', 'prod_name', 'join_age_min', 'join_age_max'])
    .where('prod_id', 'in', ids)
    .execute();
  const byId = new Map(products.map((p) => [p.prod_id, p]));
  return {
    CLASS_ID: 0,
    SOURCE_CODE: item.SOURCE_CODE,
    CLASS_TITLE: item.CLASS_TITLE,
    IS_SLRY_MLTPL: item.IS_SLRY_MLTPL,
    PROD_LIST: [...item.PROD_LIST]
      .sort((a, b) => a.ORDER_SEQ - b.ORDER_SEQ)
      .map((line) => {
        const product = byId.get(line.PROD_ID)!;
        return {
          PROD_ID: line.PROD_ID,
          ORDER_SEQ: line.ORDER_SEQ,
          IS_ACC: line.IS_ACC,
          FACE_AMT_TYPE: 1 as const,
          FACE_AMT: line.FACE_AMT,
          PROD_NAME: product.prod_name,
          JOIN_AGE_MIN: product.join_age_min,
          JOIN_AGE_MAX: product.join_age_max,
        };
      }),
  };
}

/** Removes an item of the cart, unless a rider in another item needs one of its products. */
export function deleteCartItem(
  db: Kysely<Database>,
  cartNo: string,
  classId: number,
): Promise<{ deleted: true; revision: number } | { deleted: false; msg: string }> {
  return db.transaction().execute(async (trx) => {
    // the same lock as an insert: no rider can arrive between the check and the delete
    await lockCart(trx, cartNo);
    const lines = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('cart_item_products as cip', 'cip.class_id', 'ci.class_id')
      .innerJoin('products as p', 'p.prod_id', 'cip.prod_id')
      .select(['cip.prod_id', 'p.prod_name'])
      .where('ci.cart_no', '=', cartNo)
      .where('ci.class_id', '=', classId)
      .execute();
    if (lines.length === 0) return { deleted: false, msg: messages.cartItemNotFound() };

    const dependent = await trx
      .selectFrom('cart_items as ci')
      .innerJoin('cart_item_products as cip', 'cip.class_id', 'ci.class_id')
      .innerJoin('products as p', 'p.prod_id', 'cip.prod_id')
      .select(['p.prod_name', 'p.requires_prod_id'])
      .where('ci.cart_no', '=', cartNo)
      .where('ci.class_id', '<>', classId)
      .where(
        'p.requires_prod_id',
        'in',
        lines.map((line) => line.prod_id),
      )
      .executeTakeFirst();
    if (dependent) {
      const main = lines.find((line) => line.prod_id === dependent.requires_prod_id);
      return { deleted: false, msg: messages.cartMainHasRider(main?.prod_name ?? '', dependent.prod_name) };
    }
    await trx.deleteFrom('cart_items').where('class_id', '=', classId).execute();
    return { deleted: true, revision: await markCartChanged(trx, cartNo) };
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

/** What the item check needs; `exceptClassId`: an item of the cart that counts as not there (an update). */
async function itemContext(
  trx: Db,
  item: InsertCart,
  cartNo: string,
  visitorCartNo: string,
  exceptClassId?: number,
): Promise<ItemContext> {
  const ids = item.PROD_LIST.map((line) => line.PROD_ID);
  const products = await productFacts(trx, ids);
  const mains = [...products.values()]
    .map((product) => product.requiresProdId)
    .filter((id): id is string => id !== null && !products.has(id));
  for (const main of await productFacts(trx, mains)) products.set(...main);

  const packageLines = await trx
    .selectFrom('package_products as pp')
    .innerJoin('packages as pk', 'pk.pack_id', 'pp.pack_id')
    .select(['pp.pack_id', 'pp.prod_id', 'pp.spc_rate_mark'])
    .where('pk.pack_name', '=', item.CLASS_TITLE)
    .execute();
  const packages = new Map<string, Map<string, number>>();
  for (const line of packageLines) {
    const marks = packages.get(line.pack_id) ?? new Map<string, number>();
    marks.set(line.prod_id, line.spc_rate_mark);
    packages.set(line.pack_id, marks);
  }

  let inCartQuery = trx
    .selectFrom('cart_item_products as cip')
    .innerJoin('cart_items as ci', 'ci.class_id', 'cip.class_id')
    .select('cip.prod_id')
    .where('ci.cart_no', '=', cartNo);
  if (exceptClassId !== undefined) inCartQuery = inCartQuery.where('ci.class_id', '<>', exceptClassId);
  const inCart = await inCartQuery.execute();
  return {
    visitorCartNo,
    products,
    packages: [...packages.values()],
    cartProductIds: new Set(inCart.map((row) => row.prod_id)),
  };
}

async function productFacts(trx: Db, ids: string[]): Promise<Map<string, ProductFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await trx
    .selectFrom('products')
    .selectAll()
    .where('prod_id', 'in', ids)
    .where('prod_id', 'in', productsOnSale(trx))
    .execute();
  return new Map(
    rows.map((row) => [
      row.prod_id,
      {
        prodId: row.prod_id,
        name: row.prod_name,
        isAcc: row.is_acc,
        requiresProdId: row.requires_prod_id,
        basis: row.basis,
        prodCat: row.prod_cat,
        prodKind: row.prod_kind,
        minAmount: row.min_amount,
        maxAmount: row.max_amount,
        amountStep: row.amount_step,
        salaryMultiples:
          row.salary_multiple_min !== null &&
          row.salary_multiple_max !== null &&
          row.salary_multiple_step !== null
            ? { min: row.salary_multiple_min, max: row.salary_multiple_max, step: row.salary_multiple_step }
            : null,
      },
    ]),
  );
}
