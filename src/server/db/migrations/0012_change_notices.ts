import { type Kysely, sql } from 'kysely';

/** The channel every change to data the servers keep in memory is announced on (db/change-feed.ts). */
export const CHANGE_CHANNEL = 'groupins_changes';

/**
 * Tables the servers cache: site settings and the catalogue. (Page titles are not: their call is the read
 * the PostgreSQL tests watch fail while the database is stopped or frozen.)
 */
export const CACHED_TABLES = [
  'site_settings',
  'products',
  'packages',
  'package_products',
  'premium_rates',
] as const;

// Whoever changes a cached table (a server, an operator command, a seed, a migration, psql) announces it:
// a statement trigger sends NOTIFY with the table's name, delivered when the transaction commits, so every
// server drops what it holds of that table. The trigger is in the database, so no writer can forget it.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await sql`
    create function notify_cached_change() returns trigger language plpgsql as $$
    begin
      perform pg_notify(${sql.lit(CHANGE_CHANNEL)}, TG_TABLE_NAME);
      return null;
    end
    $$`.execute(db);
  for (const table of CACHED_TABLES) {
    await sql`
      create trigger ${sql.id(`${table}_changed`)}
      after insert or update or delete or truncate on ${sql.table(table)}
      for each statement execute function notify_cached_change()`.execute(db);
  }
}

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function down(db: Kysely<any>): Promise<void> {
  for (const table of CACHED_TABLES) {
    await sql`drop trigger ${sql.id(`${table}_changed`)} on ${sql.table(table)}`.execute(db);
  }
  await sql`drop function notify_cached_change()`.execute(db);
}
