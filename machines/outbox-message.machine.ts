import { assertEvent, setup, transition } from 'xstate';
import { OUTBOX_STATE_LABELS, type OutboxState, retryWaitMs } from '../src/domain/outbox';

export type OutboxMessageEvent =
  /** a delivery worker takes the message (its lease begins) */
  | { type: 'delivery.take' }
  /** the mail server accepted it */
  | { type: 'delivery.accept' }
  /**
   * the try failed: which try it was (1-based), the mail server's answer, and whether the server refused it
   * for good (a 5xx answer, an address it does not take) rather than for now (4xx, unreachable, timed out)
   */
  | { type: 'delivery.fail'; attempt: number; answer: string; permanent: boolean }
  /** the worker that took it stopped answering: its lease ran out before it said how the try went */
  | { type: 'lease.expire' }
  /** 重新寄送: staff send a failed message again */
  | { type: 'message.resend' };

/**
 * An e-mail of the transactional outbox (issue 36): waiting → sending → sent; a try that fails for now
 * waits again (longer after each try, src/domain/outbox.ts), one refused for good or the last try is
 * failed, keeping the mail server's answer; 重新寄送 makes a failed message wait again. A worker killed while
 * sending leaves it to be taken again when its lease runs out, never lost.
 *
 * The machine is the one authority on the message's state: the server restores it at the stored state and
 * writes a change only if it takes it ({@link nextOutboxState}).
 */
export const outboxMessageMachine = setup({
  types: {
    events: {} as OutboxMessageEvent,
  },
  guards: {
    canRetry: ({ event }) => {
      assertEvent(event, 'delivery.fail');
      return !event.permanent && retryWaitMs(event.attempt) !== null;
    },
  },
}).createMachine({
  id: 'outbox-message',
  initial: 'waiting',
  states: {
    waiting: {
      description: 'Written with the change it tells of; taken once its next try is due.',
      meta: { state: OUTBOX_STATE_LABELS.waiting },
      on: { 'delivery.take': { target: 'sending' } },
    },
    sending: {
      description: 'Held by one worker under a lease while it talks to the mail server.',
      meta: { state: OUTBOX_STATE_LABELS.sending },
      on: {
        'delivery.accept': { target: 'sent' },
        'delivery.fail': [{ guard: 'canRetry', target: 'waiting' }, { target: 'failed' }],
        'lease.expire': { target: 'waiting' },
      },
    },
    sent: {
      description: 'The mail server accepted it. Nothing follows.',
      meta: { state: OUTBOX_STATE_LABELS.sent },
      type: 'final',
    },
    failed: {
      description: 'Refused for good, or the last try failed: the mail server’s answer is kept.',
      meta: { state: OUTBOX_STATE_LABELS.failed },
      on: { 'message.resend': { target: 'waiting' } },
    },
  },
});

/**
 * Where a message in `state` goes on `event`, or null when the machine refuses it there: the machine
 * restored at that state and asked.
 */
export function nextOutboxState(state: OutboxState, event: OutboxMessageEvent): OutboxState | null {
  const snapshot = outboxMessageMachine.resolveState({ value: state, context: undefined as never });
  if (!snapshot.can(event)) return null;
  const [next] = transition(outboxMessageMachine, snapshot, event);
  return next.value as OutboxState;
}
