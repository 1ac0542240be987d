import type { AnyMachineSnapshot } from 'xstate';
import type { QuoteInput, TryoutContext } from '../../machines/tryout.machine';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { TryoutView } from './oracle';

/** The tryout's screens as the machine alone can show them: the step its state's meta names, and STEP3's answer. */
export const tryoutLevel: MachineLevel<TryoutView> = {
  calls: {
    quote: (input: QuoteInput) => [{ call: 'tryout/quote', body: input }],
  },
  view: (s: AnyMachineSnapshot) => {
    const context = s.context as TryoutContext;
    const meta = Object.values(s.getMeta()) as Array<{ step?: TryoutView['step'] }>;
    const step = meta.find((m) => m.step)?.step ?? 1;
    const quote = context.quote;
    let result: TryoutView['result'] = null;
    if (s.matches({ result: 'negotiated' })) result = { kind: 'negotiated' };
    else if (s.matches({ result: 'quoteFailed' })) result = { kind: 'failed', message: context.failure };
    else if (step === 3 && quote?.kind === 'quoted') {
      const { total } = quote;
      result = {
        kind: 'quoted',
        annualPerPerson: total.annualPerPerson,
        annual: total.premiums.annual,
        monthly: total.premiums.monthly,
        monthlyPerPerson: total.monthlyPerPerson,
      };
    }
    return { step, busy: s.hasTag('busy'), result, added: s.matches({ result: 'added' }) };
  },
};
