import { and, assertEvent, assign, emit, or, setup } from 'xstate';
import {
  type Applicant,
  applicantSchema,
  planSchema,
  rosterSchema,
  type ShopcartPlan,
  type ShopcartValidationContext,
  type SubmittedApplication,
} from '../src/domain/api/shopcart';
import { messages } from '../src/domain/messages';
import type { RosterRow } from '../src/domain/roster';
import { failureMessage } from './failure-message';
import { unbound } from './unbound';

/** What the flow knows of the visitor's cart (forwarded from the cart actor whenever it changes). */
export interface CartFacts {
  count: number;
  /** tells two carts apart (src/domain/application-rules.ts cartSignature) */
  signature: string;
  /** join ages every product in the cart accepts; null when they do not overlap */
  ages: readonly [number, number] | null;
  needsSalary: boolean;
}

export interface ShopcartInput {
  /** the idempotency key of this application (a UUID the binding makes) */
  requestId: string;
  /** ISO date in Asia/Taipei: the 投保始期 window and ages count from it */
  today: string;
  cart: CartFacts;
}

export interface ShopcartContext extends ShopcartInput {
  plan: ShopcartPlan | null;
  applicant: Applicant | null;
  roster: RosterRow[];
  /** the cart's signature when STEP1 was last confirmed: a different one later is a changed cart */
  confirmedCart: string | null;
  /** STEP3 sent the visitor back to edit a step: confirming it returns to STEP3 */
  returning: boolean;
  /**
   * docs/specification.md §3 editSts rmind1-3: whether STEP1-3 have shown their 「購物車內容已變更」 notice since the cart
   * last changed; a change of the cart's content clears them (docs/specification.md §4 says so of an insert).
   */
  reminders: Reminders;
  /** why the server refused the last submission */
  failure: string;
  /**
   * 送出申請 went out and no answer said whether the application was stored (the network failed, or the
   * page went away while it waited): the server may hold it, and empties the cart when it does
   */
  unanswered: boolean;
  /** the server said that unanswered application was never stored: STEP1 says so */
  notReceived: boolean;
  result: SubmittedApplication | null;
}

export type FlowStep = 1 | 2 | 3;

export interface Reminders {
  rmind1: boolean;
  rmind2: boolean;
  rmind3: boolean;
}

const NO_REMINDERS: Reminders = { rmind1: false, rmind2: false, rmind3: false };

export type ShopcartEvent =
  | { type: 'cart.changed'; cart: CartFacts }
  | { type: 'plan.confirm'; plan: ShopcartPlan }
  | { type: 'applicant.confirm'; applicant: Applicant; roster: RosterRow[] }
  | { type: 'application.submit'; captcha: string }
  /** STEP3's 重新查詢: ask the server again what became of the unanswered application */
  | { type: 'application.recheck' }
  /** a step showed its 「購物車內容已變更」 notice */
  | { type: 'reminder.shown'; step: FlowStep }
  /** the URL asks for a step (browser Back or Forward, a deep link): granted as far as the data allows */
  | { type: 'flow.goto'; step: FlowStep }
  /** STEP3's edit link: the step, then back to STEP3 */
  | { type: 'flow.edit'; step: 1 | 2 }
  /** STEP4's 申請其他保障: a new application with a fresh key and day */
  | { type: 'flow.restart'; requestId: string; today: string };

export type ShopcartEmitted = { type: 'application.submitted'; application: SubmittedApplication };

/** What submitApplication sends (the body of POST shopcart/submitApplication). */
export interface SubmitInput {
  requestId: string;
  plan: ShopcartPlan;
  applicant: Applicant;
  roster: RosterRow[];
  consent: true;
  captcha: string;
}

/** The forms' rules for the cart as it is; none for an empty cart, which has no join ages. */
export const rulesOf = (context: ShopcartContext): ShopcartValidationContext | null =>
  context.cart.ages && {
    today: context.today,
    ages: context.cart.ages,
    needsSalary: context.cart.needsSalary,
  };

/** The facts tell of another cart than `held` (a repeat of the same facts is nothing new). */
export const isOtherCart = (held: CartFacts, given: CartFacts): boolean =>
  JSON.stringify(given) !== JSON.stringify(held);

/** The cart is not the one the visitor confirmed on STEP1. */
export function cartChangedSinceConfirmed(context: ShopcartContext): boolean {
  return context.confirmedCart !== null && context.confirmedCart !== context.cart.signature;
}

/** STEP1's data holds for the cart as it is now. */
function planValid(context: ShopcartContext): boolean {
  const rules = rulesOf(context);
  return rules !== null && context.plan !== null && planSchema.isValidSync(context.plan, { context: rules });
}

