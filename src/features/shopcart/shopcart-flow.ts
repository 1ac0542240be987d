import type { Actor } from 'xstate';
import type { CartFacts, shopcartMachine } from '../../../machines/shopcart.machine';
import type { AppActors } from '../../app-actors';
import { applicationRules, cartSignature } from '../../domain/application-rules';
import type { Cart } from '../../domain/cart-item';
import { taipeiDate } from '../../domain/roc-date';
import { clearDrafts } from '../../lib/form-draft';
import { newRequestId } from '../../lib/request-id';
import { storedFlow } from '../../lib/stored-flow';
import { liveShopcartMachine } from './shopcart-actors';

export type ShopcartActor = Actor<typeof shopcartMachine>;

/** The flow's name in sessionStorage (its snapshot and its forms' drafts). */
export const SHOPCART_FLOW = 'shopcart';

/** What the flow needs to know of the cart. */
export function cartFacts(cart: Cart): CartFacts {
  const { ages, needsSalary } = applicationRules(cart);
  return { count: cart.CLASS_LIST.length, signature: cartSignature(cart), ages, needsSalary };
}

const sameFacts = (a: CartFacts, b: CartFacts) => JSON.stringify(a) === JSON.stringify(b);

let running: { cart: AppActors['cart']; actor: ShopcartActor; stop(): void } | null = null;

/**
 * The tab's shopcart application: one actor, started on the first shopcart screen and kept while the
 * visitor moves around the site. Its snapshot is saved in sessionStorage after each settled step (while
 * submitting, as STEP3 knowing the application went out; the captcha is never in it), so a reload keeps
 * the step and every typed value, and an application whose answer was lost is asked for, not resent.
 * It hears the cart: every change is forwarded, and a submitted application resets the cart.
 */
export function shopcartFlow(cart: AppActors['cart']): ShopcartActor {
  if (running?.cart === cart) return running.actor;
  running?.stop();
  const input = {
    requestId: newRequestId(),
    today: taipeiDate(new Date()),
    cart: cartFacts(cart.getSnapshot().context.cart),
  };
  const { actor, stop } = storedFlow(SHOPCART_FLOW, liveShopcartMachine, input, () => {
    hearing.unsubscribe();
    submitted.unsubscribe();
    if (running?.actor === actor) running = null;
  });
  // the server emptied the cart with the application: read it again
  const submitted = actor.on('application.submitted', () => {
    clearDrafts(SHOPCART_FLOW);
    cart.send({ type: 'cart.refresh' });
  });
  actor.start();
  let sent = actor.getSnapshot().context.cart;
  const forward = (snapshot: ReturnType<AppActors['cart']['getSnapshot']>) => {
    // until the cart is loaded, its empty stand-in says nothing about the visitor's cart
    if (snapshot.matches('loading') || snapshot.matches('loadFailed')) return;
    const facts = cartFacts(snapshot.context.cart);
    if (sameFacts(facts, sent)) return;
    sent = facts;
    actor.send({ type: 'cart.changed', cart: facts });
  };
  const hearing = cart.subscribe(forward);
  forward(cart.getSnapshot());
  running = { cart, actor, stop };
  return actor;
}

/** A new application with a fresh idempotency key (after one was made). */
export function restartShopcart(actor: ShopcartActor): void {
  clearDrafts(SHOPCART_FLOW);
  actor.send({ type: 'flow.restart', requestId: newRequestId(), today: taipeiDate(new Date()) });
}
