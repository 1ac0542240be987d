import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import { nextEmailCodeState } from '../../../../machines/email-code.machine';
import {
  EMAIL_CODE_MAX_FAILURES,
  EMAIL_CODE_MINUTES,
  EMAIL_CODE_SENDS_PER_HOUR,
  type EmailCodePurpose,
  type EmailCodeState,
} from '../../../domain/email-code';
import type { Database } from '../schema';

/** Codes one client address may ask for in an hour, whatever they are for. */
const SENDS_PER_CLIENT_HOUR = 20;
const HOUR_MS = 3_600_000;

/** Whom a code is for: its purpose and person (a 受理編號, a staff name). */
export interface CodeSubject {
  purpose: EmailCodePurpose;
  subject: string;
}

/** A code just issued: the code itself goes into its e-mail only. */
export interface IssuedCode {
  id: number;
  code: string;
  expiresAt: Date;
}

/** The code as kept: an HMAC of it, tied to its purpose and person, under the server's code key. */
const codeHash = (key: Buffer, to: CodeSubject, code: string) =>
  createHmac('sha256', key).update(`${to.purpose}\0${to.subject}\0${code}`).digest('hex');

/**
 * Issues a new code for `to`, sent to `address`, in the caller's transaction (the one that queues its
 * e-mail): the codes of the same purpose and person still waiting are superseded. Answers 'tooMany' when
 * that person was sent EMAIL_CODE_SENDS_PER_HOUR codes in the last hour, or the client asked for more than
 * its share, with the minutes until one more may be sent.
 */
