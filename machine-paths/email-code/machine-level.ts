import type { AnyMachineSnapshot } from 'xstate';
import type { EmailCodeContext } from '../../machines/email-code.machine';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { EmailCodeView } from './oracle';
import { SAMPLE_NOTICE_ADDRESS } from './samples';

/**
 * A code as the machine alone shows it on 通知設定: waiting with its tries left; used, the address in use;
 * void or ended, a new one to be sent; superseded, the newer one waiting in its place; withdrawn, nothing.
 */
export const emailCodeLevel: MachineLevel<EmailCodeView> = {
  calls: {},
  view: (s: AnyMachineSnapshot) => {
    const { failures } = s.context as EmailCodeContext;
    const none = { state: null, triesLeft: null, noticesTo: null };
    switch (s.value) {
      case 'issued':
        return { state: '待輸入', triesLeft: 5 - failures, noticesTo: null };
      case 'superseded':
        return { state: '待輸入', triesLeft: 5, noticesTo: null };
      case 'used':
        return { ...none, noticesTo: SAMPLE_NOTICE_ADDRESS };
      case 'voided':
        return { ...none, state: '已失效' };
      case 'expired':
        return { ...none, state: '已逾時' };
      default:
        return none;
    }
  },
};
