import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { machines } from '../../machine-paths/registry';
import type { Journey, JourneysPage } from '../../src/domain/api/atlas';
import { API_BASE, type ApiEnvelope } from '../../src/domain/envelope';
import { watchPageProblems } from './support/axe';
import { focusedName, HUMAN, keyboardPath } from './support/keyboard';
import { applyInChromium } from './support/shopcart-steps';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * Issue 37, question 1 (訪客旅程) in Chromium against the built server: a visitor adds 基本型 to the cart and
 * applies; an analyst, by keyboard alone, goes from the shopcart's traffic to 查看訪客旅程, opens the newest
 * visitor (the only one) and sees every transition in time order, the cart's (the package added) before the
 * shopcart's STEP1 to STEP4, the shopcart's last in its done state; 下一步 then plays the journey on the
 * diagrams, each step's machine drawn with its transition and the state reached highlighted, the focus kept
 * on 下一步. A reload shows the same step. axe finds nothing and everything fits at 390 and 1366 px.
 */

const PASSWORD = 'atlas-journeys-e2e-password';
const ANALYST = 'analyst.journeys';

const site = staffSiteForThisFile({
  name: 'atlas-journeys',
  accounts: { [ANALYST]: 'analyst' },
  password: PASSWORD,
  // a captcha of at most 1,000 hashes: the visitor's application is sent in milliseconds
  env: { CAPTCHA_MAX_NUMBER: '1000' },
});

const contexts: BrowserContext[] = [];
// afterAll hooks run last registered first: the tabs close before the site's browser does
afterAll(async () => {
  for (const context of contexts) await context.close();
});

const machineName = (id: string) => `${machines.find((m) => m.id === id)?.title}（${id}）`;
const move = (t: { from: string; event: string; to: string }) => `${t.from} —${t.event}→ ${t.to}`;
/** The ids of the state nodes a traced state names: `review.answered` of shopcart is `shopcart.review.answered`. */
const stateIds = (machine: string, state: string) => state.split('|').map((leaf) => `${machine}.${leaf}`);

/** The journey's rows as the lanes show them: the machine named in the row, and the move. */
async function laneRows(page: Page) {
  const rows = await page.getByTestId('journey-lanes').locator('tbody tr').all();
  return Promise.all(
    rows.map(async (row) => {
      const lane = row.locator('td.atlas-lane-move');
      const header = await page
        .getByTestId('journey-lanes')
        .locator('thead th')
        .nth(await row.evaluate((tr) => [...tr.children].indexOf(tr.querySelector('td.atlas-lane-move')!)))
        .textContent();
      return {
        step: (await row.getByRole('rowheader').textContent())?.trim(),
        time: (await row.locator('td').first().textContent())?.trim(),
        column: header?.trim(),
        name: (await lane.locator('.atlas-lane-name').textContent())?.trim(),
        move: (await lane.locator('.atlas-move').textContent())?.trim(),
      };
    }),
  );
}

