import { type Kysely, sql } from 'kysely';
import type { Database } from '../schema';

const EXPIRED_ROW_GRACE_SECONDS = 300;

/**
 * Records that the challenge signed `signature` has been used; false when it already was (on this node or
 * any other sharing the database). Rows of challenges expired for a while are deleted first: an expired
 * challenge is refused before it gets here, so its row has nothing left to guard. The grace covers clocks
 * of API nodes and database that differ by a little.
 */
export async function recordCaptchaUse(
  db: Kysely<Database>,
  signature: string,
  expiresAt: Date,
): Promise<boolean> {
  await db
    .deleteFrom('captcha_uses')
    .where('expires_at', '<', sql<Date>`now() - make_interval(secs => ${EXPIRED_ROW_GRACE_SECONDS})`)
    .execute();
  const inserted = await db
    .insertInto('captcha_uses')
    .values({ signature, expires_at: expiresAt })
    .onConflict((conflict) => conflict.column('signature').doNothing())
    .returning('signature')
    .executeTakeFirst();
  return inserted !== undefined;
}