/** STEP2's data (and its roster) holds for the cart as it is now. */
function applicantValid(context: ShopcartContext): boolean {
  const rules = rulesOf(context);
  const { applicant } = context;
  return (
    rules !== null &&
    applicant !== null &&
    applicantSchema.isValidSync(applicant, { context: rules }) &&
    rosterSchema.isValidSync(context.roster, { context: { ...rules, startDate: applicant.startDate } })
  );
}

/** The step a URL asking for `step` shows: that one, or the furthest one before it the data allows. */
function landing(context: ShopcartContext, step: FlowStep): FlowStep {
  if (step === 3 && planValid(context) && applicantValid(context)) return 3;
  return step >= 2 && planValid(context) ? 2 : 1;
}

function fresh(input: ShopcartInput): ShopcartContext {
  return {
    ...input,
    plan: null,
    applicant: null,
    roster: [],
    confirmedCart: null,
    returning: false,
    reminders: NO_REMINDERS,
    failure: '',
    unanswered: false,
    notReceived: false,
    result: null,
  };
}

/** The failure is no answer of the server's: the network failed or a gateway answered in its place. */
const answerLost = ({ event }: { event: unknown }) => {
  const code = (event as { error?: { returnCode?: unknown } }).error?.returnCode;
  return typeof code === 'number' && (code === -1 || code >= 500);
};

/**
 * The shopcart application (ODGAF040-043): 確認投保內容 → 要保單位資料 → 確認送出 → 申請完成. The machine
 * owns the step: each step's data must be accepted (by the shared schemas, against the cart's rules) before
 * the next step can be shown, and an emptied cart sends the visitor back to STEP1.
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
    unanswered: ({ context }) => context.unanswered,
    answerLost,
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
    markUnanswered: assign({ unanswered: true }),
    markAnswered: assign({ unanswered: false }),
    markNotReceived: assign({ unanswered: false, notReceived: true }),
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
      return fresh({ requestId: event.requestId, today: event.today, cart: context.cart });
    }),
  },
}).createMachine({
  id: 'shopcart',
  context: ({ input }) => fresh(input),
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
      on: {
        'application.submit': {
          guard: 'canSubmit',
          target: 'submitting',
          actions: ['clearFailure', 'markUnanswered'],
        },
        'cart.changed': [
          // the server empties the cart as it stores an application: ask it before starting over
          {
            guard: and(['cartEmptied', 'unanswered']),
            target: 'checking',
            actions: ['keepCart', 'clearFailure'],
          },
          { guard: 'cartEmptied', target: 'cart', actions: 'keepCart' },
        ],
        // after a lost answer the application may be stored: editing it then would change nothing stored
        // (a resubmit gets the first answer), so the server is asked before STEP3 is left
        'flow.edit': [
          { guard: 'unanswered', target: 'checking', actions: 'clearFailure' },
          { guard: 'editsPlan', target: 'cart', actions: 'startReturning' },
          { target: 'details', actions: 'startReturning' },
        ],
        'flow.goto': [
          {
            guard: and(['unanswered', or(['toDetails', 'toCart'])]),
            target: 'checking',
            actions: 'clearFailure',
          },
          { guard: 'toDetails', target: 'details' },
          { guard: 'toCart', target: 'cart' },
        ],
      },
    },
    submitting: {
      // a reload while it waits lands on STEP3 knowing the application went out (src/lib/stored-flow.ts)
      meta: { step: 3, resume: 'review' },
      tags: ['busy'],
      invoke: {
        id: 'submitApplication',
        src: 'submitApplication',
        input: ({ context, event }) => {
          assertEvent(event, 'application.submit');
          return {
            requestId: context.requestId,
            plan: context.plan!,
            applicant: context.applicant!,
            roster: context.roster,
            consent: true as const,
            captcha: event.captcha,
          };
        },
        onDone: { target: 'done', actions: ['keepResult', 'announceSubmitted'] },
        onError: [
          { guard: 'answerLost', target: 'review', actions: 'keepFailure' },
          { target: 'review', actions: ['keepFailure', 'markAnswered'] },
        ],
      },
    },
    checking: {
      description: 'The application may be stored: the server is asked for the one of this requestId.',
      meta: { step: 3, resume: 'unconfirmed' },
      tags: ['busy'],
      invoke: {
        id: 'findApplication',
        src: 'findApplication',
        input: ({ context }) => ({ requestId: context.requestId }),
        onDone: { target: 'done', actions: ['keepResult', 'announceSubmitted'] },
        onError: [
          { guard: 'answerLost', target: 'unconfirmed', actions: 'keepFailure' },
          { target: 'cart', actions: 'markNotReceived' },
        ],
      },
    },
    unconfirmed: {
      description: 'No answer said whether the application was stored; the visitor asks again.',
      meta: { step: 3 },
      on: { 'application.recheck': { target: 'checking', actions: 'clearFailure' } },
    },
    done: {
      meta: { step: 4 },
      // STEP4's 申請其他保障: the only way to a second application in the tab
      on: { 'flow.restart': { target: 'cart', actions: 'restart' } },
    },
  },
});