export async function issueEmailCode(
  trx: Transaction<Database>,
  key: Buffer,
  issue: CodeSubject & { address: string; client: string | null; now: Date },
): Promise<IssuedCode | { tooMany: number }> {
  const since = new Date(issue.now.getTime() - HOUR_MS);
  const recent = await trx
    .selectFrom('email_codes')
    .select('created_at')
    .where('purpose', '=', issue.purpose)
    .where('subject', '=', issue.subject)
    .where('created_at', '>', since)
    .orderBy('created_at')
    .forUpdate()
    .execute();
  const fromClient = issue.client
    ? await trx
        .selectFrom('email_codes')
        .select((eb) => [eb.fn.countAll<string>().as('n'), eb.fn.min('created_at').as('first')])
        .where('client', '=', issue.client)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow()
    : { n: '0', first: null };
  const wait = (first: Date | null | undefined) =>
    Math.max(
      1,
      Math.ceil(((first?.getTime() ?? issue.now.getTime()) + HOUR_MS - issue.now.getTime()) / 60_000),
    );
  if (recent.length >= EMAIL_CODE_SENDS_PER_HOUR) return { tooMany: wait(recent[0]!.created_at) };
  if (Number(fromClient.n) >= SENDS_PER_CLIENT_HOUR) return { tooMany: wait(fromClient.first) };

  await endWaitingCodes(trx, issue, { type: 'code.supersede' });
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const expiresAt = new Date(issue.now.getTime() + EMAIL_CODE_MINUTES * 60_000);
  const { id } = await trx
    .insertInto('email_codes')
    .values({
      purpose: issue.purpose,
      subject: issue.subject,
      address: issue.address,
      code_hash: codeHash(key, issue, code),
      client: issue.client,
      created_at: issue.now,
      expires_at: expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id, code, expiresAt };
}

/** The codes of `to` still waiting, moved on by `event` (a newer code sent; what they were for given up). */
async function endWaitingCodes(
  trx: Transaction<Database>,
  to: CodeSubject,
  event: { type: 'code.supersede' | 'code.withdraw' },
): Promise<void> {
  const waiting = await trx
    .selectFrom('email_codes')
    .select(['id', 'state', 'failures'])
    .where('purpose', '=', to.purpose)
    .where('subject', '=', to.subject)
    .where('state', '=', 'issued')
    .forUpdate()
    .execute();
  for (const code of waiting) {
    const next = nextEmailCodeState(code.state, code.failures, event);
    if (next) await trx.updateTable('email_codes').set(next).where('id', '=', code.id).execute();
  }
}

/** Withdraws the codes of `to` still waiting, in the caller's transaction: what they were for was given up. */
export const withdrawEmailCodes = (trx: Transaction<Database>, to: CodeSubject) =>
  endWaitingCodes(trx, to, { type: 'code.withdraw' });

/** How a typed code was taken: it opened (with the address it was sent to), or why not. */
export type CodeCheck =
  | { ok: true; address: string }
  | { ok: false; reason: 'mismatch'; triesLeft: number }
  | { ok: false; reason: 'voided' | 'expired' | 'none' };

/**
 * Checks `code` against the newest code of `to` at `now`, as the code machine takes it, and writes what it
 * takes: used on a match; one more failure, or voided at the fifth, on a mismatch; expired when its time ran
 * out. 'none' when no code waits (never sent, used, or superseded and not resent). The row is locked, so two
 * checks at once are counted one after the other.
 */
export async function checkEmailCode(
  db: Kysely<Database>,
  key: Buffer,
  check: CodeSubject & { code: string; now: Date },
): Promise<CodeCheck> {
  return db.transaction().execute(async (trx) => {
    const newest = await trx
      .selectFrom('email_codes')
      .select(['id', 'state', 'failures', 'code_hash', 'address', 'expires_at'])
      .where('purpose', '=', check.purpose)
      .where('subject', '=', check.subject)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(1)
      .forUpdate()
      .executeTakeFirst();
    if (!newest) return { ok: false, reason: 'none' } as const;
    const write = async (event: Parameters<typeof nextEmailCodeState>[2]) => {
      const next = nextEmailCodeState(newest.state, newest.failures, event);
      if (next) await trx.updateTable('email_codes').set(next).where('id', '=', newest.id).execute();
      return next;
    };
    if (newest.state === 'issued' && newest.expires_at <= check.now) await write({ type: 'code.expire' });
    const state = newest.state === 'issued' && newest.expires_at <= check.now ? 'expired' : newest.state;
    if (state !== 'issued') return { ok: false, reason: refusedAs(state) } as const;
    const typed = Buffer.from(codeHash(key, check, check.code), 'hex');
    if (timingSafeEqual(typed, Buffer.from(newest.code_hash, 'hex'))) {
      await write({ type: 'code.match' });
      return { ok: true, address: newest.address } as const;
    }
    const next = await write({ type: 'code.mismatch' });
    return next?.state === 'voided'
      ? ({ ok: false, reason: 'voided' } as const)
      : ({
          ok: false,
          reason: 'mismatch',
          triesLeft: EMAIL_CODE_MAX_FAILURES - (next?.failures ?? 0),
        } as const);
  });
}

/** A code that no longer waits, as the person typing is told of it. */
const refusedAs = (state: Exclude<EmailCodeState, 'issued'>): 'voided' | 'expired' | 'none' =>
  state === 'voided' || state === 'expired' ? state : 'none';

/** The newest code of `to` still to be typed, as its screen shows it at `now`; undefined when none waits. */
export interface PendingCode {
  address: string;
  state: 'issued' | 'voided' | 'expired';
  triesLeft: number;
  expiresAt: Date;
}

export async function readPendingCode(
  db: Kysely<Database>,
  to: CodeSubject,
  now: Date,
): Promise<PendingCode | undefined> {
  const newest = await db
    .selectFrom('email_codes')
    .select(['state', 'failures', 'address', 'expires_at'])
    .where('purpose', '=', to.purpose)
    .where('subject', '=', to.subject)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  if (!newest || (newest.state !== 'issued' && newest.state !== 'voided' && newest.state !== 'expired'))
    return undefined;
  const state = newest.state === 'issued' && newest.expires_at <= now ? 'expired' : newest.state;
  return {
    address: newest.address,
    state,
    triesLeft: EMAIL_CODE_MAX_FAILURES - newest.failures,
    expiresAt: newest.expires_at,
  };
}
