import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { machines } from '../../machine-paths/registry';
import { STAFF_PAGES } from '../../src/domain/staff-pages';
import { applyForBasicOverHttp, HttpVisitor, sendContactOverHttp } from '../support/http-visitor';
import { signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * The staff's screens as a work tool (issue 46), measured in Chromium against the built server at a
 * desktop's 1366 × 900 and a phone's 390 × 844, each list with rows in it and its default filters: the
 * list's first row lies wholly in the first screenful, the page's heading starts where the header's brand
 * and navigation do, and the atlas opens each machine's diagram in the first screenful with its labels at
 * least 11 px on the screen and no empty band above the drawing.
 */

const PASSWORD = 'staff-layout-e2e-password';
/** every role but the analyst's: the longest navigation, and every list but the atlas's */
const DESK = 'desk.layout';
const ANALYST = 'analyst.layout';

const SIZES = [
  { width: 1366, height: 900 },
  { width: 390, height: 844 },
] as const;

/** The smallest a diagram's label may be drawn on the screen, in CSS pixels. */
const LABEL_MIN_PX = 11;
/** How far below the diagram frame's top its first label may start: the drawing's own margin. */
const TOP_MARGIN_PX = 48;

const site = staffSiteForThisFile({
  name: 'staff-layout',
  accounts: { [DESK]: 'underwriter,service,admin', [ANALYST]: 'analyst' },
  password: PASSWORD,
  // no mail server: every e-mail waits in 寄件匣; a captcha of at most 1,000 hashes is solved at once
  env: { SMTP_URL: '', CAPTCHA_MAX_NUMBER: '1000' },
});

beforeAll(async () => {
  // applications, a message and their e-mails; a visitor's transition for 訪客旅程
  for (let i = 0; i < 2; i++) await applyForBasicOverHttp(site.server.origin);
  await sendContactOverHttp(site.server.origin);
  const visitor = await HttpVisitor.arrive(site.server.origin);
  const traced = await visitor.post('trace/transitions', {
    steps: [{ machine: 'shopcart', from: 'step1.editing', event: 'NEXT', to: 'step2.editing', ago: 0 }],
  });
  expect(traced.body.returnCode).toBe(0);
});

const contexts: BrowserContext[] = [];
// afterAll hooks run last registered first: the tabs close before the site's browser does
afterAll(async () => {
  for (const context of contexts) await context.close();
});

async function signedIn(name: string, size: { width: number; height: number }): Promise<Page> {
  const context = await site.browser.newContext({ locale: 'zh-TW', viewport: size });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(site.url('/login'));
  await signIn(page, name, PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return page;
}

/** Where the page's parts are, in the page as it opened (not scrolled), in CSS pixels. */
async function measured(page: Page, table: string) {
  await page.getByRole('table', { name: table }).locator('tbody tr').first().waitFor();
  await page.waitForLoadState('networkidle');
  return page.evaluate((name) => {
    const box = (e: Element | null | undefined) => {
      const r = e?.getBoundingClientRect();
      return r ? { left: r.left, top: r.top, bottom: r.bottom } : null;
    };
    const tables = [...document.querySelectorAll('table')];
    const labelled = tables.find((t) => {
      const id = t.getAttribute('aria-labelledby');
      return id && document.getElementById(id)?.textContent?.trim() === name;
    });
    const header = document.querySelector('header');
    return {
      scrollY: window.scrollY,
      viewport: window.innerHeight,
      row: box(labelled?.querySelector('tbody tr')),
      heading: box(document.querySelector('h1')),
      brand: box(header?.querySelector('.brand')),
      navFirst: box(header?.querySelector('nav a')),
    };
  }, table);
}

/** What is wrong with the layout measured: a line each. */
function misplaced(screen: string, m: Awaited<ReturnType<typeof measured>>): string[] {
  const lines: string[] = [];
  const at = (what: string) => `${screen}: ${what}`;
  if (!m.row) return [at('no first row')];
  if (m.scrollY !== 0) lines.push(at(`opened scrolled by ${m.scrollY} px`));
  if (m.row.top < 0 || m.row.bottom > m.viewport)
    lines.push(
      at(`the first row is at ${Math.round(m.row.top)}–${Math.round(m.row.bottom)} px of ${m.viewport}`),
    );
  for (const [name, part] of [
    ['brand', m.brand],
    ['navigation', m.navFirst],
  ] as const)
    if (!part || !m.heading || Math.abs(part.left - m.heading.left) > 1)
      lines.push(at(`the heading starts at ${m.heading?.left} px, the header's ${name} at ${part?.left} px`));
  return lines;
}

/** The staff's lists, each by the address it opens at and the name of its table. */
const LISTS: ReadonlyArray<{ screen: string; route: string; table: string }> = [
  { screen: STAFF_PAGES.applications.title, route: '/staff/applications', table: '案件列表' },
  { screen: STAFF_PAGES.contacts.title, route: '/staff/contacts', table: '訊息列表' },
  { screen: STAFF_PAGES.outbox.title, route: '/staff/outbox', table: '郵件列表' },
  { screen: STAFF_PAGES.audit.title, route: '/staff/audit', table: '稽核紀錄' },
  { screen: STAFF_PAGES.accounts.title, route: '/staff/accounts', table: '人員帳號' },
];

/** The diagram as it opened: its frame, its drawing's first label and its smallest label on the screen. */
async function diagramMeasured(page: Page) {
  const frame = page.getByRole('application', { name: /狀態圖/ });
  await frame.locator('svg text').first().waitFor();
  return frame.evaluate((element) => {
    const svg = element.querySelector('svg')!;
    const scale = svg.getScreenCTM()?.a ?? 0;
    const texts = [...svg.querySelectorAll('text')];
    const sizes = texts.map((t) => Number.parseFloat(getComputedStyle(t).fontSize) * scale);
    const frameBox = element.getBoundingClientRect();
    const firstLabel = Math.min(...texts.map((t) => t.getBoundingClientRect().top));
    return {
      viewport: window.innerHeight,
      scrollY: window.scrollY,
      top: frameBox.top,
      bottom: frameBox.bottom,
      labelPx: Math.min(...sizes),
      emptyAbove: firstLabel - frameBox.top,
    };
  });
}

describe.each(SIZES)('the staff screens at $width × $height', (size) => {
  it('each list shows its first row in the first screenful, its heading in line with the header', async () => {
    const page = await signedIn(DESK, size);
    const found: string[] = [];
    for (const { screen, route, table } of LISTS) {
      await page.goto(site.url(route));
      found.push(...misplaced(screen, await measured(page, table)));
    }
    expect(found).toEqual([]);
  });

  it('the atlas: 訪客旅程 shows its first visitor, each machine its diagram readable in the first screenful', async () => {
    const page = await signedIn(ANALYST, size);
    const found: string[] = [];
    await page.goto(site.url('/atlas?machine=shopcart&view=journeys'));
    found.push(...misplaced('訪客旅程', await measured(page, '期間內的訪客')));
    for (const { id } of machines) {
      await page.goto(site.url(`/atlas?machine=${id}&view=diagram`));
      const d = await diagramMeasured(page);
      const at = (what: string) => `${id}: ${what}`;
      if (d.scrollY !== 0) found.push(at(`opened scrolled by ${d.scrollY} px`));
      if (d.top < 0 || d.bottom > d.viewport)
        found.push(at(`the diagram is at ${Math.round(d.top)}–${Math.round(d.bottom)} px of ${d.viewport}`));
      if (d.labelPx < LABEL_MIN_PX) found.push(at(`its smallest label is ${d.labelPx.toFixed(1)} px`));
      if (d.emptyAbove > TOP_MARGIN_PX)
        found.push(at(`${Math.round(d.emptyAbove)} px empty above the drawing`));
    }
    expect(found).toEqual([]);
  });
});
