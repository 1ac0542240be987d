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
      .set({ password_hash: passwordHash, failed_logins: 0, locked_until: null, updated_at: new Date() })
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
 * Counts a wrong password in one statement (two logins at once both count); the ANALYST_LOCK_AFTER-th in
 * a row locks the account for ANALYST_LOCK_MINUTES and starts the count again. Answers the lock, if any.
 */
export async function recordFailedLogin(db: Kysely<Database>, name: string, now: Date): Promise<Date | null> {
  const reached = sql<boolean>`analysts.failed_logins + 1 >= ${ANALYST_LOCK_AFTER}`;
  const until = new Date(now.getTime() + ANALYST_LOCK_MINUTES * MINUTE);
  const row = await db
    .updateTable('analysts')
    .set({
      failed_logins: sql`case when ${reached} then 0 else analysts.failed_logins + 1 end`,
      locked_until: sql`case when ${reached} then ${until} else analysts.locked_until end`,
    })
    .where('name', '=', name)
    .returning('locked_until')
    .executeTakeFirst();
  const lockedUntil = row?.locked_until ? new Date(row.locked_until) : null;
  return lockedUntil && lockedUntil > now ? lockedUntil : null;
}

/** A right password: the count of wrong ones starts again. */
export async function clearFailedLogins(db: Kysely<Database>, name: string): Promise<void> {
  await db
    .updateTable('analysts')
    .set({ failed_logins: 0, locked_until: null })
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
