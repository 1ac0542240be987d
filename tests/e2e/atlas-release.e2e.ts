import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { readRelease } from '../../atlas-engine/release-changes';
import { machines } from '../../machine-paths/registry';
import { releaseFixture } from '../support/release-fixture';
import { watchPageProblems } from './support/axe';
import { focusedName, HUMAN, keyboardPath, tabToName } from './support/keyboard';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * 自發布以來的變更 in Chromium against the built server (issue 37: "The atlas shows what changed since the
 * release the build was made from"). The build ships its release baseline as an asset of the staff's build;
 * the browser is served a fixture in its place (tests/support/release-fixture.ts: since the release the cart
 * added a transition, changed a guard and removed a state with its transition, and a machine was retired;
 * every other machine is as released, described in Node). An analyst, by keyboard alone, opens the cart's
 * view and finds exactly those changes listed and drawn; every other machine, described by the minified build,
 * counts none. The legend moves to its group, the diagram zooms and fits by keyboard, and another machine
 * keeps the view. axe finds nothing and everything fits at 390 and 1366 px.
 */

const PASSWORD = 'atlas-release-e2e-password';
const ANALYST = 'analyst.release';
const RELEASE_ASSET = /\/groupins\/staff\/assets\/release-[^/]+\.json$/;

const site = staffSiteForThisFile({
  name: 'atlas-release',
  accounts: { [ANALYST]: 'analyst' },
  password: PASSWORD,
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

const group = (page: Page, kind: string) =>
  page.getByTestId(`release-${kind}`).getByRole('listitem').allTextContents();
const diffOf = (page: Page, selector: string) => page.locator(selector).getAttribute('data-diff');
const viewBox = (page: Page) => page.locator('.diagram-frame svg').getAttribute('viewBox');

describe('自發布以來的變更 in Chromium against the built server', () => {
  it('lists and draws what the cart changed since the release, and no change in any other machine', async () => {
    const analyst = await site.browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 1366, height: 844 },
    });
    contexts.push(analyst);
    const problems = await watchPageProblems(analyst);
    // the build's own baseline is served, and read as one; the page gets the fixture in its place
    const shipped: unknown[] = [];
    await analyst.route(RELEASE_ASSET, async (route) => {
      const answer = await route.fetch();
      shipped.push(readRelease(await answer.json()));
      await route.fulfill({ json: releaseFixture() });
    });
    const page = await analyst.newPage();
    await page.goto(site.url('/login'));
    await signIn(page, ANALYST, PASSWORD);
    await page.getByRole('heading', { level: 1, name: '流程狀態機圖集' }).waitFor();

    // by keyboard alone: the cart, then its changes since the release
    expect(await keyboardPath(page, ['購物車cart', '自發布以來的變更'])).toEqual([]);
    await page.getByTestId('release-summary').waitFor({ timeout: 20_000 });
    expect(shipped).toHaveLength(1);
    const address = new URL(page.url()).searchParams;
    expect([address.get('machine'), address.get('view')]).toEqual(['cart', 'release']);
    expect(await page.getByTestId('release-against').textContent()).toBe(
      '與此建置所依據的發布版本 0.0.9（commit abcdef0）比較。',
    );
    expect(await page.getByTestId('release-summary').textContent()).toBe(
      `${machines.length} 個狀態機中有 1 個自發布以來有變更，狀態機清單上標示各自的變更數。發布後移除的狀態機：舊流程（legacy）。`,
    );
    expect(await group(page, 'added')).toEqual(['轉換 ready —cart.refresh→ reloading']);
    expect(await group(page, 'changed')).toEqual([
      '轉換 ready —cart.add [hasRoom]→ adding條件 hadRoom → hasRoom',
    ]);
    expect(await group(page, 'removed')).toEqual([
      '狀態 archivedatomic',
      '轉換 ready —cart.archive→ archived',
    ]);

    // each machine's count: the minified build describes every other machine as the release did
    const nav = page.getByRole('navigation', { name: '狀態機' });
    const counts = await nav
      .locator('a')
      .evaluateAll((links) =>
        links.map((a) => [
          a.querySelector('small')?.textContent,
          a.querySelector('.atlas-change-count')?.textContent,
        ]),
      );
    expect(counts).toEqual(machines.map((m) => [m.id, m.id === 'cart' ? '4 項變更' : '無變更']));

    // drawn on the diagram in the three styles, the removed from the release, with the legend
    await page.locator('[data-edge="removed:cart.ready|cart.archive|0|0"]').waitFor({ state: 'attached' });
    expect(await diffOf(page, '[data-edge="cart.ready|cart.refresh|0|0"]')).toBe('added');
    expect(await diffOf(page, '[data-edge="cart.ready|cart.add|0|0"]')).toBe('changed');
    expect(await diffOf(page, '[data-state="cart.archived"]')).toBe('removed');
    expect(await diffOf(page, '[data-edge="removed:cart.ready|cart.archive|0|0"]')).toBe('removed');
    expect(await page.locator('.diagram-frame [data-diff-legend]').textContent()).toContain(
      '與 發布版本 0.0.9（abcdef0） 比較：',
    );

    const findings = await checkAtWidths(page, '自發布以來的變更');
    await page.setViewportSize({ width: 1366, height: 844 });

    // the legend by keyboard: its entry for what was removed moves to that group
    await page.getByRole('link', { name: '自發布以來的變更' }).focus();
    await tabToName(page, /移除（細點線、淡色）：2 項$/);
    await page.keyboard.press('Enter', HUMAN);
    await expect.poll(() => focusedName(page)).toBe('移除：2 項');

    // the diagram by keyboard: + zooms in, 0 fits it again, the legend within
    const fitted = await viewBox(page);
    await page.getByRole('link', { name: '自發布以來的變更' }).focus();
    await tabToName(page, /^購物車狀態圖：方向鍵平移/);
    await page.keyboard.press('+', HUMAN);
    await expect.poll(() => viewBox(page)).not.toBe(fitted);
    await page.keyboard.press('0', HUMAN);
    await expect.poll(() => viewBox(page)).toBe(fitted);

    // another machine keeps the view: the session, as released
    await nav.getByRole('link', { name: /^購物車/ }).focus();
    await tabToName(page, /^工作階段session無變更$/);
    await page.keyboard.press('Enter', HUMAN);
    await page.getByTestId('release-none').waitFor({ timeout: 20_000 });
    expect(await page.getByTestId('release-none').textContent()).toBe('自發布以來，此狀態機沒有變更。');
    expect(new URL(page.url()).searchParams.get('machine')).toBe('session');
    expect(new URL(page.url()).searchParams.get('view')).toBe('release');

    findings.push(...(await checkAtWidths(page, '自發布以來的變更, a machine as released')));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });
});
