import type { Actor } from 'xstate';
import { type CartFacts, isOtherCart } from '../../../machines/shopcart.context';
import type { shopcartMachine } from '../../../machines/shopcart.machine';
import type { AppActors } from '../../app-actors';
import { applicationRules, cartSignature } from '../../domain/application-rules';
import type { Cart } from '../../domain/cart-item';
import { taipeiDate } from '../../domain/roc-date';
import { createFlow } from '../../lib/create-flow';
import { clearDrafts } from '../../lib/form-draft';
import { newRequestId } from '../../lib/request-id';
import { liveShopcartMachine } from './shopcart-actors';

export type ShopcartActor = Actor<typeof shopcartMachine>;

/** The flow's name in sessionStorage (its snapshot and its forms' drafts). */
export const SHOPCART_FLOW = 'shopcart';

/** What the flow needs to know of the cart. */
export function cartFacts(cart: Cart): CartFacts {
  const { ages, needsSalary } = applicationRules(cart);
  return { count: cart.CLASS_LIST.length, signature: cartSignature(cart), ages, needsSalary };
}

/**
 * The tab's shopcart application. Its snapshot is saved while submitting as STEP3 knowing the application
 * went out (the captcha is never in it), so an application whose answer was lost is asked for, not resent.
 * It hears the cart: every change is forwarded, and a submitted application resets the cart. STEP4 is
 * asked for by no address: only a stored application shows it.
 */
export const shopcartFlow = createFlow({
  name: SHOPCART_FLOW,
  machine: liveShopcartMachine,
  input: ({ cart }) => ({
    requestId: newRequestId(),
    today: taipeiDate(new Date()),
    cart: cartFacts(cart.getSnapshot().context.cart),
  }),
  screens: ['ODGAF040', 'ODGAF041', 'ODGAF042', 'ODGAF043'],
  unasked: [4],
  hears: (actor, { cart }) => {
    // the server emptied the cart with the application: read it again
    const submitted = actor.on('application.submitted', () => {
      clearDrafts(SHOPCART_FLOW);
      cart.send({ type: 'cart.refresh' });
    });
    let sent = actor.getSnapshot().context.cart;
    const forward = (snapshot: ReturnType<AppActors['cart']['getSnapshot']>) => {
      // until the cart is loaded, its empty stand-in says nothing about the visitor's cart
      if (snapshot.matches('loading') || snapshot.matches('loadFailed')) return;
      const facts = cartFacts(snapshot.context.cart);
      if (!isOtherCart(sent, facts)) return;
      sent = facts;
      actor.send({ type: 'cart.changed', cart: facts });
    };
    const hearing = cart.subscribe(forward);
    forward(cart.getSnapshot());
    return () => {
      hearing.unsubscribe();
      submitted.unsubscribe();
    };
  },
});

/** A new application with a fresh idempotency key (after one was made). */
export function restartShopcart(actor: ShopcartActor): void {
  clearDrafts(SHOPCART_FLOW);
  actor.send({ type: 'flow.restart', requestId: newRequestId(), today: taipeiDate(new Date()) });
}
