import type { Kysely } from 'kysely';
import type { Database } from './schema';
import { PACKAGES } from './seed-data/packages';
import { PRODUCTS } from './seed-data/products';
import { PREMIUM_RATES } from './seed-data/rates';

/**
 * The catalogue of docs/domain.md §2 (products, rate tables, packages), upserted by key in one transaction:
 * a second run changes nothing, and an edited seed row replaces the stored one. Package lines no longer
 * in the seed are removed; products and packages are never deleted (carts may name them).
 */
export async function seedCatalogue(db: Kysely<Database>): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('products')
      .values(PRODUCTS)
      .onConflict((oc) =>
        oc.column('prod_id').doUpdateSet((eb) => ({
          prod_name: eb.ref('excluded.prod_name'),
          category: eb.ref('excluded.category'),
          description: eb.ref('excluded.description'),
          is_rider: eb.ref('excluded.is_rider'),
          requires_prod_id: eb.ref('excluded.requires_prod_id'),
          basis: eb.ref('excluded.basis'),
          is_acc: eb.ref('excluded.is_acc'),
          prod_cat: eb.ref('excluded.prod_cat'),
          prod_kind: eb.ref('excluded.prod_kind'),
          min_amount: eb.ref('excluded.min_amount'),
          max_amount: eb.ref('excluded.max_amount'),
          amount_step: eb.ref('excluded.amount_step'),
          default_salary_multiple: eb.ref('excluded.default_salary_multiple'),
          salary_multiple_min: eb.ref('excluded.salary_multiple_min'),
          salary_multiple_max: eb.ref('excluded.salary_multiple_max'),
          salary_multiple_step: eb.ref('excluded.salary_multiple_step'),
          join_age_min: eb.ref('excluded.join_age_min'),
          join_age_max: eb.ref('excluded.join_age_max'),
          renew_age_max: eb.ref('excluded.renew_age_max'),
          waiting_days: eb.ref('excluded.waiting_days'),
          rate_driver: eb.ref('excluded.rate_driver'),
          rate_unit: eb.ref('excluded.rate_unit'),
          order_seq: eb.ref('excluded.order_seq'),
        })),
      )
      .execute();

    await trx
      .insertInto('premium_rates')
      .values(PREMIUM_RATES)
      .onConflict((oc) =>
        oc.columns(['prod_id', 'age_min', 'occupation_class']).doUpdateSet((eb) => ({
          age_max: eb.ref('excluded.age_max'),
          rate: eb.ref('excluded.rate'),
        })),
      )
      .execute();

    await trx
      .insertInto('packages')
      .values(PACKAGES.map(({ lines: _lines, ...pack }) => pack))
      .onConflict((oc) =>
        oc.column('pack_id').doUpdateSet((eb) => ({
          pack_name: eb.ref('excluded.pack_name'),
          tagline: eb.ref('excluded.tagline'),
          description: eb.ref('excluded.description'),
          audience: eb.ref('excluded.audience'),
          order_seq: eb.ref('excluded.order_seq'),
        })),
      )
      .execute();

    for (const pack of PACKAGES) {
      await trx
        .deleteFrom('package_products')
        .where('pack_id', '=', pack.pack_id)
        .where(
          'prod_id',
          'not in',
          pack.lines.map((line) => line.prod_id),
        )
        .execute();
    }
    await trx
      .insertInto('package_products')
      .values(
        PACKAGES.flatMap((pack) =>
          pack.lines.map((line, i) => ({
            pack_id: pack.pack_id,
            prod_id: line.prod_id,
            order_seq: i + 1,
            spc_rate_mark: line.spc_rate_mark,
            amount: line.amount ?? null,
            salary_multiple: line.salary_multiple ?? null,
            amount_cap: line.amount_cap ?? null,
          })),
        ),
      )
      .onConflict((oc) =>
        oc.columns(['pack_id', 'prod_id']).doUpdateSet((eb) => ({
          order_seq: eb.ref('excluded.order_seq'),
          spc_rate_mark: eb.ref('excluded.spc_rate_mark'),
          amount: eb.ref('excluded.amount'),
          salary_multiple: eb.ref('excluded.salary_multiple'),
          amount_cap: eb.ref('excluded.amount_cap'),
        })),
      )
      .execute();
  });
}
