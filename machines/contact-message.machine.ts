import { assertEvent, setup, transition } from 'xstate';
import { contactReplyTextSchema, staffNameSchema } from '../src/domain/api/contact-inbox';
import { CONTACT_STATUS_LABELS, type ContactStatus } from '../src/domain/contact-status';

export type ContactMessageEvent =
  /** 指派給我: the service person who takes the message */
  | { type: 'message.assign'; staff: string }
  /** 回覆: the reply's text, kept with the message and e-mailed to its sender */
  | { type: 'message.reply'; text: string }
  /** 結案 */
  | { type: 'message.close' }
  /** 重新處理: the sender wrote back after the reply, or the reply was not enough */
  | { type: 'message.reopen' };

/**
 * A contact message in the back office's inbox (聯絡訊息, issue 35): new → 處理中 (assigned to the person who
 * took it) → 已回覆 → 已結案. A reply needs its text; a replied message may go back to 處理中 for more work;
 * 已結案 is the end. Internal notes are no move: they may be added at any status. A new message from the same
 * sender is a message of its own, and reopens nothing.
 *
 * The machine is the one authority on moves: the server restores it at a message's stored status and
 * accepts a move only if it takes it ({@link nextContactStatus}).
 */
export const contactMessageMachine = setup({
  types: {
    events: {} as ContactMessageEvent,
  },
  guards: {
    hasStaff: ({ event }) => {
      assertEvent(event, 'message.assign');
      return staffNameSchema.isValidSync(event.staff);
    },
    hasReplyText: ({ event }) => {
      assertEvent(event, 'message.reply');
      return contactReplyTextSchema.isValidSync(event.text);
    },
  },
}).createMachine({
  id: 'contact-message',
  initial: 'new',
  states: {
    new: {
      description: 'Stored from the contact form; no one has taken it yet.',
      meta: { status: CONTACT_STATUS_LABELS.new },
      on: { 'message.assign': { guard: 'hasStaff', target: 'handling' } },
    },
    handling: {
      description: 'A service person has taken it: notes, then a reply.',
      meta: { status: CONTACT_STATUS_LABELS.handling },
      on: {
        'message.reply': { guard: 'hasReplyText', target: 'replied' },
        'message.close': { target: 'closed' },
      },
    },
    replied: {
      description: 'The reply is kept and e-mailed to the sender through the outbox.',
      meta: { status: CONTACT_STATUS_LABELS.replied },
      on: {
        'message.reopen': { target: 'handling' },
        'message.close': { target: 'closed' },
      },
    },
    closed: {
      description: 'Nothing more to do: no move leaves it; notes may still be added.',
      meta: { status: CONTACT_STATUS_LABELS.closed },
    },
  },
});

/**
 * Where a message at `status` goes on `event`, or null when the machine refuses the move there: the
 * machine restored at that status and asked.
 */
export function nextContactStatus(status: ContactStatus, event: ContactMessageEvent): ContactStatus | null {
  const snapshot = contactMessageMachine.resolveState({ value: status, context: undefined as never });
  if (!snapshot.can(event)) return null;
  const [next] = transition(contactMessageMachine, snapshot, event);
  return next.value as ContactStatus;
}

/** The events the machine takes from `status` (their guards aside): the moves a screen offers there. */
export function contactEventsFrom(status: ContactStatus): ContactMessageEvent['type'][] {
  return contactMessageMachine.states[status]!.ownEvents as ContactMessageEvent['type'][];
}
