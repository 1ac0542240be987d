import { randomUUID } from 'node:crypto';
import { type Kysely, type Selectable, sql, type Transaction } from 'kysely';
import { nextOutboxState, type OutboxMessageEvent } from '../../../../machines/outbox-message.machine';
import { type OutboxState, retryWaitMs } from '../../../domain/outbox';
import type { OutboxKind } from '../../../domain/outbox-kinds';
import type { RenderedMail } from '../../mail/mail-document';
import type { Database, OutboxTable } from '../schema';

/** What one e-mail is about and to whom: the cause's own number and the address it gave. */
export interface QueuedMail {
  kind: OutboxKind;
  to: { address: string; name: string };
  mail: RenderedMail;
  /** what it is about; null only for a staff member's own notice address (kind staff.address) */
  about: { applicationNo: string } | { contactNo: string } | null;
  /** the cause's time: the message is due at once */
  at: Date;
  /** a code the text holds as CODE_PLACEHOLDER (mail/code-placeholder.ts), put in only as it is sent */
  secret?: string;
}

/**
 * Writes an e-mail into the outbox inside the transaction of the change it tells of: the two are stored
 * together or not at all. It waits there until a delivery worker takes it.
 */
export async function queueMail(trx: Transaction<Database>, queued: QueuedMail): Promise<void> {
  await trx
    .insertInto('outbox')
    .values({
      message_id: randomUUID(),
      kind: queued.kind,
      recipient: queued.to.address,
      recipient_name: queued.to.name,
      subject: queued.mail.subject,
      text: queued.mail.text,
      html: queued.mail.html,
      next_attempt_at: queued.at,
      created_at: queued.at,
      application_no: queued.about && 'applicationNo' in queued.about ? queued.about.applicationNo : null,
      contact_no: queued.about && 'contactNo' in queued.about ? queued.about.contactNo : null,
      secret: queued.secret ?? null,
    })
    .execute();
}

/**
 * How many messages of `kind` were written to `address` (its case ignored) since `since`, counted after
 * taking a lock of that kind and address until the transaction ends: two transactions counting for the same
 * address one after the other each see what the other wrote (migration 0027 indexes the acknowledgements).
 */
