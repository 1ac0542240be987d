import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { LoadedCart } from '../../machines/cart.machine';
import { machines } from '../../machines/registry';
import { coveringPaths, replaySteps } from '../support/flow-model';
import { builtAppForThisFile, returningVisitor } from './support/built-app';
import { deferApi } from './support/deferred-api';

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

describe('cart paths in Chromium, the server answering as each path says', () => {
  // cart.reset and cart.remindShown have no button yet (the shopcart flow sends them): those paths run in jsdom
  for (const path of coveringPaths(entry, { without: ['cart.reset', 'cart.remindShown'] })) {
    it(path.description, async () => {
      const { context, page } = await visitor();
      try {
        const api = await deferApi(page, {
          loadCart: { path: 'DTODGAZ0/getCart', answer: (output) => (output as LoadedCart).cart },
          insertCartItem: { path: 'DTODGAZ0/insertCart' },
          removeCartItem: { path: 'DTODGAZ0/deleteCartItem' },
        });
        await page.goto(`${app.server.origin}/groupins/product/Intropackage?PACK_ID=BASIC`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await replaySteps(path, async (step) => {
          const event = step.event as { type: string; classId?: number };
          if (event.type === 'cart.add')
            await page.getByRole('button', { name: '加入購物車', exact: true }).click();
          else if (event.type === 'cart.remove')
            await (await openPanel(page))
              .getByRole('button', { name: `移除「項目 ${event.classId}」` })
              .click();
          else if (event.type === 'cart.retry')
            await (await openPanel(page)).getByRole('button', { name: '重新載入' }).click();
          else if (event.type === 'dialog.close')
            await page.getByRole('button', { name: '我知道了' }).click();
          else if (event.type !== 'xstate.init') await api.settle(step.event);

          const context = step.state.context as { cart: LoadedCart['cart']; refusal: string };
          switch (step.state.value) {
            case 'ready':
              await page.getByRole('dialog').waitFor({ state: 'detached' });
              await expect
                .poll(() => cartButton(page).textContent())
                .toBe(`購物車${context.cart.CLASS_LIST.length}項`);
              break;
            case 'loadFailed':
              await (await openPanel(page)).getByText('購物車暫時無法載入').waitFor();
              break;
            case 'cartFull':
              await page
                .getByRole('dialog', { name: '購物車已滿' })
                .getByText('購物車最多可放 5 項保障')
                .waitFor();
              break;
            case 'itemError':
              await page.getByRole('dialog', { name: '無法加入購物車' }).getByText(context.refusal).waitFor();
              break;
            case 'addFailed':
              await page.getByRole('dialog', { name: '加入購物車失敗' }).getByText(context.refusal).waitFor();
              break;
            case 'removeFailed':
              await page.getByRole('dialog', { name: '無法移除此項目' }).getByText(context.refusal).waitFor();
              break;
          }
        });
      } finally {
        await context.close();
      }
    });
  }
});

describe('the cart against the real server and catalogue', () => {
  it('takes 5 items; the 6th shows the cart-full dialog; add_to_cart reaches the dataLayer', async () => {
    const { context, page } = await visitor();
    await page.goto(`${app.server.origin}/groupins/product/optioncell`);
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
    await page.reload();
    await expect.poll(() => cartButton(page).textContent()).toBe('購物車5項');
    await (await openPanel(page)).getByRole('button', { name: /^移除「團體重大疾病保險/ }).click();
    await expect.poll(() => cartButton(page).textContent()).toBe('購物車4項');
    await context.close();
  });

  it('shows the item-error dialog with the server reason for a rider without its main product', async () => {
    const { context, page } = await visitor();
    await page.goto(`${app.server.origin}/groupins/product/optioncell`);
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
