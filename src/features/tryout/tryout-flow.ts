import type { Actor } from 'xstate';
import type { tryoutMachine } from '../../../machines/tryout.machine';
import type { AppActors } from '../../app-actors';
import { taipeiDate } from '../../domain/roc-date';
import { clearDrafts } from '../../lib/form-draft';
import { storedFlow } from '../../lib/stored-flow';
import { liveTryoutMachine } from './tryout-actors';

export type TryoutActor = Actor<typeof tryoutMachine>;

/** The flow's name in sessionStorage (its snapshot and its forms' drafts). */
export const TRYOUT_FLOW = 'tryout';

let running: { cart: AppActors['cart']; actor: TryoutActor; stop(): void } | null = null;

/**
 * The tab's premium trial: one actor, started on the first tryout screen and kept while the visitor moves
 * around the site, its snapshot saved after each settled step. It hears the cart: when the cart takes the
 * quoted item (加入購物車 on STEP3), STEP3 says so.
 */
export function tryoutFlow(cart: AppActors['cart']): TryoutActor {
  if (running?.cart === cart) return running.actor;
  running?.stop();
  const { actor, stop } = storedFlow(
    TRYOUT_FLOW,
    liveTryoutMachine,
    { today: taipeiDate(new Date()) },
    () => {
      added.unsubscribe();
      if (running?.actor === actor) running = null;
    },
  );
  const added = cart.on('cart.added', ({ pkg }) => {
    const quoted = actor.getSnapshot().context.cover?.pkg;
    if (JSON.stringify(pkg) === JSON.stringify(quoted)) actor.send({ type: 'cart.added' });
  });
  actor.start();
  running = { cart, actor, stop };
  return actor;
}

/** 重新試算: everything chosen and typed is dropped. */
export function restartTryout(actor: TryoutActor): void {
  clearDrafts(TRYOUT_FLOW);
  actor.send({ type: 'flow.restart', today: taipeiDate(new Date()) });
}
