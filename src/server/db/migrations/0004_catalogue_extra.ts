import { type Kysely, sql } from 'kysely';

// What the catalogue of 0002 could not say: the salary multiples a product may be bought at
// (GOI: 月投保薪資 × 24 to 60, docs/domain.md §2.2), and a natural key for rate bands so the seed can upsert them.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('products')
    .addColumn('salary_multiple_min', 'integer')
    .addColumn('salary_multiple_max', 'integer')
    .addColumn('salary_multiple_step', 'integer')
    .execute();
  await db.schema
    .alterTable('products')
    .addCheckConstraint(
      'products_salary_multiples',
      sql`(salary_multiple_min is null and salary_multiple_max is null and salary_multiple_step is null)
          or (0 < salary_multiple_min and salary_multiple_min <= salary_multiple_max and salary_multiple_step > 0)`,
    )
    .execute();

  // A band is an age band (occupation_class null) or a class (ages null): NULLS NOT DISTINCT makes
  // (prod_id, age_min, occupation_class) unique either way.
  await db.schema
    .createIndex('premium_rates_band_key')
    .on('premium_rates')
    .columns(['prod_id', 'age_min', 'occupation_class'])
    .unique()
    .nullsNotDistinct()
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('premium_rates_band_key').execute();
  await db.schema.alterTable('products').dropConstraint('products_salary_multiples').execute();
  await db.schema
    .alterTable('products')
    .dropColumn('salary_multiple_min')
    .dropColumn('salary_multiple_max')
    .dropColumn('salary_multiple_step')
    .execute();
}
