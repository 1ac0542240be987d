import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { CartOracle, type CartStimulus, type CartView } from '../../machine-paths/cart/oracle';
import { SAMPLE_CELLS } from '../../machine-paths/cart/samples';
import { CART_CALLS, cartStimuli, choiceOf } from '../../machine-paths/cart/stimuli';
import { type FlowPath, flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import type { InputPackage } from '../../src/domain/cart-item';
import type { HeldNetwork } from '../support/api-calls';
import { withDialogText } from '../support/dom-agreement';
import { cartScreen } from '../support/flow-screens';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { builtAppForThisFile, openApp, reloadApp, returningVisitor } from './support/built-app';
import { heldPageNetwork, pageAgreement } from './support/held-network';

const entry = machines.find((m) => m.id === 'cart')!;

const app = builtAppForThisFile();
const visitor = () => returningVisitor(app);

const cartButton = (page: Page) => page.getByRole('button', { name: /^購物車/ });
const panel = (page: Page) => page.getByRole('region', { name: '購物車內容' });

async function openPanel(page: Page) {
  if ((await cartButton(page).getAttribute('aria-expanded')) !== 'true') await cartButton(page).click();
  await panel(page).waitFor();
  return panel(page);
}

const addCell = (page: Page, name: string) =>
  page.getByRole('button', { name: `加入購物車：${name}` }).click();

/** The built app in Chromium with its cart calls held: the visitor's clicks and the path's answers. */
function cartInChromium(page: Page, network: HeldNetwork): PathDriver<CartStimulus, CartView> {
  const titles = new Map<number, string>();
  return {
    async act(s) {
      switch (s.kind) {
        case 'add':
          await page.getByRole('button', { name: '加入購物車', exact: true }).click();
          return;
        case 'remove':
          await (await openPanel(page))
            .getByRole('button', { name: `移除「${titles.get(s.classId)}」` })
            .click();
          return;
        case 'update': {
          // the item's amount chooser in the shopcart STEP1's table
          const row = page
            .getByRole('table', { name: '投保項目' })
            .getByRole('row')
            .filter({ has: page.getByRole('rowheader', { name: titles.get(s.classId), exact: true }) });
          await row
            .getByRole('combobox', { name: /^(保額|月投保薪資倍數)$/ })
            .selectOption(String(choiceOf(s.pkg)));
          return;
        }
        case 'refresh':
          // the visitor comes back to the tab
          await page.evaluate(() => {
            Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
            document.dispatchEvent(new Event('visibilitychange'));
          });
          return;
        case 'retry':
          await (await openPanel(page)).getByRole('button', { name: '重新載入' }).click();
          return;
        case 'closeDialog':
          await page.getByRole('button', { name: '我知道了' }).click();
          return;
        case 'reply':
          if (s.call === 'getCart' && s.reply !== 'network-error' && s.reply.returnCode === 0)
            for (const c of (s.reply.data as { CLASS_LIST: Array<{ CLASS_ID: number; CLASS_TITLE: string }> })
              .CLASS_LIST)
              titles.set(c.CLASS_ID, c.CLASS_TITLE);
          await network.reply(s.call, s.reply);
      }
    },
    wait: async () => {},
    view: () => page.evaluate(cartScreen) as Promise<CartView>,
    sent: () => network.sent().filter((r) => (CART_CALLS as readonly string[]).includes(r.call)),
  };
}

/**
 * A path that changes an amount runs on the shopcart's STEP1, whose cells catalogue is the one the path's
 * cart was picked from; the others on a package's page, which offers 加入購物車.
 */
async function openPageOf(page: Page, path: FlowPath) {
  if (!path.steps.some((s) => s.event.type === 'cart.update')) {
    await openApp(page, `${app.server.origin}/groupins/product/Intropackage?PACK_ID=BASIC`);
    return;
  }
  await page.route(
    (url) => url.pathname.endsWith('/ODGAWeb/api/catalogue/queryCells'),
    (route) =>
      route.fulfill({
        status: 200,
        contentType: 'application/json',
        body: JSON.stringify({ returnCode: 0, data: SAMPLE_CELLS, msg: '' }),
      }),
  );
  await openApp(page, `${app.server.origin}/groupins/shopcart/STEP1`);
}

describe('cart paths in Chromium, against the cart oracle', () => {
  for (const path of flowPaths(entry)) {
    it(path.description, async () => {
      const response = await fetch(`${app.server.origin}/ODGAWeb/api/catalogue/queryPackage?PACK_ID=BASIC`);
      const basic = ((await response.json()) as { data: InputPackage }).data;
      const { context, page } = await visitor();
      try {
        const network = await heldPageNetwork(page, CART_CALLS);
        await openPageOf(page, path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await runPath(
          path,
          cartStimuli(basic),
          new CartOracle(),
          cartInChromium(page, network),
          pageAgreement(withDialogText),
          CART_CALLS,
        );
        recordPassedPath('chromium', entry.id, path);
      } finally {
        await context.close();
      }
    });
  }
});

describe('the cart against the real server and catalogue', () => {
  it('takes 5 items; the 6th shows the cart-full dialog; add_to_cart reaches the dataLayer', async () => {
    const { context, page } = await visitor();
    await openApp(page, `${app.server.origin}/groupins/product/optioncell`);
    const cells = [
      '團體一年定期壽險',
      '團體傷害保險',
      '團體重大疾病保險',
      '團體初次罹患癌症保險',
      '團體職業災害補償保險',
    ];
    for (const [i, name] of cells.entries()) {
      const inserted = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/insertCart'));
      await addCell(page, name);
      expect(await (await inserted).json()).toMatchObject({ returnCode: 0 });
      await expect.poll(() => cartButton(page).textContent()).toBe(`購物車${i + 1}項`);
    }
    let sixthSent = false;
    page.on('request', (r) => {
      if (r.url().endsWith('/DTODGAZ0/insertCart')) sixthSent = true;
    });
    await addCell(page, '團體傷害醫療保險金');
    const full = page.getByRole('dialog', { name: '購物車已滿' });
    await full.getByText('購物車最多可放 5 項保障').waitFor();
    expect(sixthSent).toBe(false);
    await page.getByRole('button', { name: '我知道了' }).click();
    await full.waitFor({ state: 'detached' });

    const events = await page.evaluate(() =>
      (
        window.dataLayer as Array<{ event?: string; ecommerce?: { items: Array<{ item_name: string }> } }>
      ).filter((e) => e.event === 'add_to_cart'),
    );
    expect(events.map((e) => e.ecommerce?.items[0]?.item_name)).toHaveLength(5);

    // the cart is the visitor's: a reload shows the same 5, and removing one makes room again
    await reloadApp(page);
    await expect.poll(() => cartButton(page).textContent()).toBe('購物車5項');
    await (await openPanel(page)).getByRole('button', { name: /^移除「團體重大疾病保險/ }).click();
    await expect.poll(() => cartButton(page).textContent()).toBe('購物車4項');
    await context.close();
  });

  it('shows the item-error dialog with the server reason for a rider without its main product', async () => {
    const { context, page } = await visitor();
    await openApp(page, `${app.server.origin}/groupins/product/optioncell`);
    const refused = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/insertCart'));
    await addCell(page, '團體傷害醫療保險金');
    expect(await (await refused).json()).toMatchObject({ returnCode: 1, data: 'modalCartItemError' });
    const dialog = page.getByRole('dialog', { name: '無法加入購物車' });
    await dialog.getByText(/須搭配團體傷害保險投保/).waitFor();
    await page.getByRole('button', { name: '我知道了' }).click();
    await expect.poll(() => cartButton(page).textContent()).toBe('購物車0項');
    await context.close();
  });
});
