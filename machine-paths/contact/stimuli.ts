import type { EventObject } from 'xstate';
import { ok, refused } from '../../tests/support/oracle';
import type { FlowStep } from '../paths';
import type { ContactStimulus } from './oracle';
import {
  SAMPLE_CONTACT_CAPTCHA,
  SAMPLE_CONTACT_MESSAGE,
  SAMPLE_CONTACT_RECEIPT,
  SAMPLE_CONTACT_RESTART_REQUEST_ID,
} from './samples';

/** The contact form's call, compared with the oracle's on every level that has a network. */
export const CONTACT_CALLS = ['contact/submit'] as const;

type Payload = {
  message?: unknown;
  captcha?: string;
  requestId?: string;
  output?: unknown;
  error?: { message?: string };
};

/** A generated contact step as what the visitor does and what the server answers. */
export function contactStimuli(step: FlowStep): ContactStimulus[] {
  const event = step.event as FlowStep['event'] & Payload;
  switch (event.type) {
    case 'contact.submit':
      return [{ kind: 'send', message: event.message, captcha: event.captcha! }];
    case 'contact.restart':
      return [{ kind: 'writeAgain', requestId: event.requestId! }];
    case 'xstate.done.actor.submitContact':
      return [{ kind: 'reply', call: 'contact/submit', reply: ok(event.output) }];
    case 'xstate.error.actor.submitContact':
      return [
        { kind: 'reply', call: 'contact/submit', reply: refused(null, event.error?.message ?? '', 400) },
      ];
    case 'xstate.init':
      return [];
    default:
      throw new Error(`no visitor action or answer stands for ${event.type}`);
  }
}

// The scenarios are written with these, on every level.
export type ContactEvent = EventObject & Record<string, unknown>;

export const send = (
  message: object = SAMPLE_CONTACT_MESSAGE,
  captcha = SAMPLE_CONTACT_CAPTCHA,
): ContactEvent => ({
  type: 'contact.submit',
  message,
  captcha,
});
export const received = (output: unknown = SAMPLE_CONTACT_RECEIPT): ContactEvent => ({
  type: 'xstate.done.actor.submitContact',
  output,
});
export const refusedWith = (message: string): ContactEvent => ({
  type: 'xstate.error.actor.submitContact',
  error: { message },
});
export const writeAgain = (requestId = SAMPLE_CONTACT_RESTART_REQUEST_ID): ContactEvent => ({
  type: 'contact.restart',
  requestId,
});
