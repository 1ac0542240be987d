import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../support/server';
import { expectEachStoredOnce, storedCounts, submitAllAtOnce } from '../support/shopcart';

// PGlite runs one transaction at a time, so these show the flow end to end under load; the same checks
// run on a real PostgreSQL, transactions side by side, in shopcart-postgres.test.ts.
describe('shopcart/submitApplication under concurrency (PGlite)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());

  it('stores 50 distinct flows submitted at once exactly once each, with 50 consecutive serials', async () => {
    const before = await storedCounts(t);
    const numbers = expectEachStoredOnce(await submitAllAtOnce(t, 50));
    expect(new Set(numbers.map((no) => no.slice(0, 9))).size).toBe(1);
    const after = await storedCounts(t);
    expect(after.applications - before.applications).toBe(50);
    expect(after.events - before.events).toBe(50);
    expect(after.items - before.items).toBe(50);
  }, 60_000);
});
