import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

export async function createSession(db: Kysely<Database>, id: string): Promise<void> {
  await db.insertInto('sessions').values({ id }).execute();
}

/** Whether the session exists; marks it seen, at most once a minute so reads stay reads. */
export async function touchSession(db: Kysely<Database>, id: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select((eb) => eb(eb.ref('last_seen_at'), '<', sql<Date>`now() - interval '1 minute'`).as('stale'))
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return false;
  if (row.stale)
    await db.updateTable('sessions').set({ last_seen_at: sql`now()` }).where('id', '=', id).execute();
  return true;
}

/** The visitor's activity session (SPEC §4) by the database clock; started null when never started. */
export interface ActivityTimes {
  startedAt: Date | null;
  endedAt: Date | null;
  now: Date;
}

/** (Re)starts the activity session: started now, not ended. */
export async function startActivity(db: Kysely<Database>, id: string): Promise<ActivityTimes> {
  const row = await db
    .updateTable('sessions')
    .set({ activity_started_at: sql`now()`, activity_ended_at: null })
    .where('id', '=', id)
    .returning(['activity_started_at', 'activity_ended_at', sql<Date>`now()`.as('now')])
    .executeTakeFirstOrThrow();
  return { startedAt: row.activity_started_at, endedAt: row.activity_ended_at, now: row.now };
}

export async function readActivity(db: Kysely<Database>, id: string): Promise<ActivityTimes> {
  const row = await db
    .selectFrom('sessions')
    .select(['activity_started_at', 'activity_ended_at', sql<Date>`now()`.as('now')])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { startedAt: row.activity_started_at, endedAt: row.activity_ended_at, now: row.now };
}

/** Ends the activity session; the visitor's cart is not touched. */
export async function endActivity(db: Kysely<Database>, id: string): Promise<void> {
  await db.updateTable('sessions').set({ activity_ended_at: sql`now()` }).where('id', '=', id).execute();
}
