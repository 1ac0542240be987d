import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { BrowserContext } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import type { Traffic } from '../../src/domain/api/atlas';
import { API_BASE, type ApiEnvelope } from '../../src/domain/envelope';
import { watchPageProblems } from './support/axe';
import { ADD, ADDING, CART_PATHS, writeReportWithoutAdding } from './support/coverage-report';
import { focusedName, HUMAN, keyboardPath, tabToName } from './support/keyboard';
import { addPackageFromHome } from './support/shopcart-steps';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * Issue 37, question 2 (流量與測試) in Chromium against the built server. The server's test report is a fixture
 * (support/coverage-report.ts) in which every generated path of the cart passed on all three levels but those
 * adding a package (cart.add [hasRoom]): they passed on the machine and in jsdom only, so adding a package is
 * not covered. A visitor then adds 基本型 to the cart. An analyst, by keyboard alone, opens the cart's 流量與測試 and
 * finds that transition first in the risk list, with the visitor counted, drawn in the risk's style; the
 * legend's first entry moves to the risk list, and the transition picked from the list is marked on the
 * diagram. axe finds nothing and everything fits at 390 and 1366 px.
 */

const PASSWORD = 'atlas-coverage-e2e-password';
const ANALYST = 'analyst.coverage';

let reportDir = '';
const site = staffSiteForThisFile({
  name: 'atlas-coverage',
  accounts: { [ANALYST]: 'analyst' },
  password: PASSWORD,
  env: () => {
    reportDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-report-'));
    return { TEST_REPORT: writeReportWithoutAdding(reportDir) };
  },
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
  if (reportDir) rmSync(reportDir, { recursive: true, force: true });
});

describe('流量與測試 in Chromium against the built server', () => {
  it('lists first in the risk list the transition a visitor took that no path covers on all three levels', async () => {
    // the fixture is what it says: some of the cart's paths add a package, others do not
    expect(ADDING.size).toBeGreaterThan(0);
    expect(ADDING.size).toBeLessThan(CART_PATHS.length);

    const visitor = await site.browser.newContext({ locale: 'zh-TW' });
    contexts.push(visitor);
    await visitor.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: site.server.origin }]);
    const shop = await visitor.newPage();
    await addPackageFromHome(site.server.origin, shop);
    // the flows' last batch leaves as the page is hidden
    await shop.close({ runBeforeUnload: true });

    const analyst = await site.browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 1366, height: 844 },
    });
    contexts.push(analyst);
    const problems = await watchPageProblems(analyst);
    const page = await analyst.newPage();
    await page.goto(site.url('/login'));
    await signIn(page, ANALYST, PASSWORD);
    await page.getByRole('heading', { level: 1, name: '流程狀態機圖集' }).waitFor();

    // the server has the visitor's package added once its trace is there (read as the analyst, through the API)
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    await expect
      .poll(
        async () => {
          const answer = await page.request.get(
            `${site.server.origin}${API_BASE}/atlas/traffic?machine=cart&from=${today}&to=${today}`,
          );
          return ((await answer.json()) as ApiEnvelope<Traffic>).data.transitions.map((t) => t.event);
        },
        { timeout: 30_000 },
      )
      .toContain('cart.add');

    // by keyboard alone: the cart, then its 流量與測試
    expect(await keyboardPath(page, ['購物車cart', '流量與測試'])).toEqual([]);
    const risk = page.getByTestId('fourway-risk');
    await risk.waitFor({ timeout: 20_000 });
    const address = new URL(page.url()).searchParams;
    expect([address.get('machine'), address.get('view')]).toEqual(['cart', 'coverage']);
    // the build that wrote the address, as the page shows it (package version and short commit)
    expect(address.get('build')).toMatch(/^\d+\.\d+\.\d+\+[0-9a-f]{7,}$/);
    expect(await page.getByTestId('build-version').textContent()).toBe(`版本 ${address.get('build')}`);

    // the risk list first, and adding a package first in it, with the one visitor
    const headings = await page.locator('.atlas-side h3').allTextContents();
    expect(headings[0]).toBe('圖例');
    expect(headings[1]).toMatch(/^有流量、未涵蓋：\d+ 條（風險清單）$/);
    expect(headings.slice(2).map((h) => h.replace(/：\d+ 條$/, ''))).toEqual([
      '有流量、已涵蓋',
      '已涵蓋、無流量',
      '皆無',
    ]);
    const first = risk.getByRole('listitem').first();
    expect(await first.getByRole('button').textContent()).toBe('ready —cart.add [hasRoom]→ adding');
    expect(await first.locator('.atlas-fourway-count').textContent()).toBe('1 位訪客、1 次');
    // loading the cart, taken and covered by paths that passed everywhere
    expect(await page.getByTestId('fourway-both').getByRole('button').allTextContents()).toContain(
      'loading —done: loadCart→ ready',
    );
    // drawn as the risk: a thick solid line with its badge
    const drawn = page.locator(`[data-edge="${ADD.id}"]`);
    expect(await drawn.getAttribute('data-standing')).toBe('risk');
    expect(await drawn.locator('[data-standing-badge] text').textContent()).toBe('險');
    expect(await drawn.locator('path').getAttribute('stroke-dasharray')).toBeNull();
    const legend = page.getByRole('list', { name: '圖例' });
    expect(await legend.getByRole('listitem').count()).toBe(4);

    const findings = await checkAtWidths(page, '流量與測試');
    await page.setViewportSize({ width: 1366, height: 844 });

    // the legend by keyboard: its first entry moves to the risk list, Tab then reaches adding a package
    await page.getByRole('link', { name: '流量與測試' }).focus();
    expect(await tabToName(page, /^險?有流量、未涵蓋（粗實線）/)).toMatch(/：\d+ 條$/);
    await page.keyboard.press('Enter', HUMAN);
    await expect.poll(() => focusedName(page)).toMatch(/^有流量、未涵蓋：\d+ 條（風險清單）$/);
    await page.keyboard.press('Tab', HUMAN);
    expect(await focusedName(page)).toBe('ready —cart.add [hasRoom]→ adding');
    await page.keyboard.press('Space', HUMAN);
    await expect.poll(() => drawn.getAttribute('data-active')).toBe('true');
    expect(await page.getByTestId('fourway-picked').textContent()).toBe(
      '狀態圖上標示：ready —cart.add [hasRoom]→ adding',
    );
    expect(await first.getByRole('button').getAttribute('aria-pressed')).toBe('true');

    findings.push(...(await checkAtWidths(page, '流量與測試, a transition picked')));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });
});