describe('訪客旅程 in Chromium against the built server', () => {
  it('shows an analyst every transition of a visitor who added a package and applied, and plays it on the diagrams', async () => {
    const visitor = await site.browser.newContext({ locale: 'zh-TW' });
    contexts.push(visitor);
    await visitor.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: site.server.origin }]);
    const shop = await visitor.newPage();
    await applyInChromium(site.server.origin, shop);
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

    // the server has the visitor's steps once the shopcart's last one is there (the batches come a few
    // seconds apart, or as the page hides): read as the analyst, through the API
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    const read = async <T>(path: string) =>
      ((await (await page.request.get(`${site.server.origin}${API_BASE}/${path}`)).json()) as ApiEnvelope<T>)
        .data;
    let journey: Journey | undefined;
    await expect
      .poll(
        async () => {
          const list = await read<JourneysPage>(`atlas/journeys?from=${today}&to=${today}&machine=shopcart`);
          const newest = list.visitors[0];
          journey = newest && (await read<Journey>(`atlas/journeys/${newest.visitor}`));
          return journey?.transitions.filter((t) => t.machine === 'shopcart').at(-1)?.to;
        },
        { timeout: 30_000 },
      )
      .toBe('done');
    const { visitor: id, transitions } = journey!;

    // by keyboard alone: the shopcart, its traffic, 查看訪客旅程, the newest visitor of the list
    expect(await keyboardPath(page, ['投保申請shopcart', '訪客流量', '查看訪客旅程'])).toEqual([]);
    const list = page.getByRole('table', { name: '期間內的訪客' });
    await list.waitFor();
    await expect.poll(() => focusedName(page)).toBe('期間內的訪客');
    expect(new URL(page.url()).searchParams.get('flow')).toBe('shopcart');
    const first = list.locator('tbody tr').first();
    expect((await first.getByRole('rowheader').textContent())?.trim()).toBe(id);
    expect(await first.getByRole('cell').nth(3).textContent()).toContain('投保申請（shopcart）');
    const findings = await checkAtWidths(page, '訪客旅程 list');

    expect(await keyboardPath(page, [id])).toEqual([]);
    await page.getByRole('heading', { level: 2, name: `訪客 ${id} 的旅程` }).waitFor();
    await expect.poll(() => focusedName(page)).toBe(`訪客 ${id} 的旅程`);
    await page.getByTestId('journey-lanes').waitFor();

    // every transition, in the order the server keeps them, each in its machine's lane
    const rows = await laneRows(page);
    expect(rows.map((row) => ({ column: row.column, name: row.name, move: row.move }))).toEqual(
      transitions.map((t) => ({
        column: machineName(t.machine),
        name: `${machineName(t.machine)}：`,
        move: move(t),
      })),
    );
    expect(rows.map((row) => row.step)).toEqual(transitions.map((_, i) => `第 ${i + 1} 步`));
    const times = rows.map((row) => row.time!);
    expect([...times].sort()).toEqual(times);
    // the visitor: the package added to the cart, then the shopcart's steps, ending in its done state
    const moves = rows.map((row) => `${row.column} ${row.move}`);
    const added = moves.indexOf('購物車（cart） ready —cart.add→ adding');
    const shopcart = moves
      .map((text, i) => ({ text, i }))
      .filter(({ text }) => text.startsWith('投保申請（shopcart） '));
    expect(added).toBeGreaterThanOrEqual(0);
    expect(added).toBeLessThan(shopcart[0]!.i);
    const stepsTaken = [
      '投保申請（shopcart） cart —plan.confirm→ details',
      '投保申請（shopcart） details —applicant.confirm→ review.answered',
      '投保申請（shopcart） review.answered —application.submit→ review.submitting',
      '投保申請（shopcart） review.submitting —xstate.done.actor.submitApplication→ done',
    ].map((text) => moves.indexOf(text));
    expect(stepsTaken.every((i) => i >= 0)).toBe(true);
    expect([...stepsTaken].sort((a, b) => a - b)).toEqual(stepsTaken);
    expect(shopcart.at(-1)!.text).toMatch(/→ done$/);

    findings.push(...(await checkAtWidths(page, '訪客旅程 journey')));

    // played by keyboard: Tab to 下一步, then Enter and Space, the focus kept as the diagram changes machine
    expect(await keyboardPath(page, ['下一步'])).toEqual([]);
    for (let at = 1; at < transitions.length; at += 1) {
      const t = transitions[at]!;
      const entry = machines.find((m) => m.id === t.machine)!;
      const status = page.getByTestId('journey-step');
      await expect
        .poll(() => status.textContent())
        .toMatch(new RegExp(`^第 ${at + 1} / ${transitions.length} 步：`));
      expect(await status.textContent()).toContain(`${machineName(t.machine)} ${move(t)}`);
      await page.getByRole('heading', { level: 2, name: `${entry.title}（${entry.id}）` }).waitFor();
      await page.locator(`svg[aria-label^="${entry.title}狀態圖"]`).waitFor();
      for (const state of stateIds(t.machine, t.to))
        expect(
          await page.locator(`[data-state="${state}"]`).getAttribute('data-active'),
          `${at + 1}: ${state}`,
        ).toBe('true');
      // the one transition taken, drawn on its machine's diagram
      const edges = await page
        .locator('[data-edge][data-active]')
        .evaluateAll((gs) => gs.map((g) => g.getAttribute('data-edge')!));
      expect(edges, `step ${at + 1}`).toHaveLength(1);
      expect(edges[0]!.split('|')[1], `step ${at + 1}`).toBe(t.event);
      expect(await focusedName(page)).toBe('下一步');
      await page.keyboard.press(at % 2 === 0 ? 'Enter' : 'Space', HUMAN);
    }
    // the last step (the visitor's flows go on after STEP4: the session, say), 下一步 now unavailable
    const last = transitions.at(-1)!;
    expect(await page.getByTestId('journey-step').textContent()).toContain(
      `第 ${transitions.length} / ${transitions.length} 步：${machineName(last.machine)} ${move(last)}`,
    );
    expect(await page.getByRole('button', { name: '下一步' }).getAttribute('aria-disabled')).toBe('true');
    expect(await focusedName(page)).toBe('下一步');

    // the address names the view, the visitor and the step: a reload shows the same
    const address = new URL(page.url()).searchParams;
    expect(address.get('view')).toBe('journeys');
    expect(address.get('visitor')).toBe(id);
    expect(address.get('step')).toBe(String(transitions.length));
    const shown = await page.getByTestId('journey-step').textContent();
    await page.reload();
    await expect.poll(() => page.getByTestId('journey-step').textContent()).toBe(shown);
    for (const state of stateIds(last.machine, last.to))
      await page.locator(`[data-state="${state}"][data-active="true"]`).waitFor();

    findings.push(...(await checkAtWidths(page, '訪客旅程 last step')));
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });
});
