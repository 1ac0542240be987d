import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, waitFor } from 'xstate';
import { SAMPLE_PACKAGE } from '../../machine-paths/cart/samples';
import { cartMachine } from '../../machines/cart.machine';
import { NEW_CART } from '../../src/domain/cart-item';

// docs/specification.md §8: a failed 加入購物車 shows its dialog with the refusal's message (the binding rejects with the
// server's words, or its own for a network failure), or the dialog's own words when there is none.
// Whatever a binding rejects with, the cart never breaks and never shows what is not text.
async function addRejectedWith(error: unknown) {
  const actor = createActor(
    cartMachine.provide({
      actors: {
        loadCart: fromPromise(async () => ({ cart: NEW_CART, maxItems: 5 })),
        insertCartItem: fromPromise(async () => Promise.reject(error)),
      },
    }),
  ).start();
  await waitFor(actor, (s) => s.matches('ready'));
  actor.send({ type: 'cart.add', pkg: SAMPLE_PACKAGE, source: 'PKG' });
  const settled = await waitFor(actor, (s) => !s.hasTag('busy'));
  return { status: settled.status, state: settled.value, refusal: settled.context.refusal };
}

describe('a failed 加入購物車, whatever the binding rejects with', () => {
  it.each([
    ['null', null],
    ['undefined', undefined],
    ['a string', 'network down'],
    ['a refusal whose message is not text', { data: null, message: 42 }],
  ])('%s: the add-failed dialog, with no message of its own', async (_what, error) => {
    expect(await addRejectedWith(error)).toEqual({ status: 'active', state: 'addFailed', refusal: '' });
  });

  it("a refusal with the server's message shows that message", async () => {
    expect(await addRejectedWith({ data: null, message: '系統忙碌中，請稍後再試' })).toEqual({
      status: 'active',
      state: 'addFailed',
      refusal: '系統忙碌中，請稍後再試',
    });
  });
});
