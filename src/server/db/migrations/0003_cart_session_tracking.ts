import { type Kysely, sql } from 'kysely';

// The cart service (docs/specification.md §7): carts bound to a cookie, their items ("classes") and product lines;
// page and campaign views per session; the visitor's activity session on the session row.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('carts')
    .addColumn('cart_no', 'text', (col) => col.primaryKey())
    .addColumn('channel', 'text', (col) => col.notNull().defaultTo('1'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('cart_items')
    .addColumn('class_id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('cart_no', 'text', (col) => col.notNull().references('carts.cart_no').onDelete('cascade'))
    .addColumn('source_code', 'text', (col) =>
      col.notNull().check(sql`source_code in ('PKG', 'CELL', 'REC')`),
    )
    .addColumn('rlat_code', 'text', (col) => col.notNull())
    .addColumn('class_title', 'text', (col) => col.notNull())
    .addColumn('is_slry_mltpl', 'text', (col) => col.notNull().check(sql`is_slry_mltpl in ('Y', 'N')`))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('cart_items_cart_no_idx').on('cart_items').column('cart_no').execute();

  await db.schema
    .createTable('cart_item_products')
    .addColumn('class_id', 'integer', (col) =>
      col.notNull().references('cart_items.class_id').onDelete('cascade'),
    )
    .addColumn('prod_id', 'text', (col) => col.notNull().references('products.prod_id'))
    .addColumn('order_seq', 'integer', (col) => col.notNull())
    .addColumn('is_acc', 'text', (col) => col.notNull().check(sql`is_acc in ('Y', 'N')`))
    .addColumn('face_amt_type', 'integer', (col) => col.notNull().check(sql`face_amt_type = 1`))
    .addColumn('face_amt', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('cart_item_products_pkey', ['class_id', 'prod_id'])
    .execute();

  await db.schema
    .createTable('page_traces')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('session_id', 'uuid', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('client_device', 'text', (col) =>
      col.notNull().check(sql`client_device in ('Mobile', 'Desktop')`),
    )
    .addColumn('curr_page', 'text', (col) => col.notNull())
    .addColumn('next_page', 'text', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('page_traces_session_id_idx').on('page_traces').column('session_id').execute();

  await db.schema
    .createTable('campaign_traces')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('session_id', 'uuid', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('client_device', 'text', (col) =>
      col.notNull().check(sql`client_device in ('Mobile', 'Desktop')`),
    )
    .addColumn('curr_page', 'text', (col) => col.notNull())
    .addColumn('next_page', 'text', (col) => col.notNull())
    .addColumn('utm_source', 'text')
    .addColumn('utm_medium', 'text')
    .addColumn('utm_campaign', 'text')
    .addColumn('utm_term', 'text')
    .addColumn('utm_content', 'text')
    .addColumn('query', 'jsonb', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('campaign_traces_session_id_idx')
    .on('campaign_traces')
    .column('session_id')
    .execute();

  await db.schema
    .alterTable('sessions')
    .addColumn('activity_started_at', 'timestamptz')
    .addColumn('activity_ended_at', 'timestamptz')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('sessions')
    .dropColumn('activity_ended_at')
    .dropColumn('activity_started_at')
    .execute();
  await db.schema.dropTable('campaign_traces').execute();
  await db.schema.dropTable('page_traces').execute();
  await db.schema.dropTable('cart_item_products').execute();
  await db.schema.dropTable('cart_items').execute();
  await db.schema.dropTable('carts').execute();
}
