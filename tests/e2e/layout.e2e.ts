import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { contactInChromium } from '../../machine-paths/contact/chromium';
import { overprintInChromium } from '../../machine-paths/overprint/chromium';
import { type FlowPath, flowPaths } from '../../machine-paths/paths';
import type { RegisteredMachine } from '../../machine-paths/registry';
import { shopcartInChromium } from '../../machine-paths/shopcart/chromium';
import { tryoutInChromium } from '../../machine-paths/tryout/chromium';
import { PACK_IDS } from '../../src/domain/catalogue';
import { SCREENS, type ScreenId } from '../../src/domain/screens';
import { builtAppForThisFile, newVisitor, openApp, returningVisitor } from './support/built-app';
import { type FlowInChromium, type FlowWatch, runInChromium } from './support/flow-in-chromium';
import { misfits } from './support/page-fit';

// What a visitor sees on a phone (390×844, and 320 px, the narrowest phone in use) and on a desktop
// (1366×900): nothing cut off, nothing squeezed unreadable, nothing fixed over a focused control.

const app = builtAppForThisFile();
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

const url = (path: string) => `${app.server.origin}/groupins${path}`;
const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

async function box(locator: Locator) {
  const b = await locator.boundingBox();
  if (!b) throw new Error('not rendered');
  return b;
}

async function addCell(page: Page, name: string) {
  const count = page.locator('.cart-count');
  const before = Number(await count.textContent());
  await page.getByRole('button', { name: `加入購物車：${name}` }).click();
  await expect.poll(async () => Number(await count.textContent())).toBe(before + 1);
}

describe('the cart panel on any screen width', () => {
  it.each([320, 390, 768, 1366])('sits inside a %i px wide screen, empty and filled', async (width) => {
    const { context, page } = await returningVisitor(app, { width, height: 800 });
    await openApp(page, url('/product/optioncell'));
    const cart = page.getByRole('button', { name: /^購物車/ });
    const panel = page.getByRole('region', { name: '購物車內容' });
    const inside = async (locator: Locator) => {
      const b = await box(locator);
      expect(b.x).toBeGreaterThanOrEqual(0);
      expect(b.x + b.width).toBeLessThanOrEqual(width);
    };
    await cart.click();
    await inside(panel);
    await inside(panel.getByRole('heading', { name: /購物車（0\/\d）/ }));
    await cart.click();
    await addCell(page, '團體一年定期壽險');
    await cart.click();
    await inside(panel);
    await inside(panel.getByRole('button', { name: '移除「團體一年定期壽險」' }));
    await inside(panel.getByRole('link', { name: '前往投保申請' }));
    await context.close();
  });
});

describe('the package comparison on a phone', () => {
  it('scrolls sideways under a first column that stays, no cell squeezed below its words', async () => {
    const { context, page } = await returningVisitor(app, PHONE);
    await openApp(page, url('/product/optionpackage'));
    const region = page.getByRole('region', { name: '方案比較表' });
    await region.getByRole('link', { name: '尊榮型' }).waitFor();
    const cells = await region.locator('th, td').evaluateAll((list) =>
      list.map((cell) => {
        const style = getComputedStyle(cell);
        const lines =
          (cell.clientHeight - Number.parseFloat(style.paddingTop) - Number.parseFloat(style.paddingBottom)) /
          Number.parseFloat(style.lineHeight);
        return { text: cell.textContent, lines: Math.round(lines) };
      }),
    );
    // a product name or an amount needs at most two lines; squeezed, they took one character per line
    expect(cells.filter((c) => c.lines > 2)).toEqual([]);
    const scroll = await region.evaluate((r) => ({ width: r.scrollWidth, visible: r.clientWidth }));
    expect(scroll.width).toBeGreaterThan(scroll.visible);

    const rowHeader = region.getByRole('rowheader').first();
    const left = (await box(rowHeader)).x;
    await region.evaluate((r) => {
      r.scrollLeft = r.scrollWidth;
    });
    await expect.poll(async () => Math.abs((await box(rowHeader)).x - left)).toBeLessThan(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);
    await context.close();
  });
});

