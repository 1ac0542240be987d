import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from './support/browser';
import { type RunningServer, startBuiltServer } from './support/server';
import { addPackageFromHome, fillPlan } from './support/shopcart-steps';

/*
 * The end to end: a visitor takes the shopcart flow from its cart step to its details step; an analyst
 * added with `npm run staff:add` while the server runs (PGlite: through the server's operator socket) logs
 * in, finds that transition counted in the atlas's traffic, exports the diagram as SVG and PNG, and logs out,
 * after which the atlas's API refuses.
 */

const PASSWORD = 'atlas-e2e-password-1';

let browser: Browser;
let server: RunningServer;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-atlas-'));
  server = await startBuiltServer({ DATA_DIR: dataDir });
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('the atlas in Chromium against the built server', () => {
  it('shows an analyst the shopcart transitions a visitor just took, and shuts the door on logout', async () => {
    const visitor = await browser.newContext({ locale: 'zh-TW' });
    await visitor.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: server.origin }]);
    const page = await visitor.newPage();
    await addPackageFromHome(server.origin, page);
    await fillPlan(page);
    await page.close({ runBeforeUnload: true });
    await visitor.close();

    const added = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'scripts/staff-add.ts', 'analyst.one', '--role', 'analyst'],
      {
        input: `${PASSWORD}\n`,
        env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
        encoding: 'utf8',
      },
    );
    expect(added.status, added.stderr).toBe(0);
    expect(added.stdout).not.toContain(PASSWORD);

    const analyst = await browser.newContext({
      locale: 'zh-TW',
      viewport: { width: 1366, height: 900 },
      acceptDownloads: true,
    });
    const atlas = await analyst.newPage();
    // not logged in: the atlas's 401 sends the analyst to the login page
    await atlas.goto(`${server.origin}/groupins/atlas`);
    await atlas.waitForURL(/\/groupins\/login$/);
    const errors: string[] = [];
    atlas.on('console', (message) => message.type() === 'error' && errors.push(message.text()));
    atlas.on('pageerror', (error) => errors.push(String(error)));
    await atlas.getByLabel('帳號').fill('analyst.one');
    await atlas.getByLabel('密碼').fill(PASSWORD);
    await atlas.getByRole('button', { name: '登入' }).click();
    await atlas.waitForURL(/\/groupins\/atlas$/);
    await atlas.getByRole('heading', { level: 1, name: '流程狀態機圖集' }).waitFor();

    // the visitor's batch leaves when the page hides, or a few seconds after its first step
    const traffic = `${server.origin}/ODGAWeb/api/atlas/traffic`;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(new Date());
    await expect
      .poll(
        async () => {
          const answer = await atlas.request.get(`${traffic}?machine=shopcart&from=${today}&to=${today}`);
          const body = (await answer.json()) as { data: { transitions: Array<{ event: string }> } };
          return body.data.transitions.map((t) => t.event);
        },
        { timeout: 20_000 },
      )
      .toContain('plan.confirm');

    await atlas
      .getByRole('navigation', { name: '狀態機' })
      .getByRole('link', { name: /shopcart/ })
      .click();
    await atlas.getByRole('navigation', { name: '檢視' }).getByRole('link', { name: '訪客流量' }).click();
    const rows = atlas.getByTestId('traffic-transitions').getByRole('row');
    await expect
      .poll(async () => (await rows.allTextContents()).some((row) => row === 'cartplan.confirmdetails11'))
      .toBe(true);
    await expect.poll(() => atlas.getByTestId('traffic-visitors').textContent()).toBe('1 位訪客');
    const edge = atlas.locator('[data-edge^="shopcart.cart|plan.confirm|"] text');
    await expect.poll(async () => (await edge.allTextContents()).some((t) => t.endsWith('（1）'))).toBe(true);

    // the diagram as files: the SVG whole whatever the zoom, the PNG a real image
    await atlas.getByRole('link', { name: '狀態圖', exact: true }).click();
    await atlas.getByRole('button', { name: '放大' }).click();
    const [svg] = await Promise.all([
      atlas.waitForEvent('download'),
      atlas.getByRole('button', { name: '匯出 SVG' }).click(),
    ]);
    expect(svg.suggestedFilename()).toBe('shopcart.svg');
    const svgText = await readFile((await svg.path())!, 'utf8');
    expect(svgText).toMatch(/<svg[^>]+viewBox="0 0 \d+(\.\d+)? \d+(\.\d+)?"/);
    // every state of the shopcart machine (docs/machines/README.md: 9), not only those in view
    expect(svgText.match(/data-state=/g)).toHaveLength(9);
    const [png] = await Promise.all([
      atlas.waitForEvent('download'),
      atlas.getByRole('button', { name: '匯出 PNG' }).click(),
    ]);
    expect(png.suggestedFilename()).toBe('shopcart.png');
    const pngBytes = await readFile((await png.path())!);
    expect([...pngBytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(errors).toEqual([]);

    await atlas.goto(`${server.origin}/groupins/logout`);
    await atlas.getByText('您已登出。').waitFor();
    const after = await atlas.request.get(`${server.origin}/ODGAWeb/api/staff/me`);
    expect(after.status()).toBe(401);
    await analyst.close();
  });
});
