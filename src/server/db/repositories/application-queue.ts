import { type ExpressionBuilder, type Kysely, sql, type Transaction } from 'kysely';
import type { QueuePage, QueueRow } from '../../../domain/api/application-queue';
import { APPLICATION_STATUSES, type ApplicationStatus } from '../../../domain/application-status';
import type { Database } from '../schema';

/** What the queue is narrowed to; every part optional. Days are already instants (Taipei midnights). */
export interface QueueFilter {
  status?: ApplicationStatus;
  start?: Date;
  end?: Date;
  headcountMin?: number;
  headcountMax?: number;
  industry?: string;
  /** a 受理編號 (or its start), a 統一編號, or part of a company name */
  search?: string;
}

type Where = ExpressionBuilder<Database, 'applications'>;

/** `text` as a LIKE pattern matching itself literally. */
const literal = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

function matches(filter: QueueFilter, withStatus: boolean) {
  return (eb: Where) => {
    const conditions = [];
    if (withStatus && filter.status) conditions.push(eb('status', '=', filter.status));
    if (filter.start) conditions.push(eb('created_at', '>=', filter.start));
    if (filter.end) conditions.push(eb('created_at', '<', filter.end));
    if (filter.headcountMin !== undefined) conditions.push(eb('headcount', '>=', filter.headcountMin));
    if (filter.headcountMax !== undefined) conditions.push(eb('headcount', '<=', filter.headcountMax));
    if (filter.industry) conditions.push(eb('industry', '=', filter.industry));
    if (filter.search) {
      const pattern = literal(filter.search);
      conditions.push(
        eb.or([
          eb('application_no', 'like', `${pattern.toUpperCase()}%`),
          eb('tax_id', '=', filter.search),
          // ILIKE on the name, without lowering every name again (migration 0022)
          eb('company_name_folded', 'like', sql<string>`lower(${`%${pattern}%`})`),
        ]),
      );
    }
    return eb.and(conditions);
  };
}

// where an application's wait starts; applications_waiting (migration 0021) indexes it with the id
const waitingSince = sql<Date>`coalesce(waiting_since, created_at)`;

function selectRows(db: Kysely<Database> | Transaction<Database>, filter: QueueFilter) {
  return db
    .selectFrom('applications')
    .select([
      'application_no',
      'company_name',
      'tax_id',
      'status',
      'industry',
      'headcount',
      'premium_annual',
      'created_at',
      waitingSince.as('waiting_since'),
    ])
    .where(matches(filter, true))
    .orderBy(waitingSince)
    .orderBy('id');
}

type Row = Awaited<ReturnType<ReturnType<typeof selectRows>['execute']>>[number];

const rowOf = (row: Row): QueueRow => ({
  applicationNo: row.application_no,
  companyName: row.company_name,
  taxId: row.tax_id,
  status: row.status,
  industry: row.industry,
  headcount: row.headcount,
  premiumAnnual: row.premium_annual,
  createdAt: new Date(row.created_at).toISOString(),
  waitingSince: new Date(row.waiting_since).toISOString(),
});

/** A page of the queue, the longest waiting first, with the count of each status under the other filters. */
export async function readQueue(
  db: Kysely<Database>,
  filter: QueueFilter,
  page: number,
  pageSize: number,
  asOf: Date,
): Promise<QueuePage> {
  const [rows, byStatus] = await Promise.all([
    selectRows(db, filter)
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    db
      .selectFrom('applications')
      .select(['status', (eb) => eb.fn.countAll<string>().as('count')])
      .where(matches(filter, false))
      .groupBy('status')
      .execute(),
  ]);
  const counts = Object.fromEntries(APPLICATION_STATUSES.map((status) => [status, 0])) as QueuePage['counts'];
  for (const { status, count } of byStatus) counts[status] = Number(count);
  const total = filter.status ? counts[filter.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { rows: rows.map(rowOf), page, pageSize, total, counts, asOf: asOf.toISOString() };
}

/**
 * Applications an export reads at a time: on PGlite each read holds the event loop, about 20 µs a row, so a
 * chunk's read takes about a millisecond, less than a visitor's read takes when nothing else runs.
 */
export const QUEUE_CHUNK_ROWS = 50;

/**
 * Every application the filters find, in the queue's order, at most `limit` of them, in chunks as they
 * were fetched: one cursor in one transaction, so the chunks are one list as of its start. On PGlite each
 * fetch waits for a turn of the event loop, so a 10,000-row read holds it one chunk at a time, never for the
 * whole list; the transaction ends before the caller writes the rows out.
 */
export async function readQueueChunks(
  db: Kysely<Database>,
  filter: QueueFilter,
  limit: number,
): Promise<QueueRow[][]> {
  return db.transaction().execute(async (trx) => {
    await sql`declare queue_rows no scroll cursor for ${selectRows(trx, filter).limit(limit)}`.execute(trx);
    const chunks: QueueRow[][] = [];
    for (;;) {
      const { rows } = await sql<Row>`fetch forward ${sql.lit(QUEUE_CHUNK_ROWS)} from queue_rows`.execute(
        trx,
      );
      if (rows.length > 0) chunks.push(rows.map(rowOf));
      if (rows.length < QUEUE_CHUNK_ROWS) return chunks;
    }
  });
}
