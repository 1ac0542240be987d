import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_INDEX_HTML, type TestApp } from '../support/server';

// The embedded database runs in the server's own thread, one transaction at a time. A visitor loading a page,
// which needs no database, must not wait until the transactions queued for it, or a long one, have run: the
// server's event loop turns between statements, so connections are accepted and read in between.
describe('a page while transactions queue for the embedded database', () => {
  let t: TestApp;
  let origin: string;
  beforeAll(async () => {
    t = await createTestApp();
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => t.close());

  it('is answered over HTTP before the transactions queued ahead of it have all committed', async () => {
    const QUEUED = 40;
    let committed = 0;
    // each a few statements, as an insert or a submit is
    const transactions = Array.from({ length: QUEUED }, () =>
      t.db
        .transaction()
        .execute(async (trx) => {
          for (let statement = 0; statement < 4; statement += 1)
            await sql`select count(*) from generate_series(1, 2000)`.execute(trx);
        })
        .then(() => {
          committed += 1;
        }),
    );

    const page = await fetch(`${origin}/groupins/`);
    const committedWhenAnswered = committed;
    expect(page.status).toBe(200);
    expect(await page.text()).toBe(TEST_INDEX_HTML);
    await Promise.all(transactions);
    expect(committed).toBe(QUEUED);
    expect(committedWhenAnswered).toBeLessThan(QUEUED / 2);
  });

  it('is answered over HTTP while one long transaction is still running its statements', async () => {
    const STATEMENTS = 40;
    let run = 0;
    const transaction = t.db.transaction().execute(async (trx) => {
      for (; run < STATEMENTS; run += 1)
        await sql`select count(*) from generate_series(1, 2000)`.execute(trx);
    });

    const page = await fetch(`${origin}/groupins/`);
    const runWhenAnswered = run;
    expect(page.status).toBe(200);
    await transaction;
    expect(run).toBe(STATEMENTS);
    expect(runWhenAnswered).toBeLessThan(STATEMENTS / 2);
  });
});
