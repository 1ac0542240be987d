import type { EventObject } from 'xstate';
import type { FlowStep } from '../paths';
import type { ContactMessageStimulus } from './oracle';
import { SAMPLE_BLANK_REPLY, SAMPLE_INBOX_REPLY, SAMPLE_INBOX_STAFF } from './samples';

/** A generated inbox step as what the service person does. */
export function contactMessageStimuli(step: FlowStep): ContactMessageStimulus[] {
  const event = step.event as FlowStep['event'] & { staff?: string; text?: string };
  switch (event.type) {
    case 'message.assign':
      return [{ kind: 'assign', staff: event.staff! }];
    case 'message.reply':
      return [{ kind: 'reply', text: event.text! }];
    case 'message.close':
      return [{ kind: 'close' }];
    case 'message.reopen':
      return [{ kind: 'reopen' }];
    case 'xstate.init':
      return [];
    default:
      throw new Error(`no action of a service person stands for ${event.type}`);
  }
}

// The scenarios are written with these.
export type ContactMessageEvent = EventObject & Record<string, unknown>;

export const assign = (staff = SAMPLE_INBOX_STAFF): ContactMessageEvent => ({
  type: 'message.assign',
  staff,
});
export const reply = (text = SAMPLE_INBOX_REPLY): ContactMessageEvent => ({ type: 'message.reply', text });
export const blankReply = (): ContactMessageEvent => reply(SAMPLE_BLANK_REPLY);
export const close = (): ContactMessageEvent => ({ type: 'message.close' });
export const reopen = (): ContactMessageEvent => ({ type: 'message.reopen' });
