import { useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import type { AppActors } from '../app-actors';
import type { Cart, InputPackage, SourceCode } from '../domain/cart-item';
import { pushAddToCart } from './add-to-cart-event';

/**
 * Where the visitor's cart stands: its first reading still in flight (`loading`, the content is only
 * the empty stand-in), its last reading failed (`failed`, docs/specification.md §8: no message from the server; a retry
 * reads it again), or read (`ready`, also while an add, a change or a removal is in flight).
 */
export type CartStatus = 'loading' | 'failed' | 'ready';

type CartActor = AppActors['cart'];

/** The carts whose `cart.added` already reaches the dataLayer. */
const announcing = new WeakSet<CartActor>();

/**
 * docs/specification.md §4: every item that went in sends the add_to_cart analytics event. Only the pages that add to the
 * cart load the event's code (not the home route): the first 加入購物車 of a page starts the announcing,
 * before the insert, so the event of that insert is heard too.
 */
function announceAdds(cart: CartActor): void {
  if (announcing.has(cart)) return;
  announcing.add(cart);
  cart.on('cart.added', pushAddToCart);
}

function statusOf(snapshot: { matches(state: 'loading' | 'loadFailed'): boolean }): CartStatus {
  if (snapshot.matches('loading')) return 'loading';
  return snapshot.matches('loadFailed') ? 'failed' : 'ready';
}

/** The visitor's cart for any screen: its content and what a visitor does with it. */
export function useCart(): {
  cart: Cart;
  count: number;
  busy: boolean;
  status: CartStatus;
  /** reads the cart again after a failed reading */
  retry(): void;
  add(pkg: InputPackage, source: SourceCode): void;
  remove(classId: number): void;
  update(classId: number, pkg: InputPackage, source: SourceCode): void;
} {
  const { actors } = useRouteContext({ from: '__root__' });
  const cart = useSelector(actors.cart, (s) => s.context.cart);
  const busy = useSelector(actors.cart, (s) => s.hasTag('busy'));
  const status = useSelector(actors.cart, statusOf);
  return {
    cart,
    count: cart.CLASS_LIST.length,
    busy,
    status,
    retry: () => actors.cart.send({ type: 'cart.retry' }),
    add: (pkg, source) => {
      announceAdds(actors.cart);
      actors.cart.send({ type: 'cart.add', pkg, source });
    },
    remove: (classId) => actors.cart.send({ type: 'cart.remove', classId }),
    update: (classId, pkg, source) => actors.cart.send({ type: 'cart.update', classId, pkg, source }),
  };
}
