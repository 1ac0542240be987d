import type { FlowStep } from '../paths';
import type { EmailCodeStimulus } from './oracle';

/** A generated e-mailed code's step as what the person on 通知設定 does, or time passing. */
export function emailCodeStimuli(step: FlowStep): EmailCodeStimulus[] {
  switch (step.event.type) {
    case 'code.match':
      return [{ kind: 'typeRight' }];
    case 'code.mismatch':
      return [{ kind: 'typeWrong' }];
    case 'code.expire':
      return [{ kind: 'timePasses' }];
    case 'code.supersede':
      return [{ kind: 'resend' }];
    case 'code.withdraw':
      return [{ kind: 'giveUp' }];
    case 'xstate.init':
      return [];
    default:
      throw new Error(`nothing the person does stands for ${step.event.type}`);
  }
}
