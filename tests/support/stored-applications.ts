import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { CART_MAX_ITEMS } from '../../src/domain/constants';
import { createDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';

/** A flow a visitor submitted: its key, its session and the 受理編號 it was answered, if an answer came. */
export interface SubmittedFlow {
  requestId: string;
  sessionId: string;
  /** null when the answer was lost (the server killed, the connection cut) */
  acknowledged: string | null;
}

/**
 * The database of a built server: its PGlite files in DATA_DIR (open them only once the server has
 * stopped: PGlite belongs to one process) or its PostgreSQL.
 */
export function serverDatabase(target: { dataDir: string } | { url: string }): Kysely<Database> {
  return createDatabase('url' in target ? target : { dataDir: join(target.dataDir, 'pglite') });
}

/**
 * What the database holds against what the visitors were answered, as one line per violation (none when
 * all holds): every acknowledged application stored once under its 受理編號; every flow of `flows`
 * (whose visitors retried until answered, when `settled`) stored exactly once; no session with more
 * applications than it submitted flows, no application and no cart with more than CART_MAX_ITEMS items.
 */
export async function applicationViolations(
  db: Kysely<Database>,
  flows: readonly SubmittedFlow[],
  { settled }: { settled: boolean },
): Promise<string[]> {
  const violations: string[] = [];
  const rows = await db
    .selectFrom('applications')
    .select(['request_id', 'application_no', 'session_id'])
    .execute();
  const byRequest = groupBy(rows, (row) => row.request_id);
  for (const flow of flows) {
    const stored = byRequest.get(flow.requestId) ?? [];
    if (stored.length > 1) violations.push(`flow ${flow.requestId} stored ${stored.length} times`);
    if (settled && stored.length === 0) violations.push(`flow ${flow.requestId} not stored`);
    if (flow.acknowledged === null) continue;
    if (stored.length === 0) violations.push(`acknowledged ${flow.acknowledged} lost`);
    else if (stored[0]?.application_no !== flow.acknowledged)
      violations.push(`acknowledged ${flow.acknowledged} stored as ${stored[0]?.application_no}`);
    else if (stored[0]?.session_id !== flow.sessionId)
      violations.push(`acknowledged ${flow.acknowledged} stored for another session`);
  }
  const submitted = groupBy(flows, (flow) => flow.sessionId);
  for (const [sessionId, own] of groupBy(rows, (row) => row.session_id)) {
    const expected = submitted.get(sessionId)?.length ?? 0;
    if (own.length > expected)
      violations.push(`a session stored ${own.length} applications for ${expected} flows`);
  }
  const numbers = new Set(rows.map((row) => row.application_no));
  if (numbers.size !== rows.length) violations.push('a 受理編號 given twice');

  const fullestCart = await db
    .selectFrom('cart_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .groupBy('cart_no')
    .orderBy('n', 'desc')
    .executeTakeFirst();
  const fullestApplication = await db
    .selectFrom('application_items')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .groupBy('application_id')
    .orderBy('n', 'desc')
    .executeTakeFirst();
  for (const [what, row] of [
    ['a cart', fullestCart],
    ['an application', fullestApplication],
  ] as const) {
    const most = Number(row?.n ?? 0);
    if (most > CART_MAX_ITEMS) violations.push(`${what} holds ${most} items (at most ${CART_MAX_ITEMS})`);
  }
  return violations;
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}
