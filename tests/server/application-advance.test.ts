import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceApplication } from '../../src/server/db/repositories/application-events';
import { runAdvanceCommand } from '../../src/server/operator/advance-command';
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
    .select(['id', 'status'])
    .where('application_no', '=', applicationNo)
    .executeTakeFirstOrThrow();
  const events = await t.db
    .selectFrom('application_events')
    .select(['status', 'note', 'created_at'])
    .where('application_id', '=', app.id)
    .orderBy('id')
    .execute();
  return { status: app.status, events };
}

const minute = (base: Date, n: number) => new Date(base.getTime() + n * 60_000);

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
      { status: '待補件', note: null },
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
      ).toEqual({ ok: true, from, to: move.status, at });
      const after = await storedCounts(t);
      expect(after).toEqual({ ...before, events: before.events + 1 });
      expect((await stored(t, no)).status).toBe(move.status);
      from = move.status;
    }

    const { events } = await stored(t, no);
    expect(events.map((event) => [event.status, event.note])).toEqual([
      ['已受理', null],
      ['資料審核中', null],
      ['待補件', MISSING_DOCUMENTS],
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