describe('the cookie banner on a phone', () => {
  it('is compact, reached first by keyboard, and never covers a focused control', async () => {
    const { context, page } = await newVisitor(app, PHONE);
    await openApp(page, url('/'));
    const banner = page.getByRole('region', { name: 'Cookie 使用說明' });
    const accept = banner.getByRole('button', { name: '同意' });
    await accept.waitFor();
    const bannerBox = await box(banner);
    // two lines of text with the button beside them; it used to take 216 of the 844 px
    expect(bannerBox.height).toBeLessThanOrEqual(90);

    await page.keyboard.press('Tab');
    expect(await accept.evaluate((b) => b === document.activeElement)).toBe(true);

    const covered: string[] = [];
    for (let stop = 0; stop < 80; stop++) {
      await page.keyboard.press('Tab');
      const focused = await page.evaluate(() => {
        const e = document.activeElement as HTMLElement | null;
        if (!e || e === document.body || e.closest('.consent-banner')) return null;
        const r = e.getBoundingClientRect();
        return { name: e.getAttribute('aria-label') ?? e.textContent?.trim(), bottom: r.bottom, top: r.top };
      });
      if (!focused) continue;
      const bannerTop = (await box(banner)).y;
      if (focused.bottom > bannerTop + 0.5 || focused.top < 0) covered.push(String(focused.name));
    }
    expect(covered).toEqual([]);

    await page.evaluate(() => window.scrollTo(0, 400));
    const top = page.getByRole('button', { name: '回到頁首' });
    await top.waitFor();
    const topBox = await box(top);
    expect(topBox.y + topBox.height).toBeLessThanOrEqual((await box(banner)).y);
    await context.close();
  });
});

describe('the header on a desktop', () => {
  it('is one compact bar whose groups are menus: Enter opens, Escape closes and gives focus back', async () => {
    const { context, page } = await returningVisitor(app, DESKTOP);
    await openApp(page, url('/'));
    await h1(page).waitFor();
    expect((await box(page.locator('header.site-header'))).height).toBeLessThanOrEqual(80);
    const nav = page.getByRole('navigation', { name: '主選單' });
    for (const label of ['商品', '線上服務', '認識團保']) {
      expect(await nav.getByRole('button', { name: label }).getAttribute('aria-expanded')).toBe('false');
    }
    expect(await nav.getByRole('link', { name: '聯絡我們' }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: /^購物車/ }).isVisible()).toBe(true);

    const products = nav.getByRole('button', { name: '商品' });
    await products.focus();
    await page.keyboard.press('Enter');
    expect(await products.getAttribute('aria-expanded')).toBe('true');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('團體保險方案');
    await page.keyboard.press('Escape');
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    expect(await products.evaluate((b) => b === document.activeElement)).toBe(true);
    expect(await nav.getByRole('link', { name: '團體保險方案' }).isVisible()).toBe(false);

    await products.click();
    await nav.getByRole('link', { name: '單項保障' }).click();
    await expect.poll(() => h1(page).textContent()).toBe('單項保障');
    expect(await products.getAttribute('aria-expanded')).toBe('false');
    await context.close();
  });

  it.each([
    ['a desktop', DESKTOP],
    ['a phone', PHONE],
  ])('home opens on 試算保費 and 挑選方案, in the first view of %s', async (_name, viewport) => {
    const { context, page } = await newVisitor(app, viewport);
    await openApp(page, url('/'));
    const banner = page.getByRole('region', { name: 'Cookie 使用說明' });
    await banner.waitFor();
    const fold = (await box(banner)).y;
    const main = page.getByRole('main');
    for (const name of ['試算保費', '挑選方案']) {
      // the first of each: the same service is also offered further down
      const action = await box(main.getByRole('link', { name, exact: true }).first());
      expect(action.y + action.height).toBeLessThanOrEqual(fold);
    }
    await context.close();
  });
});

describe('form messages on a phone', () => {
  it('REC: a message going away after a failed submit moves nothing under the pointer', async () => {
    const { context, page } = await returningVisitor(app, PHONE);
    await openApp(page, url('/REC'));
    const submit = page.getByRole('button', { name: '查看推薦方案' });
    await submit.click();
    const headcount = page.getByRole('textbox', { name: '投保人數' });
    await expect.poll(() => headcount.getAttribute('aria-invalid')).toBe('true');
    await headcount.fill('12');
    const before = await box(submit);
    await page.getByRole('checkbox').first().focus(); // leave the field: its message goes
    await expect.poll(() => headcount.getAttribute('aria-invalid')).toBe(null);
    expect((await box(submit)).y).toBe(before.y);
    await context.close();
  });
});

