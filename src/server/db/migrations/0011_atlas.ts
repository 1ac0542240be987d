import { type Kysely, sql } from 'kysely';

// The machine atlas: analysts who may read it (an argon2id hash, the wrong passwords in a row and the
// lock they earn), their sessions, and the transitions visitors' flows took. A trace names its visitor
// by an HMAC of the session id, never the id itself, so it cannot be joined to carts or applications.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('analysts')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('password_hash', 'text', (col) => col.notNull())
    .addColumn('failed_logins', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('locked_until', 'timestamptz')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();

  await db.schema
    .createTable('analyst_sessions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('analyst', 'text', (col) => col.notNull().references('analysts.name').onDelete('cascade'))
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (col) => col.notNull())
    .execute();
  await db.schema.createIndex('analyst_sessions_analyst').on('analyst_sessions').column('analyst').execute();

  await db.schema
    .createTable('machine_traces')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('machine', 'text', (col) => col.notNull())
    .addColumn('from_state', 'text', (col) => col.notNull())
    .addColumn('event', 'text', (col) => col.notNull())
    .addColumn('to_state', 'text', (col) => col.notNull())
    .addColumn('at', 'timestamptz', (col) => col.notNull())
    .addColumn('visitor', 'text', (col) => col.notNull())
    .execute();
  await db.schema
    .createIndex('machine_traces_machine_at')
    .on('machine_traces')
    .columns(['machine', 'at'])
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('machine_traces').execute();
  await db.schema.dropTable('analyst_sessions').execute();
  await db.schema.dropTable('analysts').execute();
}
