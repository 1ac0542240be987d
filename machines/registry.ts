import type { AnyStateMachine } from 'xstate';
import { consentMachine } from './consent.machine';

/** A machine with the payload cases its generated paths use: one per guard branch, done and error. */
export interface RegisteredMachine {
  id: string;
  title: string;
  machine: AnyStateMachine;
  events: ReadonlyArray<{ type: string; [key: string]: unknown }>;
  input?: unknown;
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
];
