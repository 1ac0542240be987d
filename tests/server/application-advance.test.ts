import { type Kysely, sql } from 'kysely';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApplicationStatus } from '../../src/domain/application-status';
import { createDatabase } from '../../src/server/db/database';
import { type AdvanceResult, advanceApplication } from '../../src/server/db/repositories/application-events';
import type { Database } from '../../src/server/db/schema';
import { runAdvanceCommand, usage } from '../../src/server/operator/advance-command';
import { usePostgresApp } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor, storedCounts } from '../support/shopcart';

// What 待補件 asks for when staff name nothing (docs/domain.md §1.2): the signed originals.
const MISSING_DOCUMENTS = '蓋有公司大小章的要保書正本、被保險人名冊';
const ALL_STATUSES = ['已受理', '資料審核中', '待補件', '核保中', '已承保', '不予承保', '已結案'] as const;

/** A company's application submitted through the API, as a visitor would: answers its 受理編號. */
async function submitApplication(t: TestApp): Promise<string> {
  const visitor = await ShopcartVisitor.arrive(t);
  await visitor.addPackage('BASIC');
  const answer = (await visitor.shopcart('submitApplication', await visitor.submission())).json();
  if (answer.returnCode !== 0) throw new Error(`submitApplication: ${answer.msg}`);
  return answer.data.applicationNo;
}

async function stored(t: Pick<TestApp, 'db'>, applicationNo: string) {
  const app = await t.db
    .selectFrom('applications')
    .select(['id', 'status', 'version'])
    .where('application_no', '=', applicationNo)
    .executeTakeFirstOrThrow();
  const events = await t.db
    .selectFrom('application_events')
    .select(['status', 'note', 'created_at'])
    .where('application_id', '=', app.id)
    .orderBy('id')
    .execute();
  return { status: app.status, version: app.version, events };
}

const minute = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

