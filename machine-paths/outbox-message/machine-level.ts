import type { AnyMachineSnapshot } from 'xstate';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { OutboxMessageView } from './oracle';

/** A message as the machine alone shows it: its state's words, and whether it may be taken or sent again. */
export const outboxMessageLevel: MachineLevel<OutboxMessageView> = {
  calls: {},
  view: (s: AnyMachineSnapshot) => ({
    state: Object.values(s.getMeta())
      .map((meta) => (meta as { state?: string }).state)
      .find(Boolean) as OutboxMessageView['state'],
    takeable: s.can({ type: 'delivery.take' }),
    resend: s.can({ type: 'message.resend' }),
  }),
};
