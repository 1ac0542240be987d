import { act, screen, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, describe, it } from 'vitest';
import { machines } from '../../machines/registry';
import type { Cart } from '../../src/domain/cart-item';
import { PACKAGES } from '../support/catalogue-fixture';
import { domAgreement, focusedName, withDialogText } from '../support/dom-agreement';
import { flowPaths } from '../support/flow-model';
import { CART_CALLS, cartStimuli } from '../support/flows/cart.flow';
import { type HeldNetwork, heldNetwork } from '../support/held-network';
import { CartOracle, type CartStimulus, type CartView } from '../support/oracles/cart.oracle';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { openPage } from '../support/visitor-page';

const entry = machines.find((m) => m.id === 'cart')!;
const PAGE = '/product/Intropackage?PACK_ID=BASIC';
export const BASIC = PACKAGES.find((p) => p.PACK_ID === 'BASIC')!;

const cartButton = () => screen.getByRole('button', { name: /^購物車/ });
const panel = () => document.querySelector<HTMLElement>('section.cart-panel')!;

async function openPanel(user: UserEvent) {
  if (cartButton().getAttribute('aria-expanded') !== 'true') await user.click(cartButton());
  return within(panel());
}

/** The cart as a visitor sees it on the page: header, panel, dialog, overlay, and the dataLayer. */
export async function cartOnScreen(): Promise<Omit<CartView, 'dialog'> & { dialog: unknown }> {
  const dialog = screen.queryByRole('dialog');
  const heading = panel().querySelector('h2')?.textContent ?? '';
  const add = screen.queryByRole('button', { name: '加入購物車' });
  return {
    count: Number(cartButton().querySelector('.cart-count')?.textContent),
    titles: [...panel().querySelectorAll('.cart-item-title')].map((t) => t.textContent),
    limit: Number(/\/(\d+)）/.exec(heading)?.[1]),
    loadFailed:
      panel().textContent!.includes('購物車暫時無法載入') &&
      within(panel()).queryByRole('button', { name: '重新載入', hidden: true }) !== null,
    busy: add === null || (add as HTMLButtonElement).disabled,
    overlay:
      screen.queryByRole('status', { name: '' }) !== null && screen.queryByText('處理中，請稍候…') !== null,
    dialog: dialog && {
      title: dialog.getAttribute('aria-labelledby')
        ? document.getElementById(dialog.getAttribute('aria-labelledby')!)?.textContent
        : '',
      text: dialog.textContent,
      focus: focusedName(),
    },
    added: (
      (window.dataLayer ?? []) as Array<{
        event?: string;
        ecommerce?: { items: Array<{ item_name: string }> };
      }>
    )
      .filter((e) => e.event === 'add_to_cart')
      .map((e) => e.ecommerce!.items[0]!.item_name),
  };
}

/** The rendered app with its live cart, the visitor's clicks and the held network. */
export function cartOnPage(network: HeldNetwork, user: UserEvent): PathDriver<CartStimulus, CartView> {
  let lastCart: Cart | undefined;
  return {
    async act(s) {
      switch (s.kind) {
        case 'add':
          await user.click(await screen.findByRole('button', { name: '加入購物車' }));
          return;
        case 'remove': {
          const title = lastCart?.CLASS_LIST.find((c) => c.CLASS_ID === s.classId)?.CLASS_TITLE;
          await user.click((await openPanel(user)).getByRole('button', { name: `移除「${title}」` }));
          return;
        }
        case 'retry':
          await user.click((await openPanel(user)).getByRole('button', { name: '重新載入' }));
          return;
        case 'closeDialog':
          await user.click(screen.getByRole('button', { name: '我知道了' }));
          return;
        case 'reply':
          if (s.call === 'getCart' && s.reply !== 'network-error' && s.reply.returnCode === 0)
            lastCart = s.reply.data as Cart;
          await act(() => network.reply(s.call, s.reply));
      }
    },
    wait: async () => {},
    view: cartOnScreen as () => Promise<CartView>,
    sent: () => network.sent().filter((r) => (CART_CALLS as readonly string[]).includes(r.call)),
  };
}

describe('cart paths on the rendered app, against the cart oracle', () => {
  let network: HeldNetwork | undefined;
  afterEach(() => {
    network?.close();
    window.dataLayer = [];
  });

  for (const path of flowPaths(entry)) {
    it(path.description, async () => {
      network = heldNetwork(CART_CALLS);
      const user = userEvent.setup();
      const page = await openPage(PAGE);
      await screen.findByRole('heading', { level: 1 });
      await runPath(
        path,
        cartStimuli(BASIC),
        new CartOracle(),
        cartOnPage(network, user),
        domAgreement(withDialogText),
        CART_CALLS,
      );
      page.stop();
      recordPassedPath('jsdom', entry.id, path);
    });
  }
});
