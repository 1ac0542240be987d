import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { usePostgresApp } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';
import { expectEachStoredOnce, ShopcartVisitor, storedCounts, submitAllAtOnce } from '../support/shopcart';

// Here the pool runs 10 transactions side by side: only the request id's advisory lock keeps a flow's
// requests from racing each other, and only the day's serial row lock keeps two submits from one serial.
describeWithPostgres('shopcart/submitApplication on a real PostgreSQL', () => {
  const pg = usePostgresApp();

  it.each([1, 2])(
    'stores 50 distinct flows submitted at once exactly once each, with 50 consecutive serials (round %i)',
    async () => {
      const before = await storedCounts(pg.t);
      expectEachStoredOnce(await submitAllAtOnce(pg.t, 50));
      const after = await storedCounts(pg.t);
      expect(after.applications - before.applications).toBe(50);
      expect(after.products - before.products).toBe(150);
      expect(after.roster - before.roster).toBe(100);
    },
    60_000,
  );

  it.each([1, 2, 3])(
    'answers 5 requests of one flow at once with one number, stored once (round %i)',
    async () => {
      const visitor = await ShopcartVisitor.arrive(pg.t);
      await visitor.addPackage('BASIC');
      const before = await storedCounts(pg.t);
      const body = await visitor.submission();
      // a double click, then two more tabs each with its own captcha
      const bodies = [
        body,
        body,
        body,
        { ...body, captcha: await visitor.captcha() },
        { ...body, captcha: await visitor.captcha() },
      ];
      const answers = await Promise.all(bodies.map((b) => visitor.shopcart('submitApplication', b)));
      const [first, ...rest] = answers.map((answer) => answer.json());
      expect(first.returnCode).toBe(0);
      for (const other of rest) expect(other).toEqual(first);
      expect((await storedCounts(pg.t)).applications).toBe(before.applications + 1);
    },
  );

  it('answers one request id sent at once from two sessions with two applications, each its own', async () => {
    const [a, b] = [await ShopcartVisitor.arrive(pg.t), await ShopcartVisitor.arrive(pg.t)];
    await a.addPackage('BASIC');
    await b.addPackage('BASIC');
    const before = await storedCounts(pg.t);
    const body = await a.submission();
    const fromB = { ...body, captcha: await b.captcha() };
    // each session double-clicks
    const answers = await Promise.all([
      a.shopcart('submitApplication', body),
      b.shopcart('submitApplication', fromB),
      a.shopcart('submitApplication', body),
      b.shopcart('submitApplication', fromB),
    ]);
    const [a1, b1, a2, b2] = answers.map((answer) => answer.json());
    expect([a1.returnCode, b1.returnCode]).toEqual([0, 0]);
    expect(a2).toEqual(a1);
    expect(b2).toEqual(b1);
    expect(b1.data.applicationNo).not.toBe(a1.data.applicationNo);
    expect((await storedCounts(pg.t)).applications).toBe(before.applications + 2);
  });

  it('keeps the price it stored when the catalogue changes afterwards', async () => {
    const visitor = await ShopcartVisitor.arrive(pg.t);
    await visitor.addPackage('BASIC');
    const { applicationNo } = (await visitor.shopcart('submitApplication', await visitor.submission())).json()
      .data;
    const premium = () =>
      pg.db
        .selectFrom('applications')
        .select(['premium_annual', 'premium_monthly_per_person'])
        .where('application_no', '=', applicationNo)
        .executeTakeFirstOrThrow();
    // 基本型, 10 people, class 1, age 35: 2,440 a person × 10 × 0.95 = 23,180; 2,440 × 0.95 × 0.088 → 204
    expect(await premium()).toEqual({ premium_annual: 23_180, premium_monthly_per_person: 204 });
    await pg.db.updateTable('premium_rates').set({ rate: sql`rate * 2` }).execute();
    try {
      expect(await premium()).toEqual({ premium_annual: 23_180, premium_monthly_per_person: 204 });
    } finally {
      await pg.db.updateTable('premium_rates').set({ rate: sql`rate / 2` }).execute();
    }
  });
});
