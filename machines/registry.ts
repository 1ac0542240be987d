import type { AnyStateMachine } from 'xstate';
import { type CartContext, cartMachine } from './cart.machine';
import { consentMachine } from './consent.machine';
import { SAMPLE_CART_CAP, SAMPLE_EMPTY_CART, SAMPLE_FULL_CART, SAMPLE_PACKAGE } from './samples/cart.samples';
import { sessionMachine } from './session.machine';

/** A machine with the payload cases its generated paths use: one per guard branch, done and error. */
export interface RegisteredMachine {
  id: string;
  title: string;
  machine: AnyStateMachine;
  events: ReadonlyArray<{ type: string; [key: string]: unknown }>;
  input?: unknown;
  /** what of the context tells states apart for path generation (default: all of it) */
  serializeContext?: (context: never) => unknown;
}

export const machines: RegisteredMachine[] = [
  {
    id: 'consent',
    title: 'Cookie 同意',
    machine: consentMachine,
    events: [
      { type: 'xstate.done.actor.readConsent', output: true },
      { type: 'xstate.done.actor.readConsent', output: false },
      { type: 'xstate.done.actor.storeConsent', output: undefined },
      { type: 'xstate.error.actor.storeConsent', error: { message: 'cookie blocked' } },
      { type: 'consent.accept' },
    ],
  },
  {
    id: 'cart',
    title: '購物車',
    machine: cartMachine,
    serializeContext: (context: CartContext) => ({
      items: context.cart.CLASS_LIST.length,
      maxItems: context.maxItems,
    }),
    events: [
      { type: 'xstate.done.actor.loadCart', output: { cart: SAMPLE_EMPTY_CART, maxItems: SAMPLE_CART_CAP } },
      { type: 'xstate.done.actor.loadCart', output: { cart: SAMPLE_FULL_CART, maxItems: SAMPLE_CART_CAP } },
      { type: 'xstate.error.actor.loadCart', error: { message: '' } },
      { type: 'cart.add', pkg: SAMPLE_PACKAGE, source: 'PKG' },
      { type: 'xstate.done.actor.insertCartItem', output: 'C0000000000000000000A' },
      { type: 'xstate.error.actor.insertCartItem', error: { data: 'modalCartFull', message: '購物車已滿' } },
      {
        type: 'xstate.error.actor.insertCartItem',
        error: { data: 'modalCartItemError', message: '此保障已在購物車中' },
      },
      { type: 'xstate.error.actor.insertCartItem', error: { data: null, message: '系統忙碌中，請稍後再試' } },
      { type: 'cart.remove', classId: 1 },
      { type: 'xstate.done.actor.removeCartItem', output: undefined },
      { type: 'xstate.error.actor.removeCartItem', error: { data: null, message: '請先移除附加保障' } },
      { type: 'cart.retry' },
      { type: 'dialog.close' },
    ],
  },
  {
    id: 'session',
    title: '工作階段',
    machine: sessionMachine,
    events: [
      {
        type: 'xstate.done.actor.startSession',
        output: { remindSeconds: 1440, endSeconds: 1740, elapsedSeconds: 0 },
      },
      { type: 'xstate.error.actor.startSession', error: { message: '' } },
      { type: 'xstate.done.actor.endSession', output: undefined },
      { type: 'xstate.error.actor.endSession', error: { message: '' } },
      { type: 'session.activity' },
      { type: 'session.continue' },
      { type: 'session.restart' },
    ],
  },
];
