import type { EventObject } from 'xstate';
import type { ShopcartInput } from '../../machines/shopcart.context';
import { ok, refused } from '../../tests/support/oracle';
import type { FlowStep } from '../paths';
import type { ShopcartStart, ShopcartStimulus } from './oracle';
import {
  SAMPLE_APPLICANT,
  SAMPLE_CAPTCHA,
  SAMPLE_CART_FACTS,
  SAMPLE_PLAN,
  SAMPLE_RESTART_REQUEST_ID,
  SAMPLE_RESTART_TODAY,
  SAMPLE_ROSTER,
  SAMPLE_SUBMITTED,
  sampleCartOf,
} from './samples';

/** The calls of the shopcart flow, compared with the oracle's on every level that has a network. */
export const SHOPCART_CALLS = ['shopcart/submitApplication', 'shopcart/findApplication'] as const;

/** Where the oracle starts for a machine's input: the sample cart whose facts the input holds. */
export const shopcartStart = (input: ShopcartInput): ShopcartStart => ({
  requestId: input.requestId,
  today: input.today,
  cart: sampleCartOf(input.cart),
});

type Payload = {
  cart?: Parameters<typeof sampleCartOf>[0];
  plan?: unknown;
  applicant?: unknown;
  roster?: unknown[];
  captcha?: string;
  step?: 1 | 2 | 3;
  requestId?: string;
  today?: string;
  output?: unknown;
  error?: { message?: string; returnCode?: number };
};

/**
 * A generated shopcart step as what the visitor does and what the server answers: a `cart.changed` is
 * the cart panel holding the sample cart of those facts, a confirm is the step's form filled and 下一步,
 * `application.submit` is the consent ticked, the captcha solved (left unsolved for '') and 送出申請,
 * `flow.goto` is the address bar showing that step (Back, Forward, 上一步 or a deep link), `flow.edit`
 * is STEP3's 修改, `flow.restart` is 申請其他保障. `reminder.shown` is nothing the visitor does: the step
 * marks its notice shown as it shows it.
 */
export function shopcartStimuli(step: FlowStep): ShopcartStimulus[] {
  const event = step.event as FlowStep['event'] & Payload;
  switch (event.type) {
    case 'cart.changed':
      return [{ kind: 'cart', cart: sampleCartOf(event.cart!) }];
    case 'plan.confirm':
      return [{ kind: 'confirmPlan', plan: event.plan }];
    case 'applicant.confirm':
      return [{ kind: 'confirmApplicant', applicant: event.applicant, roster: event.roster! }];
    case 'application.submit':
      return [{ kind: 'submit', captcha: event.captcha! }];
    case 'flow.goto':
      return [{ kind: 'open', step: event.step! }];
    case 'flow.edit':
      return [{ kind: 'edit', step: event.step as 1 | 2 }];
    case 'flow.restart':
      return [{ kind: 'startOver', requestId: event.requestId!, today: event.today! }];
    case 'application.recheck':
      return [{ kind: 'recheck' }];
    case 'xstate.done.actor.submitApplication':
      return [{ kind: 'reply', call: 'shopcart/submitApplication', reply: ok(event.output) }];
    case 'xstate.done.actor.findApplication':
      return [{ kind: 'reply', call: 'shopcart/findApplication', reply: ok(event.output) }];
    case 'xstate.error.actor.submitApplication':
      return [{ kind: 'reply', call: 'shopcart/submitApplication', reply: failureReply(event.error) }];
    case 'xstate.error.actor.findApplication':
      return [{ kind: 'reply', call: 'shopcart/findApplication', reply: failureReply(event.error) }];
    case 'xstate.init':
    case 'reminder.shown':
      return [];
    default:
      throw new Error(`no visitor action or answer stands for ${event.type}`);
  }
}

/** A failed call as the server answered it: returnCode -1 is the API client's network failure. */
const failureReply = (error: Payload['error']) =>
  error?.returnCode === -1 ? 'network-error' : refused(null, error?.message ?? '', error?.returnCode);

// The scenarios are written with these, on every level.
/** A visitor's or the server's event, as the scenarios write them. */
export type ShopcartEvent = EventObject & Record<string, unknown>;

export const cartIs = (name: keyof typeof SAMPLE_CART_FACTS): ShopcartEvent => ({
  type: 'cart.changed',
  cart: SAMPLE_CART_FACTS[name],
});
export const confirmPlan = (plan = SAMPLE_PLAN): ShopcartEvent => ({ type: 'plan.confirm', plan });
export const confirmApplicant = (applicant = SAMPLE_APPLICANT): ShopcartEvent => ({
  type: 'applicant.confirm',
  applicant,
  roster: SAMPLE_ROSTER,
});
export const submit = (captcha = SAMPLE_CAPTCHA): ShopcartEvent => ({ type: 'application.submit', captcha });
export const open = (step: 1 | 2 | 3): ShopcartEvent => ({ type: 'flow.goto', step });
export const edit = (step: 1 | 2): ShopcartEvent => ({ type: 'flow.edit', step });
export const restart: ShopcartEvent = {
  type: 'flow.restart',
  requestId: SAMPLE_RESTART_REQUEST_ID,
  today: SAMPLE_RESTART_TODAY,
};
export const accepted: ShopcartEvent = {
  type: 'xstate.done.actor.submitApplication',
  output: SAMPLE_SUBMITTED,
};
export const recheck: ShopcartEvent = { type: 'application.recheck' };
export const answerLost: ShopcartEvent = {
  type: 'xstate.error.actor.submitApplication',
  error: { returnCode: -1, message: '網路連線異常，請確認網路後再試一次' },
};
/** findApplication's answers: the application stored, none stored, the network down again. */
export const found: ShopcartEvent = { type: 'xstate.done.actor.findApplication', output: SAMPLE_SUBMITTED };
export const notStored: ShopcartEvent = {
  type: 'xstate.error.actor.findApplication',
  error: { returnCode: 1, message: '查無這筆申請，申請未送達' },
};
export const lostAgain: ShopcartEvent = {
  type: 'xstate.error.actor.findApplication',
  error: { returnCode: -1, message: '網路連線異常，請確認網路後再試一次' },
};
export const refusedWith = (message: string): ShopcartEvent => ({
  type: 'xstate.error.actor.submitApplication',
  error: { message },
});
