import {
  type Applicant,
  applicantSchema,
  planSchema,
  rosterSchema,
  type ShopcartPlan,
  type ShopcartValidationContext,
  type SubmittedApplication,
} from '../src/domain/api/shopcart';
import type { RosterRow } from '../src/domain/roster';

// The shopcart flow's context and events, and the rules that read them (machines/shopcart.machine.ts).

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
  /**
   * STEP3 sent the visitor back to edit a step: confirming it returns to STEP3. It holds across Back and
   * Forward until a step is confirmed, so it is data, not a state.
   */
  returning: boolean;
  /**
   * docs/specification.md §3 editSts rmind1-3: whether STEP1-3 have shown their 「購物車內容已變更」 notice since the cart
   * last changed; a change of the cart's content clears them (docs/specification.md §4 says so of an insert).
   */
  reminders: Reminders;
  /** why the server refused the last submission */
  failure: string;
  /**
   * the server said the application whose answer was lost was never stored: STEP1 says so until it is
   * confirmed again, across Back and Forward
   */
  notReceived: boolean;
  result: SubmittedApplication | null;
}

export type FlowStep = 1 | 2 | 3;

export interface Reminders {
  rmind1: boolean;
  rmind2: boolean;
  rmind3: boolean;
}

export const NO_REMINDERS: Reminders = { rmind1: false, rmind2: false, rmind3: false };

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

/** The application STEP3 sends, as its steps accepted it. */
export const submitInput = (context: ShopcartContext, captcha: string): SubmitInput => ({
  requestId: context.requestId,
  plan: context.plan!,
  applicant: context.applicant!,
  roster: context.roster,
  consent: true,
  captcha,
});

export function freshContext(input: ShopcartInput): ShopcartContext {
  return {
    ...input,
    plan: null,
    applicant: null,
    roster: [],
    confirmedCart: null,
    returning: false,
    reminders: NO_REMINDERS,
    failure: '',
    notReceived: false,
    result: null,
  };
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
export function planValid(context: ShopcartContext): boolean {
  const rules = rulesOf(context);
  return rules !== null && context.plan !== null && planSchema.isValidSync(context.plan, { context: rules });
}

/** STEP2's data (and its roster) holds for the cart as it is now. */
export function applicantValid(context: ShopcartContext): boolean {
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
export function landing(context: ShopcartContext, step: FlowStep): FlowStep {
  if (step === 3 && planValid(context) && applicantValid(context)) return 3;
  return step >= 2 && planValid(context) ? 2 : 1;
}
