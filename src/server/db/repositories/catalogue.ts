import type { Kysely, Selectable, Transaction } from 'kysely';
import type {
  AmountBasis,
  CatalogueCell,
  CatalogueLine,
  CataloguePackage,
  ProductFacts,
} from '../../../domain/catalogue';
import { fromMonthlyPerPerson, type RateBand } from '../../../domain/pricing';
import { taipeiDate } from '../../../domain/roc-date';
import { cachedRead } from '../read-cache';
import type { Database, ProductsTable } from '../schema';

type Product = Selectable<ProductsTable> & { requires_prod_name: string | null };

const CATALOGUE_TABLES = ['products', 'packages', 'package_products', 'premium_rates'] as const;

/**
 * The products on sale: those with a rate band. Without one no premium can be worked out, so a product whose
 * bands are gone (a change staff made in the database) is neither listed nor accepted in an item, and a
 * package holding it is not listed, while the rest of the catalogue stays.
 */
export const productsOnSale = (db: Kysely<Database> | Transaction<Database>) =>
  db.selectFrom('premium_rates').select('premium_rates.prod_id');

/**
 * The packages in display order with their lines, or the one package `packId` (none if unknown). Kept in
 * memory per Taipei day (the from-price takes the rates in force) until a catalogue table changes.
 */
export async function listPackages(db: Kysely<Database>, packId?: string): Promise<CataloguePackage[]> {
  const packages = await cachedPackages(db, taipeiDate(new Date()));
  return packId === undefined ? packages : packages.filter((pack) => pack.PACK_ID === packId);
}

const cachedPackages = cachedRead(CATALOGUE_TABLES, loadPackages);

async function loadPackages(db: Kysely<Database>, today: string): Promise<CataloguePackage[]> {
  const [packs, lines, products, rates] = await Promise.all([
    db.selectFrom('packages').selectAll().orderBy('order_seq').execute(),
    db.selectFrom('package_products').selectAll().orderBy('order_seq').execute(),
    selectProducts(db),
    selectRates(db),
  ]);
  const productById = new Map(products.map((p) => [p.prod_id, p]));
  return packs.flatMap((pack) => {
    const own = lines.filter((line) => line.pack_id === pack.pack_id);
    if (own.some((line) => !productById.has(line.prod_id))) return [];
    const priced = own.map((line) => ({ line, product: productById.get(line.prod_id)! }));
    return {
      PACK_ID: pack.pack_id,
      PACK_NAME: pack.pack_name,
      TAGLINE: pack.tagline,
      DESCRIPTION: pack.description,
      AUDIENCE: pack.audience,
      FROM_MONTHLY_PER_PERSON: fromMonthlyPerPerson(
        priced.map(({ line, product }) => ({
          amount: line.amount,
          salaryMultiple: line.salary_multiple,
          amountCap: line.amount_cap,
          rateDriver: product.rate_driver,
          rateUnit: product.rate_unit,
          rates: rates.get(product.prod_id) ?? [],
        })),
        today,
      ),
      PROD_LIST: priced.map(({ line, product }): CatalogueLine => {
        const salary = line.salary_multiple !== null;
        return {
          PROD_ID: product.prod_id,
          ORDER_SEQ: line.order_seq,
          IS_ACC: product.is_acc,
          AMOUNT: line.amount ?? 0,
          SPC_RATE_MARK: line.spc_rate_mark,
          PROD_CAT: product.prod_cat,
          PROD_KIND: product.prod_kind,
          BASIS: salary ? 'salary' : basisOf(product),
          SALARY_MULTIPLE: line.salary_multiple,
          AMOUNT_CAP: line.amount_cap,
          ...factsOf(product),
        };
      }),
    };
  });
}

/** Every product as a single coverage item, in catalogue order; kept in memory until a catalogue table changes. */
export function listCells(db: Kysely<Database>): Promise<CatalogueCell[]> {
  return cachedCells(db, null);
}

const cachedCells = cachedRead(CATALOGUE_TABLES, loadCells);

async function loadCells(db: Kysely<Database>): Promise<CatalogueCell[]> {
  const products = await selectProducts(db);
  return products.map((p) => {
    const basis = basisOf(p);
    return {
      PROD_ID: p.prod_id,
      DESCRIPTION: p.description,
      ORDER_SEQ: p.order_seq,
      IS_ACC: p.is_acc,
      PROD_CAT: p.prod_cat,
      PROD_KIND: p.prod_kind,
      BASIS: basis,
      MIN_AMOUNT: p.min_amount,
      MAX_AMOUNT: p.max_amount,
      AMOUNT_STEP: p.amount_step,
      SALARY_MULTIPLE_MIN: basis === 'salary' ? p.salary_multiple_min : null,
      SALARY_MULTIPLE_MAX: basis === 'salary' ? p.salary_multiple_max : null,
      SALARY_MULTIPLE_STEP: basis === 'salary' ? p.salary_multiple_step : null,
      DEFAULT_SALARY_MULTIPLE: basis === 'salary' ? p.default_salary_multiple : null,
      AMOUNT_CAP: basis === 'salary' ? p.max_amount : null,
      ...factsOf(p),
    };
  });
}

// A cell of a flat-or-salary product is sold at a flat amount; salary modes come only in packages.
function basisOf(product: Product): AmountBasis {
  return product.basis === 'flat_or_salary' ? 'flat' : product.basis;
}

function factsOf(p: Product): ProductFacts {
  return {
    PROD_NAME: p.prod_name,
    IS_RIDER: p.is_rider,
    REQUIRES_PROD_ID: p.requires_prod_id,
    REQUIRES_PROD_NAME: p.requires_prod_name,
    JOIN_AGE_MIN: p.join_age_min,
    JOIN_AGE_MAX: p.join_age_max,
    RENEW_AGE_MAX: p.renew_age_max,
    WAITING_DAYS: p.waiting_days,
  };
}

function selectProducts(db: Kysely<Database>): Promise<Product[]> {
  return db
    .selectFrom('products as p')
    .leftJoin('products as main', 'main.prod_id', 'p.requires_prod_id')
    .selectAll('p')
    .select('main.prod_name as requires_prod_name')
    .where('p.prod_id', 'in', productsOnSale(db))
    .orderBy('p.order_seq')
    .execute();
}

async function selectRates(db: Kysely<Database>): Promise<Map<string, RateBand[]>> {
  const rows = await db.selectFrom('premium_rates').selectAll().orderBy('id').execute();
  const byProduct = new Map<string, RateBand[]>();
  for (const row of rows) {
    const band: RateBand = {
      ageMin: row.age_min,
      ageMax: row.age_max,
      occupationClass: row.occupation_class,
      rate: Number(row.rate),
    };
    byProduct.set(row.prod_id, [...(byProduct.get(row.prod_id) ?? []), band]);
  }
  return byProduct;
}
