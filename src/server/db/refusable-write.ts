import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema';

/** What a write answers instead of its value when it refuses; `reason` says why, for the answer. */
export class Refusal<R> {
  constructor(readonly reason: R) {}
}

/** Carries a refusal out of the transaction, which rolls back on it. */
class RolledBack<R> extends Error {
  constructor(readonly refusal: Refusal<R>) {
    super('refused');
  }
}

/**
 * Runs `work` in one transaction and answers what it answers: its value, committed, or a
 * {@link Refusal}, for which everything the work wrote is rolled back (an insert refused stores nothing,
 * not even the cart it made; a submit refused spends no captcha).
 */
export async function refusableWrite<T, R>(
  db: Kysely<Database>,
  work: (trx: Transaction<Database>) => Promise<T | Refusal<R>>,
): Promise<T | Refusal<R>> {
  try {
    return await db.transaction().execute(async (trx) => {
      const answer = await work(trx);
      if (answer instanceof Refusal) throw new RolledBack(answer);
      return answer;
    });
  } catch (error) {
    if (error instanceof RolledBack) return error.refusal as Refusal<R>;
    throw error;
  }
}
