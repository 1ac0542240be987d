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
