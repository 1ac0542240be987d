import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/** The visitor's activity session (docs/specification.md §4) by the database clock; started null when never started. */
export interface ActivityTimes {
  startedAt: Date | null;
  endedAt: Date | null;
  now: Date;
}

/** (Re)starts the activity session: started now, not ended. The session's row is made here, if new. */
export async function startActivity(db: Kysely<Database>, id: string): Promise<ActivityTimes> {
  const row = await db
    .insertInto('sessions')
    .values({ id, activity_started_at: sql`now()`, activity_ended_at: null })
    .onConflict((conflict) =>
      conflict.column('id').doUpdateSet({
        activity_started_at: sql`now()`,
        activity_ended_at: null,
        last_seen_at: sql`now()`,
      }),
    )
    .returning(['activity_started_at', 'activity_ended_at', sql<Date>`now()`.as('now')])
    .executeTakeFirstOrThrow();
  return { startedAt: row.activity_started_at, endedAt: row.activity_ended_at, now: row.now };
}

/** A session without a row (never started, or purged) reads as never started. */
export async function readActivity(db: Kysely<Database>, id: string): Promise<ActivityTimes> {
  const ofSession = db.selectFrom('sessions').where('id', '=', id);
  const row = await db
    .selectNoFrom([
      ofSession.select('activity_started_at').as('started'),
      ofSession.select('activity_ended_at').as('ended'),
      sql<Date>`now()`.as('now'),
    ])
    .executeTakeFirstOrThrow();
  return { startedAt: row.started, endedAt: row.ended, now: row.now };
}

/** Ends the activity session; the visitor's cart is not touched. */
export async function endActivity(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ activity_ended_at: sql`now()`, last_seen_at: sql`now()` })
    .where('id', '=', id)
    .execute();
}

/** Deletes the sessions not seen for `retentionSeconds`; answers how many. */
export async function purgeExpiredSessions(db: Kysely<Database>, retentionSeconds: number): Promise<number> {
  const result = await db
    .deleteFrom('sessions')
    .where('last_seen_at', '<', sql<Date>`now() - make_interval(secs => ${retentionSeconds})`)
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
