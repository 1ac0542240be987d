import { type ExpressionBuilder, type Kysely, type Selectable, sql } from 'kysely';
import { nextOutboxState } from '../../../../machines/outbox-message.machine';
import {
  OUTBOX_PAGE_SIZE,
  type OutboxEntry,
  type OutboxPage,
  type OutboxQuery,
} from '../../../domain/api/outbox';
import { maskEmail } from '../../../domain/email-code';
import { OUTBOX_STATES, type OutboxState } from '../../../domain/outbox';
import { isStaffKind, OUTBOX_KIND_AREAS, OUTBOX_KINDS } from '../../../domain/outbox-kinds';
import type { StaffRole } from '../../../domain/staff-roles';
import type { Database, OutboxTable } from '../schema';

/** Who reads 寄件匣: the e-mails they are shown, and whose addresses they read whole, follow from it. */
export interface OutboxReader {
  name: string;
  roles: readonly StaffRole[];
}

/**
 * The e-mails `reader` may see: those of the areas their roles open, and the codes sent to their own new
 * notice address (OUTBOX_KIND_AREAS).
 */
export const visibleTo = (reader: OutboxReader) => (eb: ExpressionBuilder<Database, 'outbox'>) => {
  const kinds = OUTBOX_KINDS.filter((kind) => {
    const area = OUTBOX_KIND_AREAS[kind];
    return area !== 'self' && reader.roles.includes(area);
  });
  const own = OUTBOX_KINDS.filter((kind) => OUTBOX_KIND_AREAS[kind] === 'self');
  return eb.or([
    ...(kinds.length ? [eb('kind', 'in', kinds)] : []),
    eb.and([eb('kind', 'in', own), eb('recipient_name', '=', reader.name)]),
  ]);
};

/** What a message being sent whose lease has run out is: the machine's lease.expire (its worker stopped). */
const EXPIRED: OutboxState = nextOutboxState('sending', { type: 'lease.expire' }) ?? 'sending';

/**
 * A message's state as staff are told it at `now`: as stored, but one being sent whose worker's lease has
 * run out waits again, as the next worker to look will find it (db/repositories/outbox.ts takeDueMessages).
 */
const shownState = (now: Date) => (eb: ExpressionBuilder<Database, 'outbox'>) =>
  eb
    .case()
    .when(eb.and([eb('state', '=', 'sending'), eb('taken_until', '<', now)]))
    .then(EXPIRED)
    .else(eb.ref('state'))
    .end();

/**
 * 寄件匣's page at `now`: the messages newest first, filtered by state, and the count in each state, a
 * message whose lease ran out counted as waiting.
 */
export async function listOutbox(
  db: Kysely<Database>,
  query: OutboxQuery,
  now: Date,
  reader: OutboxReader,
): Promise<OutboxPage> {
  let filtered = db.selectFrom('outbox').where(visibleTo(reader));
  if (query.state) filtered = filtered.where(shownState(now), '=', query.state);
  const rows = await filtered
    .selectAll()
    .select((eb) => shownState(now)(eb).as('shown_state'))
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(OUTBOX_PAGE_SIZE)
    .offset((query.page - 1) * OUTBOX_PAGE_SIZE)
    .execute();
  const perState = await db
    .selectFrom('outbox')
    .where(visibleTo(reader))
    .select((eb) => [shownState(now)(eb).as('shown_state'), eb.fn.countAll<string>().as('n')])
    // by the output column: the expression written again would carry parameters of its own
    .groupBy(sql.ref('shown_state'))
    .execute();
  const counts = Object.fromEntries(OUTBOX_STATES.map((s) => [s, 0])) as Record<OutboxState, number>;
  for (const { shown_state, n } of perState) counts[shown_state] = Number(n);
  const entries = rows.map((row) => entryOf(row, reader));
  return { entries, total: query.state ? counts[query.state] : sum(counts), counts };
}

const sum = (counts: Record<OutboxState, number>) => Object.values(counts).reduce((a, b) => a + b, 0);

/** One message of 寄件匣 at `now`, by its id (郵件編號); undefined when there is none that `reader` may see. */
export async function readOutboxEntry(
  db: Kysely<Database>,
  id: number,
  now: Date,
  reader: OutboxReader,
): Promise<OutboxEntry | undefined> {
  const row = await db
    .selectFrom('outbox')
    .selectAll()
    .select((eb) => shownState(now)(eb).as('shown_state'))
    .where('id', '=', id)
    .where(visibleTo(reader))
    .executeTakeFirst();
  return row && entryOf(row, reader);
}

/** A row as 寄件匣 shows it to `reader`: another staff member's address masked. */
function entryOf(
  row: Selectable<OutboxTable> & { shown_state: OutboxState },
  reader: OutboxReader,
): OutboxEntry {
  const othersAddress = isStaffKind(row.kind) && row.recipient_name !== reader.name;
  return {
    id: row.id,
    kind: row.kind,
    state: row.shown_state,
    recipient: othersAddress ? maskEmail(row.recipient) : row.recipient,
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

/** What an e-mail the reader may see is about, and its state (for a resend); none when there is no such e-mail. */
export async function outboxAbout(db: Kysely<Database>, id: number, reader: OutboxReader) {
  return db
    .selectFrom('outbox')
    .select(['state', 'application_no', 'contact_no'])
    .where('id', '=', id)
    .where(visibleTo(reader))
    .executeTakeFirst();
}
