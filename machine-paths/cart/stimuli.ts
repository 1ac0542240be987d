import type { InputPackage } from '../../src/domain/cart-item';
import { ok, refused } from '../../tests/support/oracle';
import type { FlowStep } from '../paths';
import type { CartCall, CartStimulus } from './oracle';

/** The calls of the cart flow, compared with the oracle's on every level that has a network. */
export const CART_CALLS: readonly CartCall[] = [
  'getCart',
  'getExtraSetup',
  'insertCart',
  'deleteCartItem',
  'updateCartItem',
];

/**
 * What the visitor picks in an item's chooser for a one-line package: the multiple a salary line's title
 * carries (its AMOUNT is 0), otherwise the amount.
 */
export function choiceOf(pkg: InputPackage): number {
  const line = pkg.PROD_LIST[0]!;
  if (line.SPC_RATE_MARK !== 4) return line.AMOUNT;
  const multiple = /× (\d+)）$/.exec(pkg.PACK_NAME)?.[1];
  if (multiple === undefined) throw new Error(`no multiple in「${pkg.PACK_NAME}」`);
  return Number(multiple);
}

type Payload = {
  output?: { cart?: unknown; maxItems?: number };
  error?: { data?: unknown; message?: string };
};

/**
 * A generated cart step as what the visitor does and what the server answers. `pkg` is the package the
 * visitor's page offers; a new amount is the path's own package, which the page offers when its cells
 * catalogue is the one the path's cart was picked from. The site's settings come once a page, with the
 * first cart load.
 */
export function cartStimuli(pkg: InputPackage) {
  return (step: FlowStep, index: number, steps: readonly FlowStep[]): CartStimulus[] => {
    const event = step.event as FlowStep['event'] & Payload & { classId?: number; pkg?: InputPackage };
    const firstLoad = !steps.slice(1, index).some((s) => s.event.type.endsWith('.loadCart'));
    const limit = steps.map((s) => (s.event as Payload).output?.maxItems).find((m) => m !== undefined);
    const settings: CartStimulus[] = firstLoad
      ? [{ kind: 'reply', call: 'getExtraSetup', reply: ok({ cartMaxItems: limit ?? 5 }) }]
      : [];
    const refusal = (call: CartCall): CartStimulus => ({
      kind: 'reply',
      call,
      reply: refused(event.error?.data ?? null, event.error?.message ?? ''),
    });
    switch (event.type) {
      case 'xstate.done.actor.loadCart':
        return [...settings, { kind: 'reply', call: 'getCart', reply: ok(event.output?.cart) }];
      case 'xstate.error.actor.loadCart':
        return [...settings, refusal('getCart')];
      case 'cart.add':
        return [{ kind: 'add', pkg }];
      case 'xstate.done.actor.insertCartItem':
        return [{ kind: 'reply', call: 'insertCart', reply: ok(event.output) }];
      case 'xstate.error.actor.insertCartItem':
        return [refusal('insertCart')];
      case 'cart.remove':
        return [{ kind: 'remove', classId: event.classId! }];
      case 'xstate.done.actor.removeCartItem':
        return [{ kind: 'reply', call: 'deleteCartItem', reply: ok(null) }];
      case 'xstate.error.actor.removeCartItem':
        return [refusal('deleteCartItem')];
      case 'cart.update':
        // the visitor picks the package's amount in the item's chooser on the shopcart's STEP1
        return [{ kind: 'update', classId: event.classId!, pkg: event.pkg! }];
      case 'xstate.done.actor.updateCartItem':
        return [{ kind: 'reply', call: 'updateCartItem', reply: ok(event.output) }];
      case 'xstate.error.actor.updateCartItem':
        return [refusal('updateCartItem')];
      case 'cart.refresh':
        // the visitor comes back to the tab
        return [{ kind: 'refresh' }];
      case 'cart.retry':
        return [{ kind: 'retry' }];
      case 'dialog.close':
        return [{ kind: 'closeDialog' }];
      case 'xstate.init':
        return [];
      default:
        throw new Error(`no visitor action or answer stands for ${event.type}`);
    }
  };
}
