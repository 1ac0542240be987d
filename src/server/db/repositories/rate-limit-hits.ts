import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

/** Counts one request against `key` in the window starting at `windowStart` and answers the window's count. */
export async function countRateLimitHit(
  db: Kysely<Database>,
  key: string,
  windowStart: Date,
): Promise<number> {
  const row = await db
    .insertInto('rate_limit_hits')
    .values({ key, window_start: windowStart, count: 1 })
    .onConflict((conflict) =>
      conflict.columns(['key', 'window_start']).doUpdateSet({ count: sql`rate_limit_hits.count + 1` }),
    )
    .returning('count')
    .executeTakeFirstOrThrow();
  return row.count;
}

/** Deletes the counts of windows that started before `before`. */
export async function purgeRateLimitHits(db: Kysely<Database>, before: Date): Promise<void> {
  await db.deleteFrom('rate_limit_hits').where('window_start', '<', before).execute();
}
