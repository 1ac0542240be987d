import { ok } from '../../tests/support/oracle';
import type { FlowStep } from '../paths';
import type { ConsentStimulus } from './oracle';

export const CONSENT_CALLS = ['consent/accept'] as const;

/** Whether the visitor of a path accepted before: the cookie is there when the page opens. */
export const acceptedBefore = (steps: readonly FlowStep[]) =>
  steps.some((s) => s.event.type === 'xstate.done.actor.readConsent' && s.event.output === true);

/**
 * A generated consent step as the browser's cookie setting, 同意, or the server's answer. Reading the
 * cookie is no event of the visitor's: it is how the page opens. The browser refuses the cookie exactly
 * when the path says storing it fails.
 */
export function consentStimuli(step: FlowStep, index: number, steps: readonly FlowStep[]): ConsentStimulus[] {
  switch (step.event.type) {
    case 'consent.accept':
      return [
        { kind: 'cookies', blocked: steps[index + 1]?.event.type === 'xstate.error.actor.storeConsent' },
        { kind: 'accept' },
      ];
    case 'xstate.done.actor.storeConsent':
      return [{ kind: 'reply', call: 'consent/accept', reply: ok(null) }];
    case 'xstate.init':
    case 'xstate.done.actor.readConsent':
    case 'xstate.error.actor.storeConsent':
      return [];
    default:
      throw new Error(`no visitor action or answer stands for ${step.event.type}`);
  }
}
