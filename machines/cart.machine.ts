import { assertEvent, assign, emit, setup } from 'xstate';
import {
  buildCartItem,
  type Cart,
  type CartItemInput,
  type InputPackage,
  NEW_CART,
  type SourceCode,
} from '../src/domain/cart-item';
import { CART_MAX_ITEMS } from '../src/domain/constants';
import { unbound } from './unbound';

export interface CartContext {
  cart: Cart;
  maxItems: number;
  /** what the visitor last asked to add (kept until the next 加入購物車) */
  pending: { pkg: InputPackage; source: SourceCode } | null;
  /** the server's reason when an add, a change or a removal was refused */
  refusal: string;
}

export type CartEvent =
  | { type: 'cart.add'; pkg: InputPackage; source: SourceCode }
  | { type: 'cart.remove'; classId: number }
  /** a new amount for an item already in the cart (the shopcart's STEP1) */
  | { type: 'cart.update'; classId: number; pkg: InputPackage; source: SourceCode }
  /** the cart may have changed in another tab: read it again */
  | { type: 'cart.refresh' }
  | { type: 'cart.retry' }
  | { type: 'dialog.close' };

/** What the app hears when an item went in (docs/specification.md §4: the add_to_cart analytics event). */
export type CartEmitted = { type: 'cart.added'; item: CartItemInput; pkg: InputPackage };

export interface LoadedCart {
  cart: Cart;
  maxItems: number;
}

const CART_FULL = 'modalCartFull';
const ITEM_ERROR = 'modalCartItemError';

const refusalOf = (error: unknown): { data?: unknown; message?: unknown } =>
  typeof error === 'object' && error !== null ? (error as { data?: unknown; message?: unknown }) : {};

export const cartMachine = setup({
  types: {
    context: {} as CartContext,
    events: {} as CartEvent,
    emitted: {} as CartEmitted,
  },
  actors: {
    /** getCart (and the site's cart limit); rejects on a non-zero returnCode */
    loadCart: unbound<LoadedCart>('loadCart'),
    /** insertCart; rejects with { data: 'modalCartItemError' | 'modalCartFull', message } when refused */
    insertCartItem: unbound<string, { item: CartItemInput }>('insertCartItem'),
    removeCartItem: unbound<void, { classId: number }>('removeCartItem'),
    /** updateCartItem; rejects like insertCartItem */
    updateCartItem: unbound<string, { classId: number; item: CartItemInput }>('updateCartItem'),
  },
  guards: {
    hasRoom: ({ context }) => context.cart.CLASS_LIST.length < context.maxItems,
    hasItem: ({ context, event }) => {
      assertEvent(event, ['cart.remove', 'cart.update']);
      return context.cart.CLASS_LIST.some((c) => c.CLASS_ID === event.classId);
    },
    isCartFull: ({ event }) => refusalOf((event as { error?: unknown }).error).data === CART_FULL,
    isItemError: ({ event }) => refusalOf((event as { error?: unknown }).error).data === ITEM_ERROR,
  },
  actions: {
    storeCart: assign(({ event }) => {
      const { cart, maxItems } = (event as unknown as { output: LoadedCart }).output;
      return { cart, maxItems };
    }),
    keepPending: assign({
      pending: ({ event }) => {
        assertEvent(event, 'cart.add');
        return { pkg: event.pkg, source: event.source };
      },
    }),
    announceAdded: emit(({ context }) => {
      const { pkg, source } = context.pending!;
      return { type: 'cart.added' as const, item: buildCartItem(pkg, source, context.cart.CART_NO), pkg };
    }),
    keepRefusal: assign({
      refusal: ({ event }) => {
        const message = refusalOf((event as { error?: unknown }).error).message;
        return typeof message === 'string' ? message : '';
      },
    }),
  },
}).createMachine({
  id: 'cart',
  context: { cart: NEW_CART, maxItems: CART_MAX_ITEMS, pending: null, refusal: '' },
  initial: 'loading',
  states: {
    loading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: { target: 'ready', actions: 'storeCart' },
        onError: 'loadFailed',
      },
    },
    loadFailed: {
      description: 'getCart failed (docs/specification.md §8: no message); the cart panel offers a retry.',
      on: { 'cart.retry': 'loading' },
    },
    ready: {
      on: {
        'cart.add': [{ guard: 'hasRoom', target: 'adding', actions: 'keepPending' }, { target: 'cartFull' }],
        'cart.remove': { guard: 'hasItem', target: 'removing' },
        'cart.update': { guard: 'hasItem', target: 'updating' },
        'cart.refresh': 'reloading',
      },
    },
    adding: {
      tags: ['busy'],
      invoke: {
        id: 'insertCartItem',
        src: 'insertCartItem',
        input: ({ context }) => ({
          item: buildCartItem(context.pending!.pkg, context.pending!.source, context.cart.CART_NO),
        }),
        onDone: { target: 'reloading', actions: 'announceAdded' },
        onError: [
          { guard: 'isCartFull', target: 'cartFull' },
          { guard: 'isItemError', target: 'itemError', actions: 'keepRefusal' },
          { target: 'addFailed', actions: 'keepRefusal' },
        ],
      },
    },
    reloading: {
      tags: ['busy'],
      invoke: {
        id: 'loadCart',
        src: 'loadCart',
        onDone: { target: 'ready', actions: 'storeCart' },
        onError: 'loadFailed',
      },
    },
    removing: {
      tags: ['busy'],
      invoke: {
        id: 'removeCartItem',
        src: 'removeCartItem',
        input: ({ event }) => {
          assertEvent(event, 'cart.remove');
          return { classId: event.classId };
        },
        onDone: 'reloading',
        onError: { target: 'removeFailed', actions: 'keepRefusal' },
      },
    },
    updating: {
      tags: ['busy'],
      invoke: {
        id: 'updateCartItem',
        src: 'updateCartItem',
        input: ({ context, event }) => {
          assertEvent(event, 'cart.update');
          return {
            classId: event.classId,
            item: buildCartItem(event.pkg, event.source, context.cart.CART_NO),
          };
        },
        onDone: 'reloading',
        onError: { target: 'updateFailed', actions: 'keepRefusal' },
      },
    },
    cartFull: {
      description: 'The cart-full dialog (docs/specification.md §8).',
      on: { 'dialog.close': 'ready' },
    },
    itemError: {
      description: 'The item-error dialog (docs/specification.md §8).',
      on: { 'dialog.close': 'ready' },
    },
    addFailed: { on: { 'dialog.close': 'ready' } },
    removeFailed: { on: { 'dialog.close': 'ready' } },
    updateFailed: {
      description:
        'The new amount was refused (the item check) or the call failed; the item keeps its amount.',
      on: { 'dialog.close': 'ready' },
    },
  },
});
