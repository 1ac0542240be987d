import { setTimeout as sleep } from 'node:timers/promises';
import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIGRATIONS, migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { createTestDatabase } from '../support/server';

describe('Kysely over in-memory PGlite', () => {
  let db: Kysely<Database>;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(() => db.destroy());

  const counter = (trx: Kysely<Database>) =>
    trx.selectFrom('function_meta').select('meta_value').where('func_id', '=', 'test_counter');

  it('runs concurrent read-modify-write transactions one after another, losing no update', async () => {
    await db
      .insertInto('function_meta')
      .values({ func_id: 'test_counter', meta_attr: 'count', meta_value: '0' })
      .execute();
    await Promise.all(
      Array.from({ length: 20 }, () =>
        db.transaction().execute(async (trx) => {
          const { meta_value } = await counter(trx).executeTakeFirstOrThrow();
          await sleep(2);
          await trx
            .updateTable('function_meta')
            .set({ meta_value: String(Number(meta_value) + 1) })
            .where('func_id', '=', 'test_counter')
            .execute();
        }),
      ),
    );
    expect((await counter(db).executeTakeFirstOrThrow()).meta_value).toBe('20');
  });

  it('rolls a failed transaction back and hands the connection on', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx
        .insertInto('function_meta')
        .values({ func_id: 'rolled_back', meta_attr: 'x', meta_value: 'x' })
        .execute();
      throw new Error('abort');
    });
    await expect(failing).rejects.toThrow('abort');
    const rows = await db
      .selectFrom('function_meta')
      .select('id')
      .where('func_id', '=', 'rolled_back')
      .execute();
    expect(rows).toEqual([]);
  });

  it('reports affected row counts', async () => {
    await db
      .insertInto('function_meta')
      .values([
        { func_id: 'count_a', meta_attr: 'n', meta_value: '1' },
        { func_id: 'count_b', meta_attr: 'n', meta_value: '1' },
      ])
      .execute();
    const result = await db
      .updateTable('function_meta')
      .set({ meta_value: '2' })
      .where('meta_attr', '=', 'n')
      .executeTakeFirst();
    expect(result.numUpdatedRows).toBe(2n);
  });

  it('runs migrations idempotently', async () => {
    await migrateToLatest(db);
    const applied = await sql<{ name: string }>`select name from kysely_migration order by name`.execute(db);
    expect(applied.rows.map((row) => row.name)).toEqual(Object.keys(MIGRATIONS).sort());
    expect(applied.rows[0]?.name).toBe('0001_foundation');
  });
});