// Every screen of the route table at a phone's widths: each flow's steps as its generated paths reach
// them (each form filled in before it is sent, each step once it shows what the oracle says), every
// other screen opened at its address. The page is never wider than the phone and nothing sticks out
// past its right edge.

const PHONE_WIDTHS = [320, 390] as const;

/** A flow's paths walked on a phone, watched as they go. */
const phoneWalk = <S, V>(flow: FlowInChromium<S, V>) => ({
  entry: flow.entry,
  run: (path: FlowPath, watch: FlowWatch) => runInChromium(app, flow, path, { viewport: PHONE, watch }),
});
/** The flows whose steps are screens, acted out in Chromium as their generated paths say. */
const FLOWS = [
  phoneWalk(shopcartInChromium),
  phoneWalk(tryoutInChromium),
  phoneWalk(overprintInChromium),
  phoneWalk(contactInChromium),
];

/** The screens that are no flow's step, each opened at these addresses (the screen's path, unless given). */
const PLAIN_SCREENS: Partial<Record<ScreenId, string[]>> = {
  back2Home: [],
  ODGAF000: [],
  ODGAF010: [],
  ODGAF011: Object.values(PACK_IDS).map((id) => `/product/Intropackage?PACK_ID=${id}`),
  ODGAF020: [],
  ODGAF030: [],
  ODGAF060: [],
  ODGAF090: [],
  ODGAF091: [],
  ODGAF092: [],
  ODGAF093: [],
  ODGAF094: [],
  ODGAF110: ['/featured/article', '/featured/article?page=2'],
  ODGAF111: ['/featured/articleContent?id=what-is-group-insurance'],
};

/** A few of the flow's generated paths that together pass through every state any of them reaches. */
function pathsThroughEveryState(entry: RegisteredMachine): FlowPath[] {
  const paths = flowPaths(entry);
  const statesOf = (p: FlowPath) => new Set(p.steps.map((s) => JSON.stringify(s.state.value)));
  const left = new Set(paths.flatMap((p) => [...statesOf(p)]));
  const gain = (p: FlowPath) => [...statesOf(p)].filter((state) => left.has(state)).length;
  const chosen: FlowPath[] = [];
  while (left.size > 0) {
    const best = paths.reduce((a, b) => (gain(b) > gain(a) ? b : a));
    chosen.push(best);
    for (const state of statesOf(best)) left.delete(state);
  }
  return chosen;
}

describe('every screen on a phone, 320 and 390 px wide', () => {
  /** The screens' paths checked so far, by the flows and the plain visits. */
  const checked = new Set<string>();
  /** What does not fit, each element once (where it was first seen). */
  const found = new Map<string, string>();
  const routeOf = (page: Page) => new URL(page.url()).pathname.replace(/^\/groupins/, '') || '/';
  async function check(page: Page, where: string) {
    const route = routeOf(page);
    checked.add(route);
    for (const misfit of await misfits(page, PHONE_WIDTHS)) {
      const key = `${route} ${misfit}`;
      if (!found.has(key)) found.set(key, `${key} — ${where}`);
    }
  }

  it.each(FLOWS.map((flow) => [flow.entry.id, flow] as const))(
    'the %s flow: every state its paths reach, every form filled in',
    async (_id, flow) => {
      found.clear();
      for (const [index, path] of pathsThroughEveryState(flow.entry).entries()) {
        const where = `(${flow.entry.id} path ${index + 1}: ${path.description})`;
        await flow.run(path, {
          filled: (page) => check(page, `filled in ${where}`),
          settled: (page) => check(page, where),
        });
      }
      expect([...found.values()]).toEqual([]);
    },
    240_000,
  );

  it('every other screen, opened at its address', async () => {
    found.clear();
    const { context, page } = await newVisitor(app, PHONE);
    for (const screen of SCREENS) {
      const addresses = PLAIN_SCREENS[screen.id];
      if (!addresses) continue;
      for (const address of addresses.length > 0 ? addresses : [screen.path]) {
        await openApp(page, url(address));
        await h1(page).waitFor();
        await page.waitForLoadState('networkidle');
        await check(page, `(opened at ${address})`);
      }
      checked.add(screen.path);
    }
    await context.close();
    expect([...found.values()]).toEqual([]);
  }, 120_000);

  it('left no screen of the route table out', () => {
    expect(SCREENS.map((s) => s.path).filter((path) => !checked.has(path))).toEqual([]);
  });
});
