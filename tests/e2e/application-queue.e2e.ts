import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { insertQueueApplications } from '../support/queue-applications';
import { watchPageProblems } from './support/axe';
import { focusedName, keyboardStep } from './support/keyboard';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * 申請案件 in Chromium against the built server (issue 35): an underwriter made with staff:add signs in, lands
 * on the queue, filters and pages it by keyboard alone, is told what to correct, and downloads the filtered
 * list as CSV; axe finds nothing at 390 and 1366 px in each state, each fits the width, nothing fixed covers
 * a focused control, and the console stays clean.
 */

const UNDERWRITER = 'underwriter.e2e';
const PASSWORD = 'queue-e2e-underwriter-password';
const DAY = 24 * 3_600_000;
const no = (n: number) => `GI11599020${String(n).padStart(4, '0')}`;

const site = staffSiteForThisFile({
  name: 'queue',
  accounts: { [UNDERWRITER]: 'underwriter' },
  password: PASSWORD,
  // 23 applications, 1 to 23 days old, stored before the server opens the database (PGlite: one process)
  prepare: async (dataDir) => {
    const db = createDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await migrateToLatest(db);
    const now = Date.now();
    await insertQueueApplications(
      db,
      Array.from({ length: 23 }, (_, i) => ({
        applicationNo: no(i + 1),
        createdAt: new Date(now - (23 - i) * DAY - 60_000),
        ...(i === 0 ? { companyName: '山嵐物流有限公司', headcount: 40, industry: 'H' } : {}),
      })),
    );
    await db.destroy();
  },
});

describe('申請案件 in Chromium against the built server', () => {
  let context: BrowserContext;
  afterAll(() => context?.close());

  it('an underwriter works the queue by keyboard alone, at a phone’s width and a desktop’s', async () => {
    context = await site.browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 390, height: 844 },
      acceptDownloads: true,
    });
    const page = await context.newPage();
    const problems = await watchPageProblems(context);
    const findings: string[] = [];

    await page.goto(site.url('/login'));
    await signIn(page, UNDERWRITER, PASSWORD);
    await page.waitForURL(/\/groupins\/staff\/applications$/);
    const table = page.getByRole('table', { name: '案件列表' });
    await table.waitFor();
    const shown = async () => table.getByRole('rowheader').allTextContents();
    expect((await shown())[0]).toBe(no(1));
    expect(await page.getByTestId('queue-count').textContent()).toBe('共 23 筆，第 1 / 2 頁');
    findings.push(...(await checkAtWidths(page, '申請案件')));

    // the next page by keyboard: the focus stays on 下一頁
    await page.setViewportSize({ width: 390, height: 844 });
    await page.getByRole('button', { name: '下一頁' }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\?page=2$/);
    await expect.poll(() => page.getByTestId('queue-count').textContent()).toBe('共 23 筆，第 2 / 2 頁');
    expect(await focusedName(page)).toBe('下一頁');

    // filtered from the form by keyboard alone, at a desktop's width: Tab on from 下一頁 comes round to it
    await page.setViewportSize({ width: 1366, height: 844 });
    // 投保人數 and industry are behind 更多條件 (issue 46): Space opens it on the way
    const covered = await keyboardStep(
      page,
      { 更多條件: 'check', 投保人數下限: '30', 行業類別: 'H' },
      '查詢',
    );
    expect(covered).toEqual([]);
    await page.waitForURL(/headcountMin=30/);
    await expect.poll(shown).toEqual([no(1)]);
    findings.push(...(await checkAtWidths(page, 'the queue filtered')));

    // a status from its count, by keyboard
    await page.getByRole('link', { name: '全部 1 件' }).focus();
    await page.keyboard.press('Tab');
    expect(await focusedName(page)).toBe('已受理 1 件');
    await page.keyboard.press('Enter');
    await page.waitForURL(/status=/);
    expect(await page.getByLabel('案件狀態').inputValue()).toBe('已受理');

    // the export: the filtered list as a file
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: '匯出 CSV' }).click(),
    ]);
    const lines = readFileSync((await download.path())!, 'utf8')
      .trim()
      .split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${no(1)},已受理,山嵐物流有限公司`);

    // what to correct: the form's message, then the server's refusal of a period
    await page.getByLabel('投保人數上限').fill('10');
    await page.getByRole('button', { name: '查詢' }).click();
    await page.getByText('投保人數上限不可小於下限').waitFor();
    findings.push(...(await checkAtWidths(page, 'the form’s message')));
    await page.getByRole('button', { name: '清除條件' }).click();
    await page.waitForURL(/\/applications$/);
    await page.getByLabel('受理起日').fill('2026-11-05');
    await page.getByLabel('受理迄日').fill('2026-11-01');
    await page.getByRole('button', { name: '查詢' }).click();
    await page.getByRole('alert').filter({ hasText: '起日不可晚於迄日' }).waitFor();
    findings.push(...(await checkAtWidths(page, 'a refused period')));

    expect(findings).toEqual([]);
    // the one console line is Chromium's own note of the refused read
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(
      /applications\?from=2026-11-05&to=2026-11-01: Failed to load resource: the server responded with a status of 400/,
    );
  });
});
