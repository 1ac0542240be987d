import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate';
import type { cartMachine } from '../machines/cart.machine';
import type { consentMachine } from '../machines/consent.machine';
import type { sessionMachine } from '../machines/session.machine';
import { liveCartMachine } from './features/cart/cart-actors';
import { liveConsentMachine } from './features/consent/consent-actors';
import { liveSessionMachine } from './features/session/session-actors';

/** The long-lived actors that start once with the app (docs/design.md "Flows are machines"). */
export interface AppActors {
  consent: Actor<typeof consentMachine>;
  cart: Actor<typeof cartMachine>;
  session: Actor<typeof sessionMachine>;
}

export interface AppLogic {
  consent: typeof consentMachine;
  cart: typeof cartMachine;
  session: typeof sessionMachine;
  /** a test may pass xstate's SimulatedClock */
  clock?: ActorOptions<AnyActorLogic>['clock'];
  /** sees what the actors do from their start (main.tsx keeps it for the transition trace) */
  inspect?: ActorOptions<AnyActorLogic>['inspect'];
}

const LIVE: AppLogic = { consent: liveConsentMachine, cart: liveCartMachine, session: liveSessionMachine };

/** Starts the app's actors: the live ones unless a test passes machines bound to fakes, or a clock. */
export function startAppActors(given: Partial<AppLogic> = {}): AppActors {
  const logic = { ...LIVE, ...given };
  // an undefined inspect is no inspector, but an undefined clock would replace xstate's own
  const options = { ...(logic.clock ? { clock: logic.clock } : {}), inspect: logic.inspect };
  // the add_to_cart analytics event is sent by the pages that add to the cart (lib/use-cart.ts)
  return {
    consent: createActor(logic.consent, options).start(),
    cart: createActor(logic.cart, options).start(),
    session: createActor(logic.session, options).start(),
  };
}
