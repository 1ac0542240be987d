import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor, createMachine } from 'xstate';
import type { AppActors } from '../../src/app-actors';
import { EMPTY_CART } from '../../src/domain/cart-item';
import { shopcartFlow } from '../../src/features/shopcart/shopcart-flow';
import { tryoutFlow } from '../../src/features/tryout/tryout-flow';
import { clearFlowState } from '../../src/lib/flow-storage';

// the trace's recorder is the atlas's business (tests/features/atlas): here it only must not send
vi.mock('../../src/lib/transition-trace', () => ({ recordTransitions: () => ({ unsubscribe() {} }) }));

/**
 * A page's app whose cart counts who listens to it: its events (`on`) and its snapshots (`subscribe`).
 * The cart is still loading, so what a flow hears of it is only that it listens.
 */
function appWithCountedCart() {
  const cart = createActor(
    createMachine({ context: { cart: EMPTY_CART }, initial: 'loading', states: { loading: {} } }),
  ).start();
  const listening = new Set<object>();
  const counted =
    <A extends unknown[]>(listen: (...args: A) => { unsubscribe(): void }) =>
    (...args: A) => {
      const subscription = listen(...args);
      const mark = {};
      listening.add(mark);
      return {
        unsubscribe() {
          listening.delete(mark);
          subscription.unsubscribe();
        },
      };
    };
  cart.on = counted(cart.on.bind(cart)) as typeof cart.on;
  cart.subscribe = counted(
    cart.subscribe.bind(cart) as (...args: unknown[]) => { unsubscribe(): void },
  ) as never;
  return { app: { cart } as unknown as AppActors, listening };
}

afterEach(() => {
  clearFlowState();
  sessionStorage.clear();
});

describe.each([
  ['the premium trial', tryoutFlow],
  ['the shopcart application', shopcartFlow],
] as const)('%s', (_name, flow) => {
  it('hears the cart while it runs, and no more once /back2Home forgets it', () => {
    const { app, listening } = appWithCountedCart();
    const actor = flow.actorOf(app);
    expect(listening.size).toBeGreaterThan(0);
    clearFlowState();
    expect(actor.getSnapshot().status).toBe('stopped');
    expect(listening.size).toBe(0);
  });

  it('hears the cart of the new page only, once the visitor moved on', () => {
    const first = appWithCountedCart();
    const second = appWithCountedCart();
    flow.actorOf(first.app);
    const heard = first.listening.size;
    flow.actorOf(second.app);
    expect(first.listening.size).toBe(0);
    expect(second.listening.size).toBe(heard);
  });
});
