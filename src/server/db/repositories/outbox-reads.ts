import type { Kysely, Selectable } from 'kysely';
import {
  OUTBOX_PAGE_SIZE,
  type OutboxEntry,
  type OutboxPage,
  type OutboxQuery,
} from '../../../domain/api/outbox';
import { OUTBOX_STATES, type OutboxState } from '../../../domain/outbox';
import type { Database, OutboxTable } from '../schema';

/** 寄件匣's page: the messages newest first, filtered by state, and the count in each state. */
export async function listOutbox(db: Kysely<Database>, query: OutboxQuery): Promise<OutboxPage> {
  let filtered = db.selectFrom('outbox');
  if (query.state) filtered = filtered.where('state', '=', query.state);
  const rows = await filtered
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .offset((query.page - 1) * OUTBOX_PAGE_SIZE)
    .execute();
  const perState = await db
    .selectFrom('outbox')
    .select((eb) => ['state', eb.fn.countAll<string>().as('n')])
    .groupBy('state')
    .execute();
  const counts = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>;
  for (const { state, n } of perState) counts[state] = Number(n);
  const entries = rows.map(entryOf);
  return { entries, total: query.state ? counts[query.state] : sum(counts), counts };
}

const sum = (counts: Record<OutboxState, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** One message of 寄件匣, by its id (郵件編號); undefined when there is none. */
export async function readOutboxEntry(db: Kysely<Database>, id: number): Promise<OutboxEntry | undefined> {
  const row = await db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst();
  return row && entryOf(row);
}

/** A row as 寄件匣 shows it. */
function entryOf(row: Selectable<OutboxTable>): OutboxEntry {
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    recipient: row.recipient,
    recipientName: row.recipient_name,
    subject: row.subject,
    text: row.text,
    html: row.html,
    messageId: row.message_id,
    attempts: row.attempts,
    nextAttemptAt: row.next_attempt_at.toISOString(),
    lastError: row.last_error,
    createdAt: row.created_at.toISOString(),
    sentAt: row.sent_at?.toISOString() ?? null,
    applicationNo: row.application_no,
    contactNo: row.contact_no,
  };
}
