import { type Kysely, sql } from 'kysely';

// Migrations take Kysely<any>: they describe the schema as it was at their time, not today's types.
// biome-ignore lint/suspicious/noExplicitAny: see above
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('function_meta')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('func_id', 'text', (col) => col.notNull())
    .addColumn('meta_attr', 'text', (col) => col.notNull())
    .addColumn('meta_value', 'text', (col) => col.notNull())
    .addUniqueConstraint('function_meta_func_id_meta_attr_key', ['func_id', 'meta_attr'])
    .execute();

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'uuid', (col) => col.primaryKey())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('last_seen_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('consents')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('session_id', 'uuid', (col) => col.notNull().references('sessions.id').onDelete('cascade'))
    .addColumn('version', 'text', (col) => col.notNull())
    .addColumn('accepted_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('client_device', 'text', (col) =>
      col.notNull().check(sql`client_device in ('Mobile', 'Desktop')`),
    )
    .execute();

  await db.schema.createIndex('consents_session_id_idx').on('consents').column('session_id').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('consents').execute();
  await db.schema.dropTable('sessions').execute();
  await db.schema.dropTable('function_meta').execute();
}