/** How many sessions of the database wait for a lock now. */
async function waitingOnLocks(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    select count(*) as n from pg_stat_activity where wait_event_type = 'Lock'`.execute(db);
  return Number(rows[0]?.n ?? 0);
}

describe('application:advance --help', () => {
  it('lists the moves of docs/specification.md §4, those that need a note marked', () => {
    const text = usage();
    const listed = text.split('\n').filter((line) => /^ {2}\S+( →|: final)/.test(line));
    expect(listed).toEqual([
      '  已受理 → 資料審核中, 已結案*',
      '  資料審核中 → 待補件*, 核保中, 不予承保*, 已結案*',
      '  待補件 → 資料審核中, 已結案*',
      '  核保中 → 待補件*, 已承保, 不予承保*',
      '  已承保: final',
      '  不予承保: final',
      '  已結案: final',
    ]);
    expect(text).toContain('* needs a note, which 待補件 has by default');
  });
});

describe('advanceApplication on PGlite', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());

  it('moves 已受理 → 資料審核中 → 待補件 → 資料審核中 → 核保中 → 已承保, one event each, in time order', async () => {
    const no = await submitApplication(t);
    const start = new Date();
    const moves = [
      { status: '資料審核中', note: null },
      { status: '待補件', note: '請補送勞保投保薪資明細' },
      { status: '資料審核中', note: null },
      { status: '核保中', note: '已收齊文件' },
      { status: '已承保', note: null },
    ] as const;
    let from = '已受理';
    for (const [i, move] of moves.entries()) {
      const at = minute(start, i + 1);
      const before = await storedCounts(t);
      expect(
        await advanceApplication(t.db, { applicationNo: no, status: move.status, note: move.note, at }),
      ).toEqual({ ok: true, from, to: move.status, at, version: i + 2 });
      const after = await storedCounts(t);
      expect(after).toEqual({ ...before, events: before.events + 1 });
      expect((await stored(t, no)).status).toBe(move.status);
      from = move.status;
    }

    const { events } = await stored(t, no);
    expect(events.map((event) => [event.status, event.note])).toEqual([
      ['已受理', null],
      ['資料審核中', null],
      ['待補件', '請補送勞保投保薪資明細'],
      ['資料審核中', null],
      ['核保中', '已收齊文件'],
      ['已承保', null],
    ]);
    const times = events.map((event) => new Date(event.created_at).getTime());
    for (let i = 1; i < times.length; i += 1) expect(times[i]!).toBeGreaterThan(times[i - 1]!);
    expect(times.slice(1)).toEqual(moves.map((_, i) => minute(start, i + 1).getTime()));
  });

  it('keeps the note staff give for 待補件, and writes the time of the move when none is given', async () => {
    const no = await submitApplication(t);
    await advanceApplication(t.db, { applicationNo: no, status: '資料審核中' });
    const before = Date.now();
    const result = await advanceApplication(t.db, {
      applicationNo: no,
      status: '待補件',
      note: '請補附加保險人名冊',
    });
    expect(result).toMatchObject({ ok: true, from: '資料審核中', to: '待補件' });
    const { events } = await stored(t, no);
    expect(events.at(-1)?.note).toBe('請補附加保險人名冊');
    const at = new Date(events.at(-1)!.created_at).getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });

  it('refuses 已受理 → 已承保 and writes nothing', async () => {
    const no = await submitApplication(t);
    const before = await storedCounts(t);
    expect(await advanceApplication(t.db, { applicationNo: no, status: '已承保' })).toEqual({
      ok: false,
      reason: 'notAllowed',
      from: '已受理',
      allowed: ['資料審核中', '已結案'],
    });
    expect(await storedCounts(t)).toEqual(before);
    expect((await stored(t, no)).status).toBe('已受理');
  });

  it('refuses every move from 已承保 (a decision), the same status included, and writes nothing', async () => {
    const no = await submitApplication(t);
    for (const status of ['資料審核中', '核保中', '已承保'] as const)
      await advanceApplication(t.db, { applicationNo: no, status });
    const before = await storedCounts(t);
    for (const status of ALL_STATUSES) {
      expect(await advanceApplication(t.db, { applicationNo: no, status })).toEqual({
        ok: false,
        reason: 'notAllowed',
        from: '已承保',
        allowed: [],
      });
    }
    expect(await storedCounts(t)).toEqual(before);
    expect((await stored(t, no)).status).toBe('已承保');
  });

  it('refuses 資料審核中 → 資料審核中: a move goes somewhere', async () => {
    const no = await submitApplication(t);
    await advanceApplication(t.db, { applicationNo: no, status: '資料審核中' });
    const before = await storedCounts(t);
    expect(await advanceApplication(t.db, { applicationNo: no, status: '資料審核中' })).toMatchObject({
      ok: false,
      reason: 'notAllowed',
      from: '資料審核中',
    });
    expect(await storedCounts(t)).toEqual(before);
  });

  it('refuses 待補件, 不予承保 and 已結案 without a note, or with one of spaces, and writes nothing', async () => {
    const no = await submitApplication(t);
    await advanceApplication(t.db, { applicationNo: no, status: '資料審核中' });
    const before = await storedCounts(t);
    for (const status of ['待補件', '不予承保', '已結案'] as const)
      for (const note of [undefined, null, '', '  　'])
        expect(await advanceApplication(t.db, { applicationNo: no, status, note })).toEqual({
          ok: false,
          reason: 'noteRequired',
          from: '資料審核中',
          to: status,
        });
    expect(await storedCounts(t)).toEqual(before);
    expect(await stored(t, no)).toMatchObject({ status: '資料審核中', version: 2 });
    expect(
      await advanceApplication(t.db, { applicationNo: no, status: '不予承保', note: '職業類別超出承保範圍' }),
    ).toMatchObject({ ok: true, from: '資料審核中', to: '不予承保', version: 3 });
    expect((await stored(t, no)).events.at(-1)?.note).toBe('職業類別超出承保範圍');
  });

  it('takes a move that names the version it saw, one more each time', async () => {
    const no = await submitApplication(t);
    expect((await stored(t, no)).version).toBe(1);
    expect(
      await advanceApplication(t.db, { applicationNo: no, status: '資料審核中', version: 1 }),
    ).toMatchObject({ ok: true, to: '資料審核中', version: 2 });
    expect(
      await advanceApplication(t.db, {
        applicationNo: no,
        status: '已結案',
        note: '要保單位撤回',
        version: 2,
      }),
    ).toMatchObject({ ok: true, to: '已結案', version: 3 });
    expect(await stored(t, no)).toMatchObject({ status: '已結案', version: 3 });
  });

  it('refuses a move on a version another move replaced: 此案件已由他人更新 and the current status', async () => {
    const no = await submitApplication(t);
    await advanceApplication(t.db, { applicationNo: no, status: '資料審核中', version: 1 });
    const before = await storedCounts(t);
    // a second person still looks at 已受理, version 1, and closes it
    for (const version of [1, 3])
      expect(
        await advanceApplication(t.db, { applicationNo: no, status: '已結案', note: '撤回', version }),
      ).toEqual({
        ok: false,
        reason: 'updatedByOthers',
        message: '此案件已由他人更新',
        status: '資料審核中',
        version: 2,
      });
    expect(await storedCounts(t)).toEqual(before);
    expect(await stored(t, no)).toMatchObject({ status: '資料審核中', version: 2 });
  });

  it('of two moves at once on the version both saw, lands one; the other hears whose status', async () => {
    const no = await submitApplication(t);
    await advanceApplication(t.db, { applicationNo: no, status: '資料審核中' });
    const results = await Promise.all([
      advanceApplication(t.db, { applicationNo: no, status: '待補件', note: '請補名冊', version: 2 }),
      advanceApplication(t.db, { applicationNo: no, status: '核保中', version: 2 }),
    ]);
    const status = expectOneLanded(results);
    expect((await stored(t, no)).events.map((event) => event.status)).toEqual([
      '已受理',
      '資料審核中',
      status,
    ]);
  });

  it('judges a move naming no version (the operator command) on the status the last move left', async () => {
    const no = await submitApplication(t);
    await advanceApplication(t.db, { applicationNo: no, status: '資料審核中', version: 1 });
    await advanceApplication(t.db, { applicationNo: no, status: '核保中' });
    expect(await advanceApplication(t.db, { applicationNo: no, status: '資料審核中' })).toEqual({
      ok: false,
      reason: 'notAllowed',
      from: '核保中',
      allowed: ['待補件', '已承保', '不予承保'],
    });
    expect(await advanceApplication(t.db, { applicationNo: no, status: '已承保' })).toMatchObject({
      ok: true,
      from: '核保中',
      version: 4,
    });
  });

  it('answers notFound for a number no application has, and writes nothing', async () => {
    const before = await storedCounts(t);
    expect(await advanceApplication(t.db, { applicationNo: 'GI099010100001', status: '資料審核中' })).toEqual(
      {
        ok: false,
        reason: 'notFound',
      },
    );
    expect(await storedCounts(t)).toEqual(before);
  });
});

describeWithPostgres('application:advance on a real PostgreSQL', () => {
  const pg = usePostgresApp();

  it('runs with DATABASE_URL: advances, prints the move and its time in Taipei, exit 0', async () => {
    const no = await submitApplication(pg.t);
    const out: string[] = [];
    const err: string[] = [];
    const code = await runAdvanceCommand(
      [no, '資料審核中'],
      { DATABASE_URL: pg.cluster.url },
      {
        out: (line) => out.push(line),
        err: (line) => err.push(line),
      },
    );
    expect({ code, err }).toEqual({ code: 0, err: [] });
    const { status, events } = await stored(pg, no);
    expect(status).toBe('資料審核中');
    const at = DateTime.fromJSDate(new Date(events.at(-1)!.created_at)).setZone('Asia/Taipei');
    expect(out).toEqual([`${no}: 已受理 → 資料審核中 (${at.toFormat('yyyy-MM-dd HH:mm')} Asia/Taipei)`]);
    expect(out.join('\n')).not.toContain('晴空軟體');
  });

  it('refuses with DATABASE_URL a move not allowed: the allowed ones named, exit 1', async () => {
    const no = await submitApplication(pg.t);
    const err: string[] = [];
    const code = await runAdvanceCommand(
      [no, '已承保'],
      { DATABASE_URL: pg.cluster.url },
      {
        out: () => {},
        err: (line) => err.push(line),
      },
    );
    expect(code).toBe(1);
    expect(err).toEqual([
      `${no}: 已受理 → 已承保 is not allowed; from 已受理 it may go to 資料審核中, 已結案. Nothing was changed.`,
    ]);
    expect((await stored(pg, no)).status).toBe('已受理');
  });

  it('with DATABASE_URL, 待補件 without --note asks for the signed originals; 已結案 without one is refused', async () => {
    const no = await submitApplication(pg.t);
    const env = { DATABASE_URL: pg.cluster.url };
    const err: string[] = [];
    const output = { out: () => {}, err: (line: string) => err.push(line) };
    expect(await runAdvanceCommand([no, '資料審核中'], env, output)).toBe(0);
    expect(await runAdvanceCommand([no, '待補件'], env, output)).toBe(0);
    expect((await stored(pg, no)).events.at(-1)).toMatchObject({ status: '待補件', note: MISSING_DOCUMENTS });
    expect(await runAdvanceCommand([no, '已結案'], env, output)).toBe(1);
    expect(err).toEqual([
      `${no}: 待補件 → 已結案 needs a note (--note <text>): the company reads it. Nothing was changed.`,
    ]);
    expect(await runAdvanceCommand([no, '已結案', '--note', '逾期未補件'], env, output)).toBe(0);
    expect(await stored(pg, no)).toMatchObject({ status: '已結案', version: 4 });
  });

  it('of two moves at once from two connections on the version both saw, lands exactly one', async () => {
    const no = await submitApplication(pg.t);
    await advanceApplication(pg.db, { applicationNo: no, status: '資料審核中' });
    const [first, second] = [0, 1].map(() => createDatabase({ url: pg.cluster.url }));
    try {
      // a third connection holds the row, so that both moves are waiting on it before either runs
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      const holding = pg.db.transaction().execute(async (trx) => {
        await trx
          .selectFrom('applications')
          .select('id')
          .where('application_no', '=', no)
          .forUpdate()
          .execute();
        await held;
      });
      const moves = Promise.all([
        advanceApplication(first!, { applicationNo: no, status: '待補件', note: '請補名冊', version: 2 }),
        advanceApplication(second!, {
          applicationNo: no,
          status: '不予承保',
          note: '職業類別不符',
          version: 2,
        }),
      ]);
      await expect.poll(() => waitingOnLocks(pg.db), { timeout: 10_000 }).toBe(2);
      release();
      await holding;
      const results = await moves;
      const status = expectOneLanded(results);
      expect(await stored(pg, no)).toMatchObject({ status, version: 3 });
      expect((await stored(pg, no)).events.map((event) => event.status)).toEqual([
        '已受理',
        '資料審核中',
        status,
      ]);
    } finally {
      await Promise.all([first!.destroy(), second!.destroy()]);
    }
  });

  it('orders moves made at once by the row lock: of 10 moves 已受理 → 資料審核中, one is made', async () => {
    const no = await submitApplication(pg.t);
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        advanceApplication(pg.db, { applicationNo: no, status: '資料審核中' }),
      ),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    for (const result of results.filter((r) => !r.ok))
      expect(result).toEqual({
        ok: false,
        reason: 'notAllowed',
        from: '資料審核中',
        allowed: ['待補件', '核保中', '不予承保', '已結案'],
      });
    expect((await stored(pg, no)).events.map((event) => event.status)).toEqual(['已受理', '資料審核中']);
  });
});

/**
 * Of two moves made on version 2 at once, exactly one lands; the other is told 「此案件已由他人更新」 with
 * the status the first left and version 3. Answers that status.
 */
function expectOneLanded(results: AdvanceResult[]): ApplicationStatus | null {
  const landed = results.filter((result) => result.ok);
  expect(landed).toHaveLength(1);
  const status = landed[0]!.ok ? landed[0]!.to : null;
  expect(results.find((result) => !result.ok)).toEqual({
    ok: false,
    reason: 'updatedByOthers',
    message: '此案件已由他人更新',
    status,
    version: 3,
  });
  return status;
}
