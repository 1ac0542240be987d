import type { AnyMachineSnapshot } from 'xstate';
import type { MachineLevel } from '../../tests/support/machine-driver';
import type { ContactMessageView } from './oracle';
import { SAMPLE_INBOX_REPLY, SAMPLE_INBOX_STAFF } from './samples';

/** Each button and the event it sends, in the order the screen shows them. */
const BUTTONS = [
  ['指派給我', { type: 'message.assign', staff: SAMPLE_INBOX_STAFF }],
  ['回覆', { type: 'message.reply', text: SAMPLE_INBOX_REPLY }],
  ['重新處理', { type: 'message.reopen' }],
  ['結案', { type: 'message.close' }],
] as const;

/** A message as the machine alone shows it: its status's words, and the buttons whose events it takes. */
export const contactMessageLevel: MachineLevel<ContactMessageView> = {
  calls: {},
  view: (s: AnyMachineSnapshot) => ({
    status: Object.values(s.getMeta())
      .map((meta) => (meta as { status?: string }).status)
      .find(Boolean) as ContactMessageView['status'],
    moves: BUTTONS.filter(([, event]) => s.can(event)).map(([label]) => label),
  }),
};
