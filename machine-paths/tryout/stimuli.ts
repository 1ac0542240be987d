import type { EventObject } from 'xstate';
import { ok, refused } from '../../tests/support/oracle';
import type { FlowStep } from '../paths';
import type { Cover, TryoutStimulus } from './oracle';
import { SAMPLE_COVERS, SAMPLE_GROUP, SAMPLE_QUOTE, SAMPLE_TRYOUT_RESTART_TODAY } from './samples';

/** The calls of the tryout flow, compared with the oracle's on every level that has a network. */
export const TRYOUT_CALLS = ['tryout/quote'] as const;

type Payload = {
  cover?: Cover;
  group?: unknown;
  step?: 1 | 2 | 3;
  today?: string;
  output?: unknown;
  error?: { message?: string };
};

/**
 * A generated tryout step as what the visitor does and what the server answers: a confirm is the step's
 * form filled and its button, `cart.added` is 加入購物車 taken by the cart, `flow.goto` is the address bar
 * showing that step (Back, Forward, 上一步 or a deep link), `flow.restart` is 重新試算.
 */
export function tryoutStimuli(step: FlowStep): TryoutStimulus[] {
  const event = step.event as FlowStep['event'] & Payload;
  switch (event.type) {
    case 'cover.confirm':
      return [{ kind: 'confirmCover', cover: event.cover! }];
    case 'group.confirm':
      return [{ kind: 'confirmGroup', group: event.group }];
    case 'quote.retry':
      return [{ kind: 'retry' }];
    case 'cart.added':
      return [{ kind: 'added' }];
    case 'flow.goto':
      return [{ kind: 'open', step: event.step! }];
    case 'flow.restart':
      return [{ kind: 'startOver', today: event.today! }];
    case 'xstate.done.actor.quote':
      return [{ kind: 'reply', call: 'tryout/quote', reply: ok(event.output) }];
    case 'xstate.error.actor.quote':
      return [{ kind: 'reply', call: 'tryout/quote', reply: refused(null, event.error?.message ?? '') }];
    case 'xstate.init':
      return [];
    default:
      throw new Error(`no visitor action or answer stands for ${event.type}`);
  }
}

// The scenarios are written with these, on every level.
/** A visitor's or the server's event, as the scenarios write them. */
export type TryoutEvent = EventObject & Record<string, unknown>;

export const chooseCover = (name: keyof typeof SAMPLE_COVERS = 'basic'): TryoutEvent => ({
  type: 'cover.confirm',
  cover: SAMPLE_COVERS[name],
});
export const describeGroup = (group: object = SAMPLE_GROUP): TryoutEvent => ({
  type: 'group.confirm',
  group,
});
export const quoted = (output: unknown = SAMPLE_QUOTE): TryoutEvent => ({
  type: 'xstate.done.actor.quote',
  output,
});
export const quoteRefused = (message: string): TryoutEvent => ({
  type: 'xstate.error.actor.quote',
  error: { message },
});
export const retry: TryoutEvent = { type: 'quote.retry' };
export const addedToCart: TryoutEvent = { type: 'cart.added' };
export const openStep = (step: 1 | 2 | 3): TryoutEvent => ({ type: 'flow.goto', step });
export const startOver: TryoutEvent = { type: 'flow.restart', today: SAMPLE_TRYOUT_RESTART_TODAY };
