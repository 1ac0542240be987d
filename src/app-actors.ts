import { type Actor, type ActorOptions, type AnyActorLogic, createActor } from 'xstate';
import type { consentMachine } from '../machines/consent.machine';
import { liveConsentMachine } from './features/consent/consent-actors';

/** The long-lived actors that start once with the app (DESIGN "Flows are machines"). */
export interface AppActors {
  consent: Actor<typeof consentMachine>;
}

export interface AppLogic {
  consent: typeof consentMachine;
  /** a test may pass xstate's SimulatedClock */
  clock?: ActorOptions<AnyActorLogic>['clock'];
}

/** Starts the app's actors; tests pass machines bound to fakes, the app the live ones. */
export function startAppActors(logic: AppLogic = { consent: liveConsentMachine }): AppActors {
  const options = logic.clock ? { clock: logic.clock } : {};
  return { consent: createActor(logic.consent, options).start() };
}
