import type { AnyMachineSnapshot } from 'xstate';
import {
  cartChangedSinceConfirmed,
  type ShopcartContext,
  type SubmitInput,
} from '../../machines/shopcart.context';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { ShopcartView } from './oracle';

/**
 * The shopcart's screens as the machine alone can show them: the step its state's meta names, and the
 * 「購物車內容已變更」 notice as CartChangedNotice keeps it: a step whose notice is due shows it and marks it
 * shown (sent here as the screen would), and keeps it up until the visitor leaves the step. One level a
 * path: it remembers what the step on screen showed.
 */
export function shopcartLevel(): MachineLevel<ShopcartView> {
  let onScreen = { step: 0, noticed: false };
  const stepOf = (s: AnyMachineSnapshot) => {
    const meta = Object.values(s.getMeta()) as Array<{ step?: ShopcartView['step'] }>;
    const step = meta.find((m) => m.step)?.step ?? 1;
    if (onScreen.step !== step) onScreen = { step, noticed: false };
    return step;
  };
  return {
    calls: {
      submitApplication: (input: SubmitInput) => [{ call: 'shopcart/submitApplication', body: input }],
      findApplication: (input: { requestId: string }) => [{ call: 'shopcart/findApplication', body: input }],
    },
    screenSends: (s) => {
      const context = s.context as ShopcartContext;
      const step = stepOf(s);
      if (step === 4 || !cartChangedSinceConfirmed(context) || context.reminders[`rmind${step}`]) return [];
      onScreen.noticed = true;
      return [{ type: 'reminder.shown', step }];
    },
    view: (s) => {
      const context = s.context as ShopcartContext;
      const step = stepOf(s);
      return {
        step,
        busy: s.hasTag('busy'),
        notice: step !== 4 && onScreen.noticed && cartChangedSinceConfirmed(context),
        failure: step === 3 ? context.failure : '',
        applicationNo: step === 4 ? (context.result?.applicationNo ?? '') : '',
        returnsToReview: (step === 2 || (step === 1 && context.cart.ages !== null)) && context.returning,
        recheck: s.matches({ review: 'checking' }) || s.matches({ review: 'unconfirmed' }),
        notReceived: step === 1 && context.notReceived,
      };
    },
  };
}
