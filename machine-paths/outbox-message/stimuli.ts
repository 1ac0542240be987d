import type { EventObject } from 'xstate';
import type { FlowStep } from '../paths';
import type { OutboxMessageStimulus } from './oracle';
import { SAMPLE_BUSY_ANSWER, SAMPLE_FIRST_ATTEMPT, SAMPLE_REFUSED_ANSWER } from './samples';

/** A generated outbox step as what a worker, the mail server or staff do. */
export function outboxMessageStimuli(step: FlowStep): OutboxMessageStimulus[] {
  const event = step.event as FlowStep['event'] & { attempt?: number; answer?: string; permanent?: boolean };
  switch (event.type) {
    case 'delivery.take':
      return [{ kind: 'take' }];
    case 'delivery.accept':
      return [{ kind: 'accept' }];
    case 'delivery.fail':
      return [{ kind: 'fail', attempt: event.attempt!, answer: event.answer!, permanent: event.permanent! }];
    case 'lease.expire':
      return [{ kind: 'leaseExpire' }];
    case 'message.resend':
      return [{ kind: 'resend' }];
    case 'xstate.init':
      return [];
    default:
      throw new Error(`nothing a worker or staff do stands for ${event.type}`);
  }
}

// The scenarios are written with these.
export type OutboxMessageEvent = EventObject & Record<string, unknown>;

export const take = (): OutboxMessageEvent => ({ type: 'delivery.take' });
export const accept = (): OutboxMessageEvent => ({ type: 'delivery.accept' });
export const failForNow = (attempt = SAMPLE_FIRST_ATTEMPT): OutboxMessageEvent => ({
  type: 'delivery.fail',
  attempt,
  answer: SAMPLE_BUSY_ANSWER,
  permanent: false,
});
export const refuse = (attempt = SAMPLE_FIRST_ATTEMPT): OutboxMessageEvent => ({
  type: 'delivery.fail',
  attempt,
  answer: SAMPLE_REFUSED_ANSWER,
  permanent: true,
});
export const leaseExpire = (): OutboxMessageEvent => ({ type: 'lease.expire' });
export const resend = (): OutboxMessageEvent => ({ type: 'message.resend' });
