import { fromPromise } from 'xstate';
import { cartMachine } from '../../../machines/cart.machine';
import type { Cart } from '../../domain/cart-item';
import { apiPost } from '../../lib/api-client';
import { loadSiteSettings } from '../../lib/site-settings-api';

/** The cart machine bound to the cart service (docs/specification.md §7). A refused insert rejects with ApiFailure (data, message). */
export const liveCartMachine = cartMachine.provide({
  actors: {
    loadCart: fromPromise(async () => {
      const [cart, settings] = await Promise.all([apiPost<Cart>('DTODGAZ0/getCart', {}), loadSiteSettings()]);
      return { cart, maxItems: settings.cartMaxItems };
    }),
    insertCartItem: fromPromise(({ input }) =>
      apiPost<string>('DTODGAZ0/insertCart', input.item, { overlay: true }),
    ),
    updateCartItem: fromPromise(({ input }) =>
      apiPost<string>(
        'DTODGAZ0/updateCartItem',
        { ...input.item, CLASS_ID: input.classId },
        { overlay: true },
      ),
    ),
    removeCartItem: fromPromise(async ({ input }) => {
      await apiPost('DTODGAZ0/deleteCartItem', { CLASS_ID: input.classId }, { overlay: true });
    }),
  },
});
