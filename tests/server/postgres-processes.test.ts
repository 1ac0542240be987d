import { type Kysely, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { changeFeedOf } from '../../src/server/db/change-feed';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { CHANGE_CHANNEL } from '../../src/server/db/migrations/0012_change_notices';
import { countRateLimitHit, purgeRateLimitHits } from '../../src/server/db/repositories/rate-limit-hits';
import type { Database } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { SESSION_LIMITS } from '../../src/server/plugins/rate-limits';
import { CartVisitor } from '../support/cart-visitor';
import { usePostgres } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor } from '../support/shopcart';

const TOO_MANY = { returnCode: 429, data: null, msg: '操作過於頻繁，請稍後再試' };
const MINUTE = 60_000;

/** What `read` answers once it answers `expected`, or a second from now, whichever comes first. */
async function withinASecond<T>(read: () => Promise<T>, expected: T): Promise<T> {
  const deadline = Date.now() + 1_000;
  let seen = await read();
  while (seen !== expected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    seen = await read();
  }
  return seen;
}

// Several server processes on one PostgreSQL (WORKERS, or instances behind one balancer): here two apps
// in this process, each with its own pool, LISTEN connection, read cache and rate-limit plugin, on the
// same DATABASE_URL. What one process counts or changes must hold in the other.
describeWithPostgres('two server processes on one PostgreSQL', () => {
  const pg = usePostgres();
  const apps: { db: Kysely<Database>; t: TestApp }[] = [];
  beforeAll(async () => {
    await migrateToLatest(pg.db);
    await seed(pg.db);
    for (let i = 0; i < 2; i += 1) {
      const db = createDatabase({ url: pg.cluster.url });
      apps.push({ db, t: await createTestApp({ db, config: { databaseUrl: pg.cluster.url } }) });
    }
  }, 120_000);
  afterAll(async () => {
    for (const { db, t } of apps) {
      await t.close();
      await db.destroy();
    }
  });
  const both = () => apps.map(({ t }) => t);

  it('holds a visitor to 30 writes a minute, its calls alternated between the processes', async () => {
    const [a, b] = both();
    // the windows are whole minutes: start well inside one, so the budget is not renewed halfway
    const left = MINUTE - (Date.now() % MINUTE);
    if (left < 15_000) await new Promise((resolve) => setTimeout(resolve, left + 100));
    const onA = await CartVisitor.arrive(a!);
    const onB = new CartVisitor(b!, onA.jar, onA.address);
    const limit = SESSION_LIMITS.write;
    const statuses = [];
    for (let i = 0; i < limit; i += 1) statuses.push((await (i % 2 ? onB : onA).call('addCoki')).statusCode);
    expect(statuses).toEqual(Array(limit).fill(200));
    for (const visitor of [onB, onA]) {
      const refused = await visitor.call('addCoki');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual(TOO_MANY);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
  }, 60_000);

  it("answers a catalogue change made through one process on the other's next read within a second", async () => {
    const [a, b] = apps;
    const reader = await CartVisitor.arrive(b!.t);
    const productName = async () =>
      (
        (await reader.read('catalogue/queryCells')).json().data as { PROD_ID: string; PROD_NAME: string }[]
      ).find((cell) => cell.PROD_ID === 'GTL')?.PROD_NAME;
    const before = await productName();
    expect(before).toBeDefined();
    // B keeps the catalogue in memory from now on: only a notice can tell it of the change
    expect(await productName()).toBe(before);
    expect(changeFeedOf(b!.db).live).toBe(true);
    await a!.db.updateTable('products').set({ prod_name: '改名商品' }).where('prod_id', '=', 'GTL').execute();
    try {
      expect(await withinASecond(productName, '改名商品')).toBe('改名商品');
    } finally {
      await a!.db.updateTable('products').set({ prod_name: before! }).where('prod_id', '=', 'GTL').execute();
    }
  });

  /** Runs `change` with the cart tables' notices off: the other process can only learn of it otherwise. */
  async function unannounced<T>(change: () => Promise<T>): Promise<T> {
    const tables = ['carts', 'cart_items', 'cart_item_products'];
    for (const table of tables)
      await sql`alter table ${sql.table(table)} disable trigger ${sql.id(`${table}_cart_changed`)}`.execute(
        pg.db,
      );
    try {
      return await change();
    } finally {
      for (const table of tables)
        await sql`alter table ${sql.table(table)} enable trigger ${sql.id(`${table}_cart_changed`)}`.execute(
          pg.db,
        );
    }
  }

  /**
   * Waits until `db`'s process has heard every notice committed so far. PostgreSQL hands notices over in
   * commit order, so once a marker sent now arrives, the earlier ones (another process's writes) have too.
   * The marker is sent again until it arrives: `db` starts listening on its first query, a moment later.
   */
  async function noticesHeard(db: Kysely<Database>): Promise<void> {
    const marker = `test marker ${Math.random()}`;
    let heard = false;
    const stop = changeFeedOf(db).subscribe((notice) => {
      heard ||= notice === marker;
    });
    try {
      await sql`select 1`.execute(db);
      while (!heard) {
        await sql`select pg_notify(${CHANGE_CHANNEL}, ${marker})`.execute(pg.db);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      stop();
    }
  }

  it("answers a visitor's own cart change made through one process on the other's very next getCart", async () => {
    const [a, b] = both();
    const onA = await ShopcartVisitor.arrive(a!);
    const onB = new CartVisitor(b!, onA.jar, onA.address);
    const items = async () =>
      (await onB.call('getCart')).json().data.CLASS_LIST as { CLASS_ID: number; CLASS_TITLE: string }[];
    await onA.addPackage('BASIC');
    // the notice of that add, late on a busy machine, would drop what B keeps after the read below
    await noticesHeard(b!.db);
    const [basic] = await items();
    expect(basic).toBeDefined();

    // B keeps the cart in memory: a change no notice announces, and no visitor made, is not seen yet
    await unannounced(() =>
      pg.db
        .updateTable('cart_items')
        .set({ class_title: '未通知的變更' })
        .where('class_id', '=', basic!.CLASS_ID)
        .execute(),
    );
    expect(await items()).toEqual([basic]);

    // the visitor's own changes through A are seen by B at once, notices or not
    await unannounced(async () => {
      await onA.addCell('GOI', 45);
      const both = await items();
      expect(both.map((item) => item.CLASS_TITLE)).toEqual(['未通知的變更', expect.any(String)]);
      expect((await onA.call('deleteCartItem', { CLASS_ID: both[1]!.CLASS_ID })).json().returnCode).toBe(0);
      expect((await items()).map((item) => item.CLASS_ID)).toEqual([basic!.CLASS_ID]);
    });
  });

  it("answers the cart a submit through one process emptied on the other's very next getCart", async () => {
    const [a, b] = both();
    const onA = await ShopcartVisitor.arrive(a!);
    const onB = new CartVisitor(b!, onA.jar, onA.address);
    await onA.addPackage('BASIC');
    const items = async () => (await onB.call('getCart')).json().data.CLASS_LIST as unknown[];
    expect(await items()).toHaveLength(1);
    const submission = await onA.submission();
    await unannounced(async () => {
      expect((await onA.shopcart('submitApplication', submission)).json().returnCode).toBe(0);
      expect(await items()).toEqual([]);
    });
  });

  it("answers a cart change made straight in the database on the other process's next read within a second", async () => {
    const [a, b] = both();
    const onA = await ShopcartVisitor.arrive(a!);
    const onB = new CartVisitor(b!, onA.jar, onA.address);
    await onA.addPackage('BASIC');
    const title = async () => (await onB.call('getCart')).json().data.CLASS_LIST[0]?.CLASS_TITLE as string;
    expect(await title()).not.toBe('客服改過的品項');
    await pg.db
      .updateTable('cart_items')
      .set({ class_title: '客服改過的品項' })
      .where('cart_no', '=', onA.cookieCartNo)
      .execute();
    expect(await withinASecond(title, '客服改過的品項')).toBe('客服改過的品項');
  });

  it('counts a key up within its window, anew in the next, and purges the windows that ended', async () => {
    const now = Date.now() - (Date.now() % MINUTE);
    const [ended, current] = [new Date(now - 2 * MINUTE), new Date(now)];
    expect(await countRateLimitHit(pg.db, 'test key', ended)).toBe(1);
    expect(await countRateLimitHit(pg.db, 'test key', ended)).toBe(2);
    expect(await countRateLimitHit(pg.db, 'test key', current)).toBe(1);
    await purgeRateLimitHits(pg.db, new Date(now - MINUTE));
    const left = await pg.db
      .selectFrom('rate_limit_hits')
      .select('window_start')
      .where('key', '=', 'test key')
      .execute();
    expect(left.map((row) => new Date(row.window_start).getTime())).toEqual([now]);
  });
});
