import { useRouteContext } from '@tanstack/react-router';
import type { Cart, InputPackage, SourceCode } from '../../domain/cart-item';
import { useActorSelector } from '../../lib/use-actor-selector';

/** The visitor's cart for any screen: its content and the two things a visitor does with it. */
export function useCart(): {
  cart: Cart;
  count: number;
  busy: boolean;
  add(pkg: InputPackage, source: SourceCode): void;
  remove(classId: number): void;
} {
  const { actors } = useRouteContext({ from: '__root__' });
  const cart = useActorSelector(actors.cart, (s) => s.context.cart);
  const busy = useActorSelector(actors.cart, (s) => s.hasTag('busy'));
  return {
    cart,
    count: cart.CLASS_LIST.length,
    busy,
    add: (pkg, source) => actors.cart.send({ type: 'cart.add', pkg, source }),
    remove: (classId) => actors.cart.send({ type: 'cart.remove', classId }),
  };
}
