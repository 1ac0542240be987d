import { assertEvent, assign, setup } from 'xstate';
import { type ContactMessage, type ContactReceipt, contactMessageSchema } from '../src/domain/api/contact';
import { messages } from '../src/domain/messages';
import { failureMessage } from './failure-message';
import { unbound } from './unbound';

export interface ContactContext {
  /** the message's idempotency key: a retry after a lost answer is the same message, not a second one */
  requestId: string;
  /** what was sent last; kept so the done view can say what staff will answer and where */
  message: ContactMessage | null;
  receipt: ContactReceipt | null;
  /** why the last try was refused, as the server worded it */
  failure: string;
}

export type ContactEvent =
  /** 送出: the form's values (already checked on the page) and the solved captcha */
  | { type: 'contact.submit'; message: ContactMessage; captcha: string }
  /** 再留一則訊息: a new message with a new key */
  | { type: 'contact.restart'; requestId: string };

/** What the submit actor is given: POST contact/submit's body. */
export interface SubmitContactInput {
  requestId: string;
  message: ContactMessage;
  captcha: string;
}

const fresh = (requestId: string): ContactContext => ({
  requestId,
  message: null,
  receipt: null,
  failure: '',
});

/**
 * The contact form (聯絡我們, ODGAF080): editing → submitting → sent, or failed, from where the visitor sends
 * again (a new captcha; the same request id, so a message the server did store is not stored twice).
 */
export const contactMachine = setup({
  types: {
    context: {} as ContactContext,
    events: {} as ContactEvent,
    input: {} as { requestId: string },
  },
  actors: {
    /** POST contact/submit; rejects with { message } when refused */
    submitContact: unbound<ContactReceipt, SubmitContactInput>('submitContact'),
  },
  guards: {
    sendable: ({ event }) => {
      assertEvent(event, 'contact.submit');
      return event.captcha !== '' && contactMessageSchema.isValidSync(event.message);
    },
  },
  actions: {
    keepMessage: assign(({ event }) => {
      assertEvent(event, 'contact.submit');
      return { message: event.message, failure: '' };
    }),
    keepReceipt: assign({
      receipt: ({ event }) => (event as unknown as { output: ContactReceipt }).output,
    }),
    keepFailure: assign({ failure: ({ event }) => failureMessage(event, messages.busy()) }),
    restart: assign(({ event }) => {
      assertEvent(event, 'contact.restart');
      return fresh(event.requestId);
    }),
  },
}).createMachine({
  id: 'contact',
  context: ({ input }) => fresh(input.requestId),
  initial: 'editing',
  states: {
    editing: {
      on: { 'contact.submit': { guard: 'sendable', target: 'submitting', actions: 'keepMessage' } },
    },
    submitting: {
      tags: ['busy'],
      invoke: {
        id: 'submitContact',
        src: 'submitContact',
        input: ({ context, event }) => {
          assertEvent(event, 'contact.submit');
          return { requestId: context.requestId, message: event.message, captcha: event.captcha };
        },
        onDone: { target: 'sent', actions: 'keepReceipt' },
        onError: { target: 'failed', actions: 'keepFailure' },
      },
    },
    failed: {
      description: 'The form keeps what was typed and says why; sending again asks for a new captcha.',
      on: { 'contact.submit': { guard: 'sendable', target: 'submitting', actions: 'keepMessage' } },
    },
    sent: {
      description: 'The 案件編號 and the day staff answer by; the form is gone until a new message.',
      on: { 'contact.restart': { target: 'editing', actions: 'restart' } },
    },
  },
});
