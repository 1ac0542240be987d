import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { advanceApplication } from '../../src/server/db/repositories/application-events';
import { CartVisitor } from '../support/cart-visitor';
import { insertQueueApplications, type QueueApplication } from '../support/queue-applications';
import { addStaff, createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';

/*
 * Issue 35's application queue: paged on the server, the longest waiting first (since 受理; at 待補件 since
 * the documents were asked for), filtered by status, 受理 days, 投保人數 and industry, searched by 受理編號,
 * 統一編號 or company name, with the count of each status; the same list as CSV without ID numbers or
 * birth dates. Only an underwriter may read it (tests/server/staff-route-roles.test.ts tries every role).
 */

const PASSWORD = 'a long enough passphrase';
const taipei = (local: string) => new Date(`${local}+08:00`);

// 25 applications of October 2026, one a day at 10:00 Taipei; a few stand out
const OCTOBER: QueueApplication[] = Array.from({ length: 25 }, (_, i) => ({
  applicationNo: `GI1151001${String(i + 1).padStart(5, '0')}`,
  createdAt: taipei(`2026-10-${String(i + 1).padStart(2, '0')}T10:00:00`),
}));
Object.assign(OCTOBER[2]!, { companyName: '山嵐物流有限公司', industry: 'H', headcount: 40 });
Object.assign(OCTOBER[3]!, { companyName: '100%_純天然食品行', taxId: '12345675', headcount: 5 });
Object.assign(OCTOBER[4]!, { status: '資料審核中', industry: 'H' });
Object.assign(OCTOBER[5]!, { companyName: 'Sunrise 晨光設計有限公司' });
// asked for documents on the 26th: it waits from then, so it comes after those stored before the 26th
Object.assign(OCTOBER[0]!, { status: '待補件', waitingSince: taipei('2026-10-26T09:00:00') });

async function underwriter(t: TestApp, name: string, roles = ['underwriter'] as const) {
  await addStaff(t.db, name, PASSWORD, [...roles]);
  const visitor = await CartVisitor.arrive(t);
  expect((await visitor.api('staff/login', { name, password: PASSWORD })).json().returnCode).toBe(0);
  return visitor;
}

describe('the application queue', () => {
  let t: TestApp;
  let reader: CartVisitor;
  const queue = async (query = '') => (await reader.read(`staff/applications${query}`)).json();
  const numbers = async (query = '') =>
    ((await queue(query)).data.rows as { applicationNo: string }[]).map((row) => row.applicationNo);

  beforeAll(async () => {
    t = await createTestApp();
    await insertQueueApplications(t.db, OCTOBER);
    reader = await underwriter(t, 'queue.reader');
  }, 60_000);
  afterAll(() => t.close());

  it('answers 20 a page, the longest waiting first, with the total and the count of each status', async () => {
    const first = await queue();
    expect(first.returnCode).toBe(0);
    expect(first.data.pageSize).toBe(20);
    expect(first.data.total).toBe(25);
    expect(first.data.counts).toEqual({
      已受理: 23,
      資料審核中: 1,
      待補件: 1,
      核保中: 0,
      已承保: 0,
      不予承保: 0,
      已結案: 0,
    });
    const expected = [...OCTOBER.slice(1, 25).map((a) => a.applicationNo)];
    // the 待補件 one waits from 26 October 09:00: after the 25th's 受理, before none stored later
    expected.push(OCTOBER[0]!.applicationNo);
    expect(first.data.rows.map((row: { applicationNo: string }) => row.applicationNo)).toEqual(
      expected.slice(0, 20),
    );
    expect(await numbers('?page=2')).toEqual(expected.slice(20));
    expect(await numbers('?page=3')).toEqual([]);
  });

  it('says of each row where its wait starts, and counts the waits up to the answer', async () => {
    const page = (await queue('?status=待補件')).data;
    expect(page.rows).toEqual([
      {
        applicationNo: OCTOBER[0]!.applicationNo,
        companyName: '晴川科技股份有限公司',
        taxId: '04595257',
        status: '待補件',
        industry: 'C',
        headcount: 10,
        premiumAnnual: 12_000,
        createdAt: '2026-10-01T02:00:00.000Z',
        waitingSince: '2026-10-26T01:00:00.000Z',
      },
    ]);
    expect(Math.abs(Date.parse(page.asOf) - Date.now())).toBeLessThan(60_000);
  });

  it('filters by status, 受理 days in Taipei, 投保人數 and industry; the counts keep every status', async () => {
    const transport = await queue('?industry=H');
    expect(transport.data.rows.map((r: { applicationNo: string }) => r.applicationNo)).toEqual([
      OCTOBER[2]!.applicationNo,
      OCTOBER[4]!.applicationNo,
    ]);
    expect(transport.data.counts.資料審核中).toBe(1);
    expect(transport.data.counts.已受理).toBe(1);
    expect(await numbers('?industry=H&status=資料審核中')).toEqual([OCTOBER[4]!.applicationNo]);
    // 10:00 Taipei is 02:00 UTC: the 3rd to the 4th are two Taipei days
    expect(await numbers('?from=2026-10-03&to=2026-10-04')).toEqual([
      OCTOBER[2]!.applicationNo,
      OCTOBER[3]!.applicationNo,
    ]);
    expect((await numbers('?from=2026-10-24')).length).toBe(2);
    expect(await numbers('?to=2026-10-01')).toEqual([OCTOBER[0]!.applicationNo]);
    expect(await numbers('?headcountMin=30')).toEqual([OCTOBER[2]!.applicationNo]);
    expect(await numbers('?headcountMax=5')).toEqual([OCTOBER[3]!.applicationNo]);
    expect((await queue('?headcountMin=6&headcountMax=39')).data.total).toBe(23);
  });

  it('finds by 受理編號 (or its start), 統一編號 or part of the company name, taking % and _ as typed', async () => {
    expect(await numbers(`?q=${OCTOBER[7]!.applicationNo.toLowerCase()}`)).toEqual([
      OCTOBER[7]!.applicationNo,
    ]);
    expect((await queue('?q=GI11510010000')).data.total).toBe(9);
    expect(await numbers('?q=12345675')).toEqual([OCTOBER[3]!.applicationNo]);
    expect(await numbers(`?q=${encodeURIComponent('山嵐')}`)).toEqual([OCTOBER[2]!.applicationNo]);
    expect(await numbers(`?q=${encodeURIComponent('100%_純')}`)).toEqual([OCTOBER[3]!.applicationNo]);
    expect(await numbers(`?q=${encodeURIComponent('%')}`)).toEqual([OCTOBER[3]!.applicationNo]);
    expect(await numbers(`?q=${encodeURIComponent('找不到的公司')}`)).toEqual([]);
  });

  it('finds a company name whatever the case of its letters', async () => {
    expect(await numbers('?q=sunRISE')).toEqual([OCTOBER[5]!.applicationNo]);
    expect(await numbers(`?q=${encodeURIComponent('SUNRISE 晨光')}`)).toEqual([OCTOBER[5]!.applicationNo]);
  });

  it('refuses a query it cannot read with what to correct, in the envelope', async () => {
    for (const [query, msg] of [
      ['?status=審核中', '案件狀態格式錯誤'],
      ['?from=2026-10-05&to=2026-10-04', '起日不可晚於迄日'],
      ['?from=20261004', '受理起日格式錯誤'],
      ['?headcountMin=30&headcountMax=10', '投保人數上限不可小於下限'],
      ['?headcountMin=3', '投保人數下限不可小於5'],
      ['?industry=Z', '行業類別格式錯誤'],
      ['?page=0', '頁碼不可小於1'],
      [`?q=${'長'.repeat(61)}`, '搜尋長度限制為60'],
    ]) {
      const answer = await reader.read(`staff/applications${query}`);
      expect([query, answer.statusCode, answer.json()]).toEqual([
        query,
        400,
        { returnCode: 400, data: null, msg },
      ]);
    }
  });

  it('waits from the request for documents at 待補件, and from 受理 again once the documents came', async () => {
    const applied = await applyForBasic(t);
    const waitOf = async () =>
      (await queue(`?q=${applied.applicationNo}`)).data.rows[0].waitingSince as string;
    const stored = await waitOf();
    await advanceApplication(t.db, { applicationNo: applied.applicationNo, status: '資料審核中' });
    const asked = new Date('2026-11-20T03:00:00Z');
    await advanceApplication(t.db, {
      applicationNo: applied.applicationNo,
      status: '待補件',
      note: '請補名冊',
      at: asked,
    });
    expect(await waitOf()).toBe(asked.toISOString());
    await advanceApplication(t.db, { applicationNo: applied.applicationNo, status: '資料審核中' });
    expect(await waitOf()).toBe(stored);
  });

  it('exports the filtered list as CSV a spreadsheet opens: no ID numbers, no birth dates, no formulas', async () => {
    const applied = await applyForBasic(t, undefined, {});
    await insertQueueApplications(t.db, [
      {
        applicationNo: 'GI115100200001',
        companyName: '=HYPERLINK("http://x","按我"),"公司"',
        createdAt: taipei('2026-10-02T08:00:00'),
      },
    ]);
    const answer = await reader.read('staff/applications/export?from=2026-10-02&to=2026-10-03');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(answer.headers['content-disposition']).toMatch(
      /^attachment; filename="applications-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const lines = answer.body.split('\r\n');
    expect(lines[0]).toBe(
      '\uFEFF受理編號,案件狀態,要保單位名稱,統一編號,行業類別,投保人數,年繳保費,受理時間,等候起算,等候時數',
    );
    expect(lines.slice(1, 3).map((line) => line.split(',', 1)[0])).toEqual([
      'GI115100200001',
      OCTOBER[1]!.applicationNo,
    ]);
    expect(lines[1]).toContain(`,"'=HYPERLINK(""http://x"",""按我""),""公司""",`);
    expect(lines[2]).toMatch(
      /^GI115100100002,已受理,晴川科技股份有限公司,04595257,製造業,10,12000,2026-10-02 10:00:00,2026-10-02 10:00:00,\d+$/,
    );
    expect(lines.at(-1)).toBe('');

    const all = (await reader.read('staff/applications/export')).body;
    expect(all).toContain(applied.applicationNo);
    const roster = await t.db.selectFrom('application_roster').select(['person_id', 'birth_date']).execute();
    expect(roster.length).toBeGreaterThan(0);
    for (const person of roster) {
      expect(all).not.toContain(person.person_id);
      // a date column reads as that day's UTC midnight
      const birth = new Date(person.birth_date).toISOString().slice(0, 10);
      expect(birth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(all).not.toContain(birth);
      expect(all).not.toContain(birth.replaceAll('-', '/'));
    }
  });
});

// Issue 45: on PGlite the database runs on the thread that answers every request, and an export of the
// whole queue read it at once: no visitor's request was answered until the file was written. It is read
// and written a few hundred rows at a time, every request waiting meanwhile answered between them.
describe('the export beside a visitor', () => {
  const ROWS = 3_000;
  /** the visitor's address: lifted from the rate limits, so that none of its reads is refused */
  const READER = '203.0.113.9';
  let t: TestApp;
  let exporter: CartVisitor;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitAllowList: [READER] } });
    await insertQueueApplications(
      t.db,
      Array.from({ length: ROWS }, (_, i) => ({
        applicationNo: `GI1151001${String(i + 1).padStart(5, '0')}`,
        createdAt: new Date(taipei('2026-10-01T09:00:00').getTime() + i * 60_000),
      })),
    );
    exporter = await underwriter(t, 'queue.exporter');
  }, 60_000);
  afterAll(() => t.close());

  it('answers a visitor’s reads while 3,000 applications export, between every 500 rows', async () => {
    const visitor = await CartVisitor.arrive(t, READER);
    let exporting = true;
    const file = exporter.read('staff/applications/export').finally(() => {
      exporting = false;
    });
    let reads = 0;
    while (exporting && reads < 10_000) {
      expect((await visitor.read('catalogue/queryPackages')).statusCode).toBe(200);
      reads += 1;
      // a browser's reads arrive from the network: the event loop turns between them
      await new Promise((resolve) => setImmediate(resolve));
    }
    const lines = (await file).body.split('\r\n');
    // the header, each application once in the queue's order, the last line's end
    expect(lines).toHaveLength(ROWS + 2);
    expect(lines.slice(1, -1).map((line) => line.split(',', 1)[0])).toEqual(
      Array.from({ length: ROWS }, (_, i) => `GI1151001${String(i + 1).padStart(5, '0')}`),
    );
    expect(reads).toBeGreaterThanOrEqual(ROWS / 500);
  }, 60_000);
});
