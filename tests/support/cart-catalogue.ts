import type { Insertable, Kysely } from 'kysely';
import { buildCartItem, type InputLine, type InputPackage } from '../../src/domain/cart-item';
import type { Database, PackageProductsTable, ProductsTable } from '../../src/server/db/schema';
import type { CartVisitor } from './cart-visitor';

/**
 * A small catalogue of its own for the cart tests, with ids the real seed does not use: a life product
 * (flat or salary), an accident product and its rider, an occupational salary product (PROD_CAT 3,
 * PROD_KIND 99), and 20 plain products so 20 distinct valid items can race for one cart.
 */
type Product = Insertable<ProductsTable>;

const base = {
  category: 'life',
  description: '測試用商品',
  is_rider: false,
  requires_prod_id: null,
  basis: 'flat',
  is_acc: 'N',
  prod_cat: 1,
  prod_kind: 1,
  min_amount: 100_000,
  max_amount: 1_000_000,
  amount_step: 100_000,
  join_age_min: 15,
  join_age_max: 65,
  renew_age_max: 70,
  rate_driver: 'age',
  rate_unit: 10_000,
  order_seq: 1,
} satisfies Omit<Product, 'prod_id' | 'prod_name'>;

export const LIFE: Product = {
  ...base,
  prod_id: 'TLIFE',
  prod_name: '測試壽險',
  basis: 'flat_or_salary',
  min_amount: 300_000,
  max_amount: 5_000_000,
};
export const ACCIDENT: Product = {
  ...base,
  prod_id: 'TACC',
  prod_name: '測試傷害保險',
  category: 'accident',
  is_acc: 'Y',
  prod_cat: 2,
  min_amount: 500_000,
  max_amount: 10_000_000,
  amount_step: 500_000,
};
export const ACCIDENT_MEDICAL: Product = {
  ...base,
  prod_id: 'TMED',
  prod_name: '測試傷害醫療',
  category: 'accident',
  is_rider: true,
  requires_prod_id: 'TACC',
  is_acc: 'Y',
  prod_cat: 2,
  prod_kind: 2,
  min_amount: 10_000,
  max_amount: 100_000,
  amount_step: 10_000,
};
export const OCCUPATIONAL: Product = {
  ...base,
  prod_id: 'TOCC',
  prod_name: '測試職災補償',
  category: 'occupational',
  basis: 'salary',
  is_acc: 'Y',
  prod_cat: 3,
  prod_kind: 99,
  min_amount: 0,
  max_amount: 3_000_000,
  amount_step: 0,
};
export const PLAIN: Product[] = Array.from({ length: 20 }, (_, i) => ({
  ...base,
  prod_id: `TP${String(i + 1).padStart(2, '0')}`,
  prod_name: `測試保障${i + 1}`,
}));

/** Packages by name: their lines as package_products rows (order_seq is the place in the list). */
export const PACKAGES: Record<string, Omit<Insertable<PackageProductsTable>, 'pack_id' | 'order_seq'>[]> = {
  測試基本型: [
    { prod_id: 'TLIFE', spc_rate_mark: 1, amount: 1_000_000 },
    { prod_id: 'TACC', spc_rate_mark: 1, amount: 1_000_000 },
    { prod_id: 'TMED', spc_rate_mark: 1, amount: 30_000 },
  ],
  測試薪資型: [
    { prod_id: 'TLIFE', spc_rate_mark: 2, salary_multiple: 24, amount_cap: 5_000_000 },
    { prod_id: 'TOCC', spc_rate_mark: 4, salary_multiple: 45, amount_cap: 3_000_000 },
  ],
};

export async function insertCartCatalogue(db: Kysely<Database>): Promise<void> {
  const products = [LIFE, ACCIDENT, ACCIDENT_MEDICAL, OCCUPATIONAL, ...PLAIN];
  await db
    .insertInto('products')
    .values(products)
    .onConflict((conflict) => conflict.column('prod_id').doNothing())
    .execute();
  // a product is on sale only with a rate band (src/server/db/repositories/catalogue.ts): one for every age
  await db
    .insertInto('premium_rates')
    .values(products.map(({ prod_id }) => ({ prod_id, age_min: 15, age_max: 70, rate: 10 })))
    .onConflict((conflict) => conflict.doNothing())
    .execute();
  for (const [index, [name, lines]] of Object.entries(PACKAGES).entries()) {
    const pack_id = `TPK${index + 1}`;
    await db
      .insertInto('packages')
      .values({
        pack_id,
        pack_name: name,
        tagline: '測試',
        description: '測試',
        audience: '測試',
        order_seq: 90,
      })
      .onConflict((conflict) => conflict.column('pack_id').doNothing())
      .execute();
    await db
      .insertInto('package_products')
      .values(lines.map((line, seq) => ({ ...line, pack_id, order_seq: seq + 1 })))
      .onConflict((conflict) => conflict.columns(['pack_id', 'prod_id']).doNothing())
      .execute();
  }
}

/** A fixture package as the catalogue would give it to buildCartItem. */
export function fixturePackage(name: keyof typeof PACKAGES & string): InputPackage {
  const products = new Map(
    [LIFE, ACCIDENT, ACCIDENT_MEDICAL, OCCUPATIONAL].map((product) => [product.prod_id, product]),
  );
  return {
    PACK_ID: name,
    PACK_NAME: name,
    PROD_LIST: (PACKAGES[name] ?? []).map((line, seq) => {
      const product = products.get(line.prod_id)!;
      return {
        PROD_ID: line.prod_id,
        ORDER_SEQ: seq + 1,
        IS_ACC: product.is_acc,
        AMOUNT: line.amount ?? 0,
        SPC_RATE_MARK: line.spc_rate_mark,
        PROD_CAT: product.prod_cat,
        PROD_KIND: product.prod_kind,
      };
    }),
  };
}

/** A product picked on its own at an amount (a flat cell), as a one-line package. */
export function cellPackage(product: Product, amount: number, line: Partial<InputLine> = {}): InputPackage {
  return {
    PACK_ID: product.prod_id,
    PACK_NAME: product.prod_name,
    PROD_LIST: [
      {
        PROD_ID: product.prod_id,
        ORDER_SEQ: 1,
        IS_ACC: product.is_acc,
        AMOUNT: amount,
        SPC_RATE_MARK: 1,
        PROD_CAT: product.prod_cat,
        PROD_KIND: product.prod_kind,
        ...line,
      },
    ],
  };
}

/** Fires insertCart for all of PLAIN at once into one new cart: its number and every answer body. */
export async function insertAllAtOnce(visitor: CartVisitor) {
  const cartNo = (await visitor.call('addCoki')).json().data.COOKIE_CART_NO as string;
  const answers = await Promise.all(
    PLAIN.map((product) =>
      visitor.call('insertCart', buildCartItem(cellPackage(product, 500_000), 'CELL', cartNo)),
    ),
  );
  return { cartNo, bodies: answers.map((answer) => answer.json()) };
}
