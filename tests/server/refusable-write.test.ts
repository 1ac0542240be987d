import type { Kysely, Transaction } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { Refusal, refusableWrite } from '../../src/server/db/refusable-write';
import type { Database } from '../../src/server/db/schema';

// A repository write that may be refused: a value is committed, a refusal rolls back all the work wrote
// and is answered, an error still fails the write.
describe('refusableWrite', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = createDatabase({ memory: true });
    await migrateToLatest(db);
  }, 30_000);
  afterAll(() => db.destroy());

  const expiresAt = new Date('2099-01-01T00:00:00Z');
  const write = (trx: Transaction<Database>, signature: string) =>
    trx.insertInto('captcha_uses').values({ signature, expires_at: expiresAt }).execute();
  const stored = async (signature: string) =>
    (await db.selectFrom('captcha_uses').select('signature').where('signature', '=', signature).execute())
      .length;

  it('commits what the work wrote and answers its value', async () => {
    const answer = await refusableWrite(db, async (trx) => {
      await write(trx, 'kept');
      return 'done';
    });
    expect(answer).toBe('done');
    expect(await stored('kept')).toBe(1);
  });

  it('rolls back what the work wrote before it refused, and answers the refusal', async () => {
    const refusal = new Refusal('cart full');
    const answer = await refusableWrite(db, async (trx) => {
      await write(trx, 'refused');
      return refusal;
    });
    expect(answer).toBe(refusal);
    expect(await stored('refused')).toBe(0);
  });

  it('rolls back and fails when the work throws', async () => {
    const failure = new Error('lost connection');
    await expect(
      refusableWrite(db, async (trx) => {
        await write(trx, 'thrown');
        throw failure;
      }),
    ).rejects.toBe(failure);
    expect(await stored('thrown')).toBe(0);
  });
});
