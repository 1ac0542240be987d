import type { AnyMachineSnapshot } from 'xstate';
import type { ContactContext, SubmitContactInput } from '../../machines/contact.machine';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { ContactView } from './oracle';

/** The contact form as the machine alone can show it. */
export const contactLevel: MachineLevel<ContactView> = {
  calls: {
    submitContact: (input: SubmitContactInput) => [{ call: 'contact/submit', body: input }],
  },
  view: (s: AnyMachineSnapshot) => {
    const context = s.context as ContactContext;
    return {
      phase: s.matches('sent') ? 'sent' : 'form',
      busy: s.hasTag('busy'),
      failure: context.failure === '' ? null : context.failure,
      receipt: context.receipt && {
        contactNo: context.receipt.contactNo,
        replyBy: context.receipt.replyBy,
        replyTo: context.message?.email ?? 'no message',
      },
    };
  },
};
