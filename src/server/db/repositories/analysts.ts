import { randomBytes } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { ANALYST_LOCK_AFTER, ANALYST_LOCK_MINUTES } from '../../../domain/api/atlas';
import type { Database } from '../schema';

/** How long an analyst's login lasts. */
export const ANALYST_SESSION_HOURS = 8;

const MINUTE = 60_000;

export interface StoredAnalyst {
  name: string;
  passwordHash: string;
  lockedUntil: Date | null;
}

/**
 * Adds an analyst, or gives an existing one the new hash: its lock and count of wrong passwords cleared,
 * its sessions ended (a password replaced may have been known to someone else). Answers whether it was new.
 */
export async function upsertAnalyst(
  db: Kysely<Database>,
  name: string,
  passwordHash: string,
): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('analysts')
      .values({ name, password_hash: passwordHash })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (inserted) return { created: true };
    await trx
      .updateTable('analysts')
      .set({
        password_hash: passwordHash,
        failed_logins: 0,
        last_failed_at: null,
        locked_until: null,
        updated_at: new Date(),
      })
      .where('name', '=', name)
      .execute();
    await trx.deleteFrom('analyst_sessions').where('analyst', '=', name).execute();
    return { created: false };
  });
}

export async function findAnalyst(db: Kysely<Database>, name: string): Promise<StoredAnalyst | null> {
  const row = await db
    .selectFrom('analysts')
    .select(['name', 'password_hash', 'locked_until'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row ? { name: row.name, passwordHash: row.password_hash, lockedUntil: row.locked_until } : null;
}

/**
 * One more wrong sign-in, as the columns of a row of `table` are set in one statement (two logins at once
 * both count): a count whose last wrong try is ANALYST_LOCK_MINUTES old is forgotten and starts again; the
 * ANALYST_LOCK_AFTER-th in a row locks the name for ANALYST_LOCK_MINUTES and starts the count again.
 * An analyst's row and an unknown name's count alike, so the answers tell no names apart.
 */
function countedFailure(table: 'analysts' | 'login_failures', now: Date) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const forgotten = sql<boolean>`${column('last_failed_at')} is null or ${column('last_failed_at')} <= ${forgetBefore(now)}`;
  const count = sql<number>`case when ${forgotten} then 1 else ${column('failed_logins')} + 1 end`;
  const reached = sql<boolean>`${count} >= ${ANALYST_LOCK_AFTER}`;
  const until = new Date(now.getTime() + ANALYST_LOCK_MINUTES * MINUTE);
  return {
    failed_logins: sql<number>`case when ${reached} then 0 else ${count} end`,
    locked_until: sql<Date | null>`case when ${reached} then ${until} else ${column('locked_until')} end`,
    last_failed_at: now,
  };
}

/** Wrong sign-ins before this instant are forgotten: as long ago as the lock they may earn lasts. */
const forgetBefore = (now: Date) => new Date(now.getTime() - ANALYST_LOCK_MINUTES * MINUTE);

/** A lock stored, if it is still in force. */
function inForce(lockedUntil: Date | null | undefined, now: Date): Date | null {
  const until = lockedUntil ? new Date(lockedUntil) : null;
  return until && until > now ? until : null;
}

/** Counts a wrong password of an analyst (countedFailure). Answers the lock, if any. */
export async function recordFailedLogin(db: Kysely<Database>, name: string, now: Date): Promise<Date | null> {
  const row = await db
    .updateTable('analysts')
    .set(countedFailure('analysts', now))
    .where('name', '=', name)
    .returning('locked_until')
    .executeTakeFirst();
  return inForce(row?.locked_until, now);
}

/** The lock in force on a name no analyst has, by its subject (an HMAC of it), if any. */
export async function unknownNameLock(
  db: Kysely<Database>,
  subject: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('subject', '=', subject)
    .executeTakeFirst();
  return inForce(row?.locked_until, now);
}

/**
 * Counts a wrong sign-in of a name no analyst has, by its subject, as an analyst's wrong password is
 * counted (countedFailure; the first is a count of 1, short of any lock). Answers the lock, if any. Rows
 * whose count is forgotten and whose lock is over are deleted here, so the table holds only the names
 * tried in the last ANALYST_LOCK_MINUTES, or locked.
 */
export async function recordUnknownNameFailure(
  db: Kysely<Database>,
  subject: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .insertInto('login_failures')
    .values({ subject, failed_logins: 1, last_failed_at: now, locked_until: null })
    .onConflict((conflict) => conflict.column('subject').doUpdateSet(countedFailure('login_failures', now)))
    .returning('locked_until')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('login_failures')
    .where('last_failed_at', '<=', forgetBefore(now))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
  return inForce(row.locked_until, now);
}

/** A right password: the count of wrong ones starts again. */
export async function clearFailedLogins(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .updateTable('analysts')
    .set({ failed_logins: 0, last_failed_at: null, locked_until: null })
    .where('name', '=', name)
    .execute();
}

/** Starts a session of `analyst` and answers its token; expired sessions (anyone's) are deleted here. */
export async function createAnalystSession(
  db: Kysely<Database>,
  analyst: string,
  now: Date,
): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  await db.deleteFrom('analyst_sessions').where('expires_at', '<=', now).execute();
  await db
    .insertInto('analyst_sessions')
    .values({
      id,
      analyst,
      created_at: now,
      expires_at: new Date(now.getTime() + ANALYST_SESSION_HOURS * 60 * MINUTE),
    })
    .execute();
  return id;
}

/** The analyst a session token belongs to; an expired or unknown token has none. */
export async function findAnalystSession(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<{ analyst: string } | null> {
  const row = await db
    .selectFrom('analyst_sessions')
    .select('analyst')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .executeTakeFirst();
  return row ?? null;
}

export async function deleteAnalystSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.deleteFrom('analyst_sessions').where('id', '=', id).execute();
}
