import { type Kysely, sql } from 'kysely';

// The staff sign-in counts wrong passwords per name and client address (issue 45), so a stranger locks a
// name only from their own address. Every such count is a login_failures row under an HMAC of the name
// and of an HMAC of the address, never either in the clear; `staff` names the account when the name has
// one, so staff:add can clear an account's counts, and they go with the account. The addresses an
// account signed in from (an HMAC each, the last few) spare it the name-wide lock. A session ends after a
// while without a request: `last_active_at`, renewed by each one; today's sessions count from now.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('login_failures')
    .addColumn('staff', 'text', (col) => col.references('staff.name').onDelete('cascade'))
    .execute();
  await db.schema.createIndex('login_failures_staff').on('login_failures').column('staff').execute();

  await db.schema
    .createTable('staff_known_clients')
    .addColumn('staff', 'text', (col) => col.notNull().references('staff.name').onDelete('cascade'))
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('signed_in_at', 'timestamptz', (col) => col.notNull())
    .addPrimaryKeyConstraint('staff_known_clients_pkey', ['staff', 'client'])
    .execute();

  await db.schema
    .alterTable('staff_sessions')
    .addColumn('last_active_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('staff_sessions').dropColumn('last_active_at').execute();
  await db.schema.dropTable('staff_known_clients').execute();
  await db.schema.dropIndex('login_failures_staff').execute();
  await db.schema.alterTable('login_failures').dropColumn('staff').execute();
}
