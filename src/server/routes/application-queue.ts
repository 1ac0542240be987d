import { Readable } from 'node:stream';
import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ApplicationQueueQuery,
  applicationQueueSchema,
  QUEUE_EXPORT_MAX,
  QUEUE_PAGE_SIZE,
  type QueuePage,
  type QueueRow,
} from '../../domain/api/application-queue';
import { RETURN_CODE } from '../../domain/envelope';
import { taipeiDate } from '../../domain/roc-date';
import { trafficPeriod } from '../atlas/traffic-period';
import { type QueueFilter, readQueue, readQueueChunks } from '../db/repositories/application-queue';
import { recordAudit } from '../db/repositories/audit-log';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { staffOf } from '../plugins/staff-session';
import type { RoutesPlugin } from '../route-input';
import { queueCsvHeader, queueCsvLines } from '../staff/queue-csv';

const UNDERWRITER = { config: { roles: ['underwriter'] } } as const;
/** An export reads up to 10,000 applications: a budget of its own, a few a minute. */
const EXPORTER = { config: { roles: ['underwriter'], budget: 'export' } } as const;

/** The longest period of 受理 days the queue is filtered by at once: ten years. */
const QUEUE_DAYS_MAX = 3_660;

/** The query as the repository's filter, or the message refusing its period. */
function filterOf(query: ApplicationQueueQuery): QueueFilter | { problem: string } {
  const filter: QueueFilter = {
    status: query.status || undefined,
    headcountMin: query.headcountMin,
    headcountMax: query.headcountMax,
    industry: query.industry || undefined,
    search: query.q || undefined,
  };
  if (query.from || query.to) {
    // one end alone: the period runs from or to it
    const checked = trafficPeriod(query.from || query.to!, query.to || query.from!, QUEUE_DAYS_MAX);
    if ('problem' in checked) return checked;
    if (query.from) filter.start = checked.period.start;
    if (query.to) filter.end = checked.period.end;
  }
  return filter;
}

/**
 * The CSV a chunk at a time as the answer is sent, a moment between chunks: requests waiting meanwhile are
 * answered, and no single write holds the event loop for the whole file.
 */
async function* csvFile(chunks: readonly QueueRow[][], asOf: Date): AsyncGenerator<string> {
  yield queueCsvHeader();
  for (const chunk of chunks) {
    await sleep(1);
    yield queueCsvLines(chunk, asOf);
  }
}

/** What an export's audit entry says: how many rows, under which filters (a search only as a search). */
function exportDetail(query: ApplicationQueueQuery, rows: number): string {
  const filters = [
    query.status && `狀態 ${query.status}`,
    (query.from || query.to) && `受理日 ${query.from || '…'}～${query.to || '…'}`,
    (query.headcountMin !== undefined || query.headcountMax !== undefined) &&
      `人數 ${query.headcountMin ?? '…'}～${query.headcountMax ?? '…'}`,
    query.industry && `行業 ${query.industry}`,
    query.q && '含搜尋條件',
  ].filter(Boolean);
  return `匯出 ${rows} 筆${filters.length ? `（${filters.join('、')}）` : ''}`;
}

const refused = (reply: FastifyReply, problem: string) =>
  reply.code(400).send(fail(RETURN_CODE.badInput, problem));

/**
 * The underwriter's queue of applications (docs/specification.md §6): a page at a time, the longest
 * waiting first, and the same list as a CSV file, read and written a chunk at a time. Neither holds
 * anything of a roster.
 */
export const applicationQueueRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  /** the clock the server reads (buildApp's `now`) */
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get(
    '/staff/applications',
    { ...UNDERWRITER, schema: { querystring: applicationQueueSchema } },
    async (request, reply) => {
      const query = request.query;
      const filter = filterOf(query);
      if ('problem' in filter) return refused(reply, filter.problem);
      return ok<QueuePage>(await readQueue(db, filter, query.page, QUEUE_PAGE_SIZE, now()));
    },
  );

  app.get(
    '/staff/applications/export',
    { ...EXPORTER, schema: { querystring: applicationQueueSchema } },
    async (request, reply) => {
      const query = request.query;
      const filter = filterOf(query);
      if ('problem' in filter) return refused(reply, filter.problem);
      const asOf = now();
      const chunks = await readQueueChunks(db, filter, QUEUE_EXPORT_MAX + 1);
      const rows = chunks.reduce((count, chunk) => count + chunk.length, 0);
      if (rows > QUEUE_EXPORT_MAX)
        return refused(reply, `一次最多匯出 ${QUEUE_EXPORT_MAX} 筆，請先以條件縮小範圍`);
      // a list of companies and their 統一編號 leaves the site: who took it, and how much, is recorded first
      await db.transaction().execute((trx) =>
        recordAudit(trx, {
          actor: staffOf(request).name,
          action: 'applications.export',
          detail: exportDetail(query, rows),
        }),
      );
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="applications-${taipeiDate(asOf)}.csv"`)
        .header('cache-control', 'no-store')
        .send(Readable.from(csvFile(chunks, asOf)));
    },
  );
};
