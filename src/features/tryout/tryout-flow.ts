import type { Actor } from 'xstate';
import type { tryoutMachine } from '../../../machines/tryout.machine';
import { taipeiDate } from '../../domain/roc-date';
import { createFlow } from '../../lib/create-flow';
import { clearDrafts } from '../../lib/form-draft';
import { liveTryoutMachine } from './tryout-actors';

export type TryoutActor = Actor<typeof tryoutMachine>;

/** The flow's name in sessionStorage (its snapshot and its forms' drafts). */
export const TRYOUT_FLOW = 'tryout';

/**
 * The tab's premium trial. It hears the cart: when the cart takes the quoted item (加入購物車 on STEP3),
 * STEP3 says so.
 */
export const tryoutFlow = createFlow({
  name: TRYOUT_FLOW,
  machine: liveTryoutMachine,
  input: () => ({ today: taipeiDate(new Date()) }),
  screens: ['ODGAF070', 'ODGAF071', 'ODGAF072'],
  hears: (actor, { cart }) => {
    const added = cart.on('cart.added', ({ pkg }) => {
      const quoted = actor.getSnapshot().context.cover?.pkg;
      if (JSON.stringify(pkg) === JSON.stringify(quoted)) actor.send({ type: 'cart.added' });
    });
    return () => added.unsubscribe();
  },
});

/** 重新試算: everything chosen and typed is dropped. */
export function restartTryout(actor: TryoutActor): void {
  clearDrafts(TRYOUT_FLOW);
  actor.send({ type: 'flow.restart', today: taipeiDate(new Date()) });
}
