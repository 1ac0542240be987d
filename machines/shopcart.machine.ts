import { and, assertEvent, assign, emit, or, setup } from 'xstate';
import type { SubmittedApplication } from '../src/domain/api/shopcart';
import { messages } from '../src/domain/messages';
import { answerLost, failureMessage } from './failure-message';
import {
  applicantValid,
  cartChangedSinceConfirmed,
  freshContext,
  isOtherCart,
  landing,
  NO_REMINDERS,
  planValid,
  type ShopcartContext,
  type ShopcartEmitted,
  type ShopcartEvent,
  type ShopcartInput,
  type SubmitInput,
  submitInput,
} from './shopcart.context';
import { unbound } from './unbound';

/** STEP3's 送出申請, the first time or again after a lost answer (the server answers a repeat as the first). */
const submit = { guard: 'canSubmit', target: 'submitting', actions: 'clearFailure' } as const;

/**
 * The shopcart application (ODGAF040-043): 確認投保內容 → 要保單位資料 → 確認送出 → 申請完成. The machine
 * owns the step: each step's data must be accepted (by the shared schemas, against the cart's rules) before
 * the next step can be shown, and an emptied cart sends the visitor back to STEP1. STEP3 (`review`) knows
 * whether an application went out unanswered: then it may be stored, and the server is asked before STEP3
 * can be left.
 */
