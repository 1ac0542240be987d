import type { InsertCart } from '../../../domain/api/cart-service';
import type { CartClass } from '../../../domain/cart-item';
import { checkCartItem, type ItemContext, type ProductFacts } from '../../cart/validate-item';
import { cartItemLines, type Db } from './cart-lines';
import { productsOnSale } from './catalogue';

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

/** What the item check needs; `exceptClassId`: an item of the cart that counts as not there (an update). */
export async function itemContext(
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

  let inCartQuery = cartItemLines(trx, cartNo).select('cip.prod_id');
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
