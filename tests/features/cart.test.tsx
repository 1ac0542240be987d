import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { AnyMachineSnapshot } from 'xstate';
import type { cartMachine } from '../../machines/cart.machine';
import { machines } from '../../machines/registry';
import { catalogueServer } from '../screens/catalogue-server';
import { coveringPaths, deferredActors, replaySteps } from '../support/flow-model';
import { renderApp } from '../support/render-app';

const entry = machines.find((m) => m.id === 'cart')!;

const cartButton = () => screen.getByRole('button', { name: /^購物車/ });
const dialog = () => screen.queryByRole('dialog');

async function openPanel(user: UserEvent) {
  if (cartButton().getAttribute('aria-expanded') !== 'true') await user.click(cartButton());
  return screen.getByRole('region', { name: '購物車內容' });
}

// What the visitor sees in each state of the cart machine.
const expectScreen: Record<string, (s: AnyMachineSnapshot, user: UserEvent) => unknown> = {
  ready: async (s) => {
    await waitFor(() => expect(dialog()).toBeNull());
    expect(cartButton()).toHaveTextContent(`購物車${s.context.cart.CLASS_LIST.length}`);
  },
  loadFailed: async (_s, user) => {
    expect(within(await openPanel(user)).getByText(/購物車暫時無法載入/)).toBeInTheDocument();
  },
  cartFull: async () => {
    const d = await screen.findByRole('dialog', { name: '購物車已滿' });
    expect(d).toHaveTextContent('購物車最多可放 5 項保障');
  },
  itemError: async (s) => {
    const d = await screen.findByRole('dialog', { name: '無法加入購物車' });
    expect(d).toHaveTextContent(s.context.refusal);
  },
  addFailed: async (s) => {
    expect(await screen.findByRole('dialog', { name: '加入購物車失敗' })).toHaveTextContent(
      s.context.refusal,
    );
  },
  removeFailed: async (s) => {
    expect(await screen.findByRole('dialog', { name: '無法移除此項目' })).toHaveTextContent(
      s.context.refusal,
    );
  },
  removing: async (_s, user) => {
    for (const b of within(await openPanel(user)).getAllByRole('button', { name: /^移除/ }))
      expect(b).toBeDisabled();
  },
};

describe('cart paths on the rendered app', () => {
  for (const path of coveringPaths(entry)) {
    it(path.description, async () => {
      const harness = deferredActors(entry.machine);
      const user = userEvent.setup();
      const { actors } = await renderApp('/product/Intropackage?PACK_ID=BASIC', {
        cart: harness.logic as typeof cartMachine,
        fetch: catalogueServer(),
      });
      await screen.findByRole('heading', { level: 1 });
      await replaySteps(path, async (step) => {
        const event = step.event as { type: string; classId?: number };
        switch (event.type) {
          case 'xstate.init':
            break;
          case 'cart.remove': {
            const panel = await openPanel(user);
            await user.click(within(panel).getByRole('button', { name: `移除「項目 ${event.classId}」` }));
            break;
          }
          case 'cart.retry':
            await user.click(within(await openPanel(user)).getByRole('button', { name: '重新載入' }));
            break;
          case 'dialog.close':
            await user.click(screen.getByRole('button', { name: '我知道了' }));
            break;
          case 'cart.add':
            await user.click(await screen.findByRole('button', { name: '加入購物車' }));
            break;
          // No screen sends these yet (the shopcart flow will): the event goes to the cart as it will send it.
          case 'cart.reset':
          case 'cart.remindShown':
            act(() => actors.cart.send(step.event as never));
            break;
          default:
            await act(async () => void harness.settle(step.event));
        }
        expect(actors.cart.getSnapshot().value).toEqual(step.state.value);
        await expectScreen[String(step.state.value)]?.(step.state, user);
      });
    });
  }
});