export async function countSentTo(
  trx: Transaction<Database>,
  kind: OutboxKind,
  address: string,
  since: Date,
): Promise<number> {
  const folded = address.toLowerCase();
  await sql`select pg_advisory_xact_lock(hashtextextended(${`outbox:${kind}:${folded}`}, 0))`.execute(trx);
  const { count } = await trx
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .where('kind', '=', kind)
    .where(sql<string>`lower(recipient)`, '=', sql<string>`lower(${address})`)
    .where('created_at', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(count);
}

/** A message a worker holds: what it sends, and the try it is. */
export type TakenMessage = Pick<
  Selectable<OutboxTable>,
  'id' | 'message_id' | 'recipient' | 'recipient_name' | 'subject' | 'text' | 'html' | 'attempts' | 'secret'
>;

/**
 * Takes up to `limit` due messages for `worker` until `now + leaseMs`: waiting ones whose try is due, and
 * sending ones whose worker's lease ran out (it died mid-delivery: the machine's lease.expire, then a new
 * take). Rows another transaction holds are skipped (FOR UPDATE SKIP LOCKED), so two workers on one
 * PostgreSQL never take the same message; each take counts a try.
 */
export async function takeDueMessages(
  db: Kysely<Database>,
  take: { worker: string; now: Date; leaseMs: number; limit: number },
): Promise<TakenMessage[]> {
  return db.transaction().execute(async (trx) => {
    // each read on its own partial index (migration 0023), so sent messages piling up cost a round nothing
    const expired = await trx
      .selectFrom('outbox')
      .select(['id', 'state'])
      .where('state', '=', 'sending')
      .where('taken_until', '<', take.now)
      .orderBy('taken_until')
      .limit(take.limit)
      .forUpdate()
      .skipLocked()
      .execute();
    const waiting = await trx
      .selectFrom('outbox')
      .select(['id', 'state'])
      .where('state', '=', 'waiting')
      .where('next_attempt_at', '<=', take.now)
      .orderBy('next_attempt_at')
      .limit(take.limit - expired.length)
      .forUpdate()
      .skipLocked()
      .execute();
    const due = [...expired, ...waiting];
    const taken: TakenMessage[] = [];
    for (const row of due) {
      const from = row.state === 'sending' ? nextOutboxState(row.state, { type: 'lease.expire' }) : row.state;
      const to = from && nextOutboxState(from, { type: 'delivery.take' });
      if (!to) continue;
      const message = await trx
        .updateTable('outbox')
        .set((eb) => ({
          state: to,
          attempts: eb('attempts', '+', 1),
          taken_by: take.worker,
          taken_until: new Date(take.now.getTime() + take.leaseMs),
        }))
        .where('id', '=', row.id)
        .returning([
          'id',
          'message_id',
          'recipient',
          'recipient_name',
          'subject',
          'text',
          'html',
          'attempts',
          'secret',
        ])
        .executeTakeFirstOrThrow();
      taken.push(message);
    }
    return taken;
  });
}

/** How a try ended: accepted, or failed with the mail server's answer, for now or for good. */
export type DeliveryOutcome = { accepted: true } | { accepted: false; answer: string; permanent: boolean };

/**
 * Records how `worker`'s try of a message ended, as the machine takes it: sent; waiting again after the
 * schedule's wait; or failed, the answer kept. Nothing is written when the worker no longer holds it (its
 * lease ran out and another took it): answers the state written, or null then.
 */
export async function recordDelivery(
  db: Kysely<Database>,
  delivery: { id: number; worker: string; at: Date; outcome: DeliveryOutcome },
): Promise<OutboxState | null> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('outbox')
      .select(['state', 'attempts', 'taken_by'])
      .where('id', '=', delivery.id)
      .forUpdate()
      .executeTakeFirst();
    if (!row || row.taken_by !== delivery.worker) return null;
    const { outcome } = delivery;
    const event: OutboxMessageEvent = outcome.accepted
      ? { type: 'delivery.accept' }
      : {
          type: 'delivery.fail',
          attempt: row.attempts,
          answer: outcome.answer,
          permanent: outcome.permanent,
        };
    const state = nextOutboxState(row.state, event);
    if (!state) return null;
    const wait = retryWaitMs(row.attempts);
    await trx
      .updateTable('outbox')
      .set({
        state,
        taken_by: null,
        taken_until: null,
        // a code is kept only until its message is sent (mail/code-placeholder.ts)
        ...(outcome.accepted
          ? { sent_at: delivery.at, last_error: null, secret: null }
          : { last_error: outcome.answer }),
        ...(state === 'waiting' && wait !== null
          ? { next_attempt_at: new Date(delivery.at.getTime() + wait) }
          : {}),
      })
      .where('id', '=', delivery.id)
      .execute();
    return state;
  });
}

/**
 * 重新寄送: a failed message waits again, due at `at`, with its tries counted afresh and its Message-ID
 * kept. Answers false when the machine does not take it (the message is not failed, or there is none).
 */
export async function resendMessage(
  trx: Transaction<Database>,
  resend: { id: number; at: Date },
): Promise<boolean> {
  const row = await trx
    .selectFrom('outbox')
    .select('state')
    .where('id', '=', resend.id)
    .forUpdate()
    .executeTakeFirst();
  const state = row && nextOutboxState(row.state, { type: 'message.resend' });
  if (!state) return false;
  await trx
    .updateTable('outbox')
    .set({ state, attempts: 0, next_attempt_at: resend.at })
    .where('id', '=', resend.id)
    .execute();
  return true;
}

/**
 * The messages a stopped run of the server was sending wait again, due at once (the machine's
 * lease.expire): on the embedded database one process alone has the data open (operator/data-dir-hold.ts),
 * so at its start nobody is sending any, and one killed mid-delivery need not wait out its lease. Answers
 * how many. Not for PostgreSQL, where another process may be sending them.
 */
export async function releaseStoppedRunLeases(db: Kysely<Database>): Promise<number> {
  const state = nextOutboxState('sending', { type: 'lease.expire' });
  if (!state) return 0;
  const released = await db
    .updateTable('outbox')
    .set({ state, taken_by: null, taken_until: null })
    .where('state', '=', 'sending')
    .executeTakeFirst();
  return Number(released.numUpdatedRows);
}
