import { type Kysely, sql } from 'kysely';

// The catalogue (docs/domain.md §2): products, packages of products, premium rates, and site settings.
// Amounts are whole NT$; rates are NT$ per rate_unit of sum insured per year.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('products')
    .addColumn('prod_id', 'text', (col) => col.primaryKey())
    .addColumn('prod_name', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) =>
      col.notNull().check(sql`category in ('life', 'accident', 'medical', 'illness', 'occupational')`),
    )
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('is_rider', 'boolean', (col) => col.notNull())
    .addColumn('requires_prod_id', 'text', (col) => col.references('products.prod_id'))
    .addColumn('basis', 'text', (col) =>
      col.notNull().check(sql`basis in ('flat', 'salary', 'flat_or_salary', 'daily')`),
    )
    .addColumn('is_acc', 'text', (col) => col.notNull().check(sql`is_acc in ('Y', 'N')`))
    .addColumn('prod_cat', 'integer', (col) => col.notNull())
    .addColumn('prod_kind', 'integer', (col) => col.notNull())
    .addColumn('min_amount', 'integer', (col) => col.notNull())
    .addColumn('max_amount', 'integer', (col) => col.notNull())
    .addColumn('amount_step', 'integer', (col) => col.notNull())
    .addColumn('default_salary_multiple', 'integer')
    .addColumn('join_age_min', 'integer', (col) => col.notNull())
    .addColumn('join_age_max', 'integer', (col) => col.notNull())
    .addColumn('renew_age_max', 'integer', (col) => col.notNull())
    .addColumn('waiting_days', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('rate_driver', 'text', (col) => col.notNull().check(sql`rate_driver in ('age', 'class')`))
    .addColumn('rate_unit', 'integer', (col) => col.notNull())
    .addColumn('order_seq', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('packages')
    .addColumn('pack_id', 'text', (col) => col.primaryKey())
    .addColumn('pack_name', 'text', (col) => col.notNull())
    .addColumn('tagline', 'text', (col) => col.notNull())
    .addColumn('description', 'text', (col) => col.notNull())
    .addColumn('audience', 'text', (col) => col.notNull())
    .addColumn('order_seq', 'integer', (col) => col.notNull())
    .execute();

  // One line of a package. spc_rate_mark says how the line is rated (docs/specification.md §9): 2 = salary multiple,
  // 4 with the product's prod_cat 3 and prod_kind 99 = occupational salary multiple, 1 = flat amount.
  await db.schema
    .createTable('package_products')
    .addColumn('pack_id', 'text', (col) => col.notNull().references('packages.pack_id').onDelete('cascade'))
    .addColumn('prod_id', 'text', (col) => col.notNull().references('products.prod_id'))
    .addColumn('order_seq', 'integer', (col) => col.notNull())
    .addColumn('spc_rate_mark', 'integer', (col) => col.notNull())
    .addColumn('amount', 'integer')
    .addColumn('salary_multiple', 'integer')
    .addColumn('amount_cap', 'integer')
    .addPrimaryKeyConstraint('package_products_pkey', ['pack_id', 'prod_id'])
    .addCheckConstraint(
      'package_products_amount_or_multiple',
      sql`(amount is null) <> (salary_multiple is null)`,
    )
    .execute();

  await db.schema
    .createTable('premium_rates')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('prod_id', 'text', (col) => col.notNull().references('products.prod_id').onDelete('cascade'))
    .addColumn('age_min', 'integer')
    .addColumn('age_max', 'integer')
    .addColumn('occupation_class', 'integer')
    .addColumn('rate', 'numeric(10, 2)', (col) => col.notNull())
    .addCheckConstraint(
      'premium_rates_band_or_class',
      sql`(age_min is not null and age_max is not null and occupation_class is null)
          or (age_min is null and age_max is null and occupation_class between 1 and 6)`,
    )
    .execute();
  await db.schema.createIndex('premium_rates_prod_id_idx').on('premium_rates').column('prod_id').execute();

  await db.schema
    .createTable('site_settings')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('value', 'jsonb', (col) => col.notNull())
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('site_settings').execute();
  await db.schema.dropTable('premium_rates').execute();
  await db.schema.dropTable('package_products').execute();
  await db.schema.dropTable('packages').execute();
  await db.schema.dropTable('products').execute();
}