export const shopcartMachine = setup({
  types: {
    context: {} as ShopcartContext,
    input: {} as ShopcartInput,
    events: {} as ShopcartEvent,
    emitted: {} as ShopcartEmitted,
  },
  actors: {
    /** POST shopcart/submitApplication; rejects with { message } when refused */
    submitApplication: unbound<SubmittedApplication, SubmitInput>('submitApplication'),
    /** POST shopcart/findApplication: the application the flow's requestId made; rejects when none */
    findApplication: unbound<SubmittedApplication, { requestId: string }>('findApplication'),
  },
  guards: {
    planAccepted: ({ context, event }) => {
      assertEvent(event, 'plan.confirm');
      return planValid({ ...context, plan: event.plan });
    },
    applicantAccepted: ({ context, event }) => {
      assertEvent(event, 'applicant.confirm');
      return applicantValid({ ...context, applicant: event.applicant, roster: event.roster });
    },
    returning: ({ context }) => context.returning,
    answerLost: ({ event }) => answerLost(event),
    remindDue: ({ context, event }) => {
      assertEvent(event, 'reminder.shown');
      return cartChangedSinceConfirmed(context) && !context.reminders[`rmind${event.step}`];
    },
    applicantValid: ({ context }) => applicantValid(context),
    editsPlan: ({ event }) => {
      assertEvent(event, 'flow.edit');
      return event.step === 1;
    },
    /** the facts differ from those the flow holds (the binding forwards only changes; a repeat is nothing) */
    isOtherCart: ({ context, event }) => {
      assertEvent(event, 'cart.changed');
      return isOtherCart(context.cart, event.cart);
    },
    cartEmptied: ({ event }) => {
      assertEvent(event, 'cart.changed');
      return event.cart.count === 0;
    },
    canSubmit: ({ context, event }) => {
      assertEvent(event, 'application.submit');
      return context.cart.count > 0 && event.captcha.trim() !== '';
    },
    toCart: ({ context, event }) => {
      assertEvent(event, 'flow.goto');
      return landing(context, event.step) === 1;
    },
    toDetails: ({ context, event }) => {
      assertEvent(event, 'flow.goto');
      return landing(context, event.step) === 2;
    },
    toReview: ({ context, event }) => {
      assertEvent(event, 'flow.goto');
      return landing(context, event.step) === 3;
    },
  },
  actions: {
    keepCart: assign(({ context, event }) => {
      assertEvent(event, 'cart.changed');
      const changed = event.cart.signature !== context.cart.signature;
      return { cart: event.cart, reminders: changed ? NO_REMINDERS : context.reminders };
    }),
    markReminded: assign({
      reminders: ({ context, event }) => {
        assertEvent(event, 'reminder.shown');
        return { ...context.reminders, [`rmind${event.step}`]: true };
      },
    }),
    keepPlan: assign(({ context, event }) => {
      assertEvent(event, 'plan.confirm');
      return {
        plan: event.plan,
        confirmedCart: context.cart.signature,
        returning: false,
        notReceived: false,
      };
    }),
    keepApplicant: assign(({ event }) => {
      assertEvent(event, 'applicant.confirm');
      return { applicant: event.applicant, roster: event.roster, returning: false };
    }),
    startReturning: assign({ returning: true }),
    clearFailure: assign({ failure: '' }),
    markNotReceived: assign({ notReceived: true }),
    keepFailure: assign({ failure: ({ event }) => failureMessage(event, messages.submitFailed()) }),
    keepResult: assign({
      result: ({ event }) => (event as unknown as { output: SubmittedApplication }).output,
    }),
    announceSubmitted: emit(({ context }) => ({
      type: 'application.submitted' as const,
      application: context.result!,
    })),
    restart: assign(({ context, event }) => {
      assertEvent(event, 'flow.restart');
      return freshContext({ requestId: event.requestId, today: event.today, cart: context.cart });
    }),
  },
}).createMachine({
  id: 'shopcart',
  context: ({ input }) => freshContext(input),
  initial: 'cart',
  on: {
    'cart.changed': { guard: 'isOtherCart', actions: 'keepCart' },
    'reminder.shown': { guard: 'remindDue', actions: 'markReminded' },
  },
  states: {
    cart: {
      meta: { step: 1 },
      on: {
        'plan.confirm': [
          {
            guard: and(['planAccepted', 'returning', 'applicantValid']),
            target: 'review',
            actions: 'keepPlan',
          },
          { guard: 'planAccepted', target: 'details', actions: 'keepPlan' },
        ],
        'flow.goto': [
          { guard: 'toReview', target: 'review' },
          { guard: 'toDetails', target: 'details' },
        ],
      },
    },
    details: {
      meta: { step: 2 },
      on: {
        'applicant.confirm': { guard: 'applicantAccepted', target: 'review', actions: 'keepApplicant' },
        'cart.changed': { guard: 'cartEmptied', target: 'cart', actions: 'keepCart' },
        'flow.goto': [
          { guard: 'toReview', target: 'review' },
          { guard: 'toCart', target: 'cart' },
        ],
      },
    },
    review: {
      meta: { step: 3 },
      initial: 'answered',
      states: {
        answered: {
          description: 'Nothing went out, or the server answered what it did with it.',
          on: {
            'application.submit': submit,
            'cart.changed': { guard: 'cartEmptied', target: '#shopcart.cart', actions: 'keepCart' },
            'flow.edit': [
              { guard: 'editsPlan', target: '#shopcart.cart', actions: 'startReturning' },
              { target: '#shopcart.details', actions: 'startReturning' },
            ],
            'flow.goto': [
              { guard: 'toDetails', target: '#shopcart.details' },
              { guard: 'toCart', target: '#shopcart.cart' },
            ],
          },
        },
        submitting: {
          // a reload while it waits lands on STEP3 knowing the application went out (src/lib/stored-flow.ts)
          meta: { resume: { review: 'unanswered' } },
          tags: ['busy'],
          invoke: {
            id: 'submitApplication',
            src: 'submitApplication',
            input: ({ context, event }) => {
              assertEvent(event, 'application.submit');
              return submitInput(context, event.captcha);
            },
            onDone: { target: '#shopcart.done', actions: ['keepResult', 'announceSubmitted'] },
            onError: [
              { guard: 'answerLost', target: 'unanswered', actions: 'keepFailure' },
              { target: 'answered', actions: 'keepFailure' },
            ],
          },
        },
        unanswered: {
          // the server may hold the application, and empties the cart when it does: editing it would change
          // nothing stored, so the server is asked before STEP3 is left
          description: 'The application went out and no answer said whether it was stored.',
          on: {
            'application.submit': submit,
            'cart.changed': {
              guard: 'cartEmptied',
              target: 'checking',
              actions: ['keepCart', 'clearFailure'],
            },
            'flow.edit': { target: 'checking', actions: 'clearFailure' },
            'flow.goto': { guard: or(['toDetails', 'toCart']), target: 'checking', actions: 'clearFailure' },
          },
        },
        checking: {
          description: 'The application may be stored: the server is asked for the one of this requestId.',
          meta: { resume: { review: 'unconfirmed' } },
          tags: ['busy'],
          invoke: {
            id: 'findApplication',
            src: 'findApplication',
            input: ({ context }) => ({ requestId: context.requestId }),
            onDone: { target: '#shopcart.done', actions: ['keepResult', 'announceSubmitted'] },
            onError: [
              { guard: 'answerLost', target: 'unconfirmed', actions: 'keepFailure' },
              { target: '#shopcart.cart', actions: 'markNotReceived' },
            ],
          },
        },
        unconfirmed: {
          description: 'No answer said whether the application was stored; the visitor asks again.',
          on: { 'application.recheck': { target: 'checking', actions: 'clearFailure' } },
        },
      },
    },
    done: {
      meta: { step: 4 },
      // STEP4's 申請其他保障: the only way to a second application in the tab
      on: { 'flow.restart': { target: 'cart', actions: 'restart' } },
    },
  },
});
