import { assign, setup, transition } from 'xstate';
import {
  EMAIL_CODE_MAX_FAILURES,
  EMAIL_CODE_STATE_LABELS,
  type EmailCodeState,
} from '../src/domain/email-code';

export interface EmailCodeContext {
  /** wrong codes typed against this one so far */
  failures: number;
}

export type EmailCodeEvent =
  /** the person typed this code */
  | { type: 'code.match' }
  /** the person typed another code */
  | { type: 'code.mismatch' }
  /** its time ran out before it was used */
  | { type: 'code.expire' }
  /** a new code was sent for the same purpose and person: only the newest one counts */
  | { type: 'code.supersede' }
  /** what it was for was given up (a new notice address emptied before its code was typed) */
  | { type: 'code.withdraw' };

/**
 * A code sent by e-mail (issue 45): six digits that prove the person typing them reads that mailbox (the
 * applicant's, before the 名冊 prints with its full ID numbers; a staff member's new notice address). It
 * is kept hashed, works once, for 10 minutes, and the fifth wrong code voids it; a new code for the same
 * purpose replaces it; giving up what it was for withdraws it.
 *
 * The machine is the one authority on a code's state: the server restores it at the stored state and writes
 * a change only if it takes it ({@link nextEmailCodeState}).
 */
export const emailCodeMachine = setup({
  types: {
    context: {} as EmailCodeContext,
    events: {} as EmailCodeEvent,
  },
  guards: {
    hasTriesLeft: ({ context }) => context.failures + 1 < EMAIL_CODE_MAX_FAILURES,
  },
  actions: {
    countFailure: assign({ failures: ({ context }) => context.failures + 1 }),
  },
}).createMachine({
  id: 'email-code',
  context: { failures: 0 },
  initial: 'issued',
  states: {
    issued: {
      description: 'Sent, kept hashed, waiting to be typed.',
      meta: { state: EMAIL_CODE_STATE_LABELS.issued },
      on: {
        'code.match': { target: 'used' },
        'code.mismatch': [
          { guard: 'hasTriesLeft', target: 'issued', actions: 'countFailure' },
          { target: 'voided', actions: 'countFailure' },
        ],
        'code.expire': { target: 'expired' },
        'code.supersede': { target: 'superseded' },
        'code.withdraw': { target: 'withdrawn' },
      },
    },
    used: {
      description: 'Typed right once: what it opened is open; it opens nothing again.',
      meta: { state: EMAIL_CODE_STATE_LABELS.used },
      type: 'final',
    },
    voided: {
      description: 'Too many wrong codes: a new one must be sent.',
      meta: { state: EMAIL_CODE_STATE_LABELS.voided },
      type: 'final',
    },
    expired: {
      description: 'Its time ran out before it was used.',
      meta: { state: EMAIL_CODE_STATE_LABELS.expired },
      type: 'final',
    },
    superseded: {
      description: 'A newer code was sent for the same purpose and person.',
      meta: { state: EMAIL_CODE_STATE_LABELS.superseded },
      type: 'final',
    },
    withdrawn: {
      description: 'What it was for was given up before it was typed.',
      meta: { state: EMAIL_CODE_STATE_LABELS.withdrawn },
      type: 'final',
    },
  },
});

/**
 * Where a code in `state`, after `failures` wrong tries, goes on `event`, or null when the machine refuses
 * it there: the machine restored at that state and asked.
 */
export function nextEmailCodeState(
  state: EmailCodeState,
  failures: number,
  event: EmailCodeEvent,
): { state: EmailCodeState; failures: number } | null {
  const snapshot = emailCodeMachine.resolveState({ value: state, context: { failures } });
  if (!snapshot.can(event)) return null;
  const [next] = transition(emailCodeMachine, snapshot, event);
  return { state: next.value as EmailCodeState, failures: next.context.failures };
}
