import type { LightMyRequestResponse } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { StaffRole } from '../../src/domain/staff-roles';
import {
  createRenderPool,
  type Renderer,
  type RenderJob,
  type RenderLane,
  RenderQueueFull,
} from '../../src/server/overprint/render-pool';
import { CartVisitor } from '../support/cart-visitor';
import { addStaff, createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';

/*
 * The case's documents (docs/specification.md §6): an underwriter or the service desk prints an
 * application's 要保書 and 投保申請摘要, the same PDF the overprint makes; the 被保險人名冊, which prints
 * full ID numbers and birth dates, only an underwriter, and each print of it is in the audit log before the
 * PDF leaves the server. No session, a visitor's, or another role: tests/server/staff-route-roles.test.ts.
 */

const PASSWORD = 'a long enough passphrase';
const FULL_ID = /^[A-Z][12][0-9]{8}$/;
const ROSTER_REFUSED = {
  returnCode: 403,
  data: null,
  msg: '被保險人名冊含完整身分證字號，僅核保人員可列印',
};
const NO_ROSTER = { returnCode: 1, data: null, msg: '此申請未附被保險人名冊，無法列印名冊' };
const BUSY = { returnCode: 503, data: null, msg: '目前列印需求眾多，請稍候再試' };
const TOO_MANY = { returnCode: 429, data: null, msg: '操作過於頻繁，請稍後再試' };

/**
 * The render pool the app prints through, its jobs counted, told to answer as a full queue when asked;
 * `rendered` runs once a PDF is ready, before the route has it.
 */
function watchedRenderer() {
  const pool = createRenderPool({ threads: 1, queue: 8 });
  const watched = {
    jobs: [] as RenderJob[],
    lanes: [] as (RenderLane | undefined)[],
    full: false,
    rendered: async () => {},
    renderer: {
      async render(job, lane) {
        if (watched.full) throw new RenderQueueFull();
        watched.jobs.push(job);
        watched.lanes.push(lane);
        const pdf = await pool.render(job, lane);
        await watched.rendered();
        return pdf;
      },
      close: () => pool.close(),
    } satisfies Renderer as Renderer,
  };
  return watched;
}

let people = 0;
async function signedIn(t: TestApp, roles: StaffRole[]) {
  const name = `print.${++people}`;
  await addStaff(t.db, name, PASSWORD, roles);
  const visitor = await CartVisitor.arrive(t);
  expect((await visitor.api('staff/login', { name, password: PASSWORD })).json().returnCode).toBe(0);
  return { name, visitor };
}

const isPdf = (response: LightMyRequestResponse) =>
  response.statusCode === 200 &&
  response.headers['content-type'] === 'application/pdf' &&
  response.rawPayload.subarray(0, 5).toString() === '%PDF-';

describe('a case’s documents', () => {
  let t: TestApp;
  const watched = watchedRenderer();
  beforeAll(async () => {
    t = await createTestApp({ renderer: watched.renderer });
  }, 60_000);
  afterAll(() => t.close());
  beforeEach(() => {
    watched.jobs.length = 0;
    watched.lanes.length = 0;
    watched.full = false;
    watched.rendered = async () => {};
  });

  const print = (visitor: CartVisitor, applicationNo: string, body: unknown) =>
    visitor.api(`staff/applications/${applicationNo}/documents`, body);
  const auditOf = (applicationNo: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'application_no', 'detail'])
      .where('application_no', '=', applicationNo)
      .execute();

  it('prints an underwriter the 要保書 and 摘要 as one PDF named by the 受理編號, recording nothing', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor } = await signedIn(t, ['underwriter']);
    const response = await print(visitor, applicationNo, { documents: ['form', 'summary'] });
    expect(isPdf(response)).toBe(true);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${applicationNo}.pdf"`);
    expect(Date.now() - Date.parse(String(response.headers['x-printed-at']))).toBeLessThan(60_000);
    expect(watched.jobs.map((job) => [job.record.applicationNo, job.documents])).toEqual([
      [applicationNo, ['form', 'summary']],
    ]);
    expect(await auditOf(applicationNo)).toEqual([]);
  });

  it('prints an underwriter the 名冊 whole and records who printed it, with the head count only', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { name, visitor } = await signedIn(t, ['underwriter']);
    const response = await print(visitor, applicationNo, { documents: ['roster'] });
    // recorded by the time the PDF has arrived
    const audit = await auditOf(applicationNo);
    expect(isPdf(response)).toBe(true);
    const [job] = watched.jobs;
    expect(job?.documents).toEqual(['roster']);
    const roster = job!.record.roster;
    expect(roster.length).toBeGreaterThan(0);
    for (const person of roster) expect(person.personId).toMatch(FULL_ID);
    expect(audit).toEqual([
      {
        actor: name,
        action: 'roster.print',
        application_no: applicationNo,
        detail: expect.stringContaining(String(roster.length)),
      },
    ]);
    for (const person of roster) {
      expect(audit[0]!.detail).not.toContain(person.personId);
      expect(audit[0]!.detail).not.toContain(person.birthDate);
    }
    // each print is recorded
    expect(isPdf(await print(visitor, applicationNo, { documents: ['form', 'roster'] }))).toBe(true);
    expect((await auditOf(applicationNo)).map((row) => row.action)).toEqual(['roster.print', 'roster.print']);
  });

  it('sends no 名冊 whose print could not be recorded', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor } = await signedIn(t, ['underwriter']);
    // the audit log cannot be written from the moment the PDF is ready until the answer is in
    watched.rendered = async () => {
      await sql`alter table audit_log rename to audit_log_away`.execute(t.db);
    };
    const answer = await print(visitor, applicationNo, { documents: ['roster'] }).finally(() =>
      sql`alter table audit_log_away rename to audit_log`.execute(t.db),
    );
    expect(watched.jobs).toHaveLength(1);
    expect(answer.statusCode).toBe(500);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(answer.json()).toMatchObject({ returnCode: 500, data: null });
    expect(await auditOf(applicationNo)).toEqual([]);
  });

  it('prints the service desk the 要保書 and 摘要, and refuses it the 名冊 without printing or recording', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor } = await signedIn(t, ['service']);
    expect(isPdf(await print(visitor, applicationNo, { documents: ['form'] }))).toBe(true);
    expect(isPdf(await print(visitor, applicationNo, { documents: ['summary'] }))).toBe(true);
    for (const documents of [['roster'], ['form', 'roster', 'summary']]) {
      const refused = await print(visitor, applicationNo, { documents });
      expect([refused.statusCode, refused.json()]).toEqual([403, ROSTER_REFUSED]);
    }
    expect(watched.jobs.map((job) => job.documents)).toEqual([['form'], ['summary']]);
    expect(await auditOf(applicationNo)).toEqual([]);
  });

  it('refuses the 名冊 of an application that has none, as the overprint does', async () => {
    const { applicationNo } = await applyForBasic(t, undefined, { roster: [] });
    const { visitor } = await signedIn(t, ['underwriter']);
    const refused = await print(visitor, applicationNo, { documents: ['form', 'roster'] });
    expect([refused.statusCode, refused.json()]).toEqual([200, NO_ROSTER]);
    expect(isPdf(await print(visitor, applicationNo, { documents: ['form'] }))).toBe(true);
    expect(watched.jobs).toHaveLength(1);
    expect(await auditOf(applicationNo)).toEqual([]);
  });

  it('answers 404 for a 受理編號 no application has', async () => {
    const { visitor } = await signedIn(t, ['underwriter']);
    const answer = await print(visitor, 'GI115010199999', { documents: ['form', 'roster'] });
    expect([answer.statusCode, answer.json()]).toEqual([
      404,
      { returnCode: 404, data: null, msg: '查無此受理編號' },
    ]);
    expect(watched.jobs).toEqual([]);
  });

  it('answers a bad list of documents 400 in the envelope, naming the field', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor } = await signedIn(t, ['underwriter']);
    const bodies = [
      { documents: ['letter'] },
      { documents: [] },
      { documents: 'form' },
      { documents: { 0: 'form' } },
      { documents: ['form', 'form', 'summary', 'roster'] },
      {},
      null,
    ];
    for (const body of bodies) {
      const answer = await print(visitor, applicationNo, body);
      expect({ body, status: answer.statusCode, returnCode: answer.json().returnCode }).toEqual({
        body,
        status: 400,
        returnCode: 400,
      });
      expect(answer.json().msg).toMatch(/文件|資料格式/);
    }
    expect(watched.jobs).toEqual([]);
    expect(await auditOf(applicationNo)).toEqual([]);
  });

  // Issue 45: 16 prints at once from one service session filled the render queue a visitor's print needs
  it('prints in the staff’s lane of the render queue, two at a time per staff session', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor } = await signedIn(t, ['service']);
    const answers = await Promise.all(
      Array.from({ length: 4 }, () => print(visitor, applicationNo, { documents: ['form'] })),
    );
    expect(answers.filter(isPdf)).toHaveLength(2);
    const refused = answers.filter((answer) => !isPdf(answer));
    expect(refused.map((answer) => [answer.statusCode, answer.json()])).toEqual([
      [429, TOO_MANY],
      [429, TOO_MANY],
    ]);
    for (const answer of refused) expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
    expect(watched.lanes).toEqual(['staff', 'staff']);
    // another staff session prints beside it, and the first prints again once its two are in
    const other = await signedIn(t, ['underwriter']);
    expect(isPdf(await print(other.visitor, applicationNo, { documents: ['summary'] }))).toBe(true);
    expect(isPdf(await print(visitor, applicationNo, { documents: ['form', 'summary'] }))).toBe(true);
  });

  it('answers 503 with Retry-After when the render queue is full, recording no print of the 名冊', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor } = await signedIn(t, ['underwriter']);
    watched.full = true;
    const refused = await print(visitor, applicationNo, { documents: ['roster'] });
    expect([refused.statusCode, refused.json()]).toEqual([503, BUSY]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(await auditOf(applicationNo)).toEqual([]);
  });
});
