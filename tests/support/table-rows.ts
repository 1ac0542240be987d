import { type Kysely, sql } from 'kysely';
import type { Database } from '../../src/server/db/schema';

/** How many rows each table of the database holds, by table name. */
export type TableRows = Record<string, number>;

/** The names of every table in the database (migrations included), read from its catalogue once. */
export async function tableNames(db: Kysely<Database>): Promise<string[]> {
  const tables = await db.introspection.getTables({ withInternalKyselyTables: true });
  return tables.map((table) => table.name).sort();
}

/** The rows of every table named, counted in one query (one snapshot of the database). */
export async function countRows(db: Kysely<Database>, tables: readonly string[]): Promise<TableRows> {
  const untyped = db as unknown as Kysely<Record<string, object>>;
  const row = await untyped
    .selectNoFrom((eb) =>
      tables.map((table) =>
        eb
          .selectFrom(table)
          .select((inner) => inner.fn.countAll().as('n'))
          .as(table),
      ),
    )
    .executeTakeFirstOrThrow();
  return Object.fromEntries(tables.map((table) => [table, Number((row as Record<string, unknown>)[table])]));
}

/** The tables whose count differs, as `table before→after`, except those in `allowed`. */
export function changedTables(
  before: TableRows,
  after: TableRows,
  allowed: readonly string[] = [],
): string[] {
  return Object.keys(after)
    .filter((table) => !allowed.includes(table) && before[table] !== after[table])
    .map((table) => `${table} ${before[table]}→${after[table]}`);
}

/**
 * Follows what a sequence of requests stores: after each, which tables' row counts changed. Counting every
 * table takes about 15 ms on PGlite, so it runs only when the write-ahead log moved since the last look
 * (every insert, update and delete writes to it; a read that prunes a page may too, costing one count).
 */
export class RowWatch {
  private constructor(
    private readonly db: Kysely<Database>,
    private readonly tables: string[],
    private rows: TableRows,
    private lsn: string,
  ) {}

  static async start(db: Kysely<Database>): Promise<RowWatch> {
    const tables = await tableNames(db);
    return new RowWatch(db, tables, await countRows(db, tables), await walPosition(db));
  }

  /** The tables (but `allowed`) whose row count changed since the last call or `start`. */
  async changed(allowed: readonly string[] = []): Promise<string[]> {
    const lsn = await walPosition(this.db);
    if (lsn === this.lsn) return [];
    const rows = await countRows(this.db, this.tables);
    const changed = changedTables(this.rows, rows, allowed);
    this.rows = rows;
    this.lsn = lsn;
    return changed;
  }
}

async function walPosition(db: Kysely<Database>): Promise<string> {
  const { rows } = await sql<{ lsn: string }>`select pg_current_wal_insert_lsn()::text as lsn`.execute(db);
  return rows[0]?.lsn ?? '';
}
