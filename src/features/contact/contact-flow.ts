import type { Actor } from 'xstate';
import type { contactMachine } from '../../../machines/contact.machine';
import { createFlow } from '../../lib/create-flow';
import { clearDrafts } from '../../lib/form-draft';
import { newRequestId } from '../../lib/request-id';
import { liveContactMachine } from './contact-actors';

export type ContactActor = Actor<typeof contactMachine>;

/** The flow's name in sessionStorage (its snapshot and its form's draft). */
export const CONTACT_FLOW = 'contact';

/**
 * The tab's contact form: a reload after 送出 still shows the 案件編號, and a reload before it keeps the
 * draft.
 */
export const contactFlow = createFlow({
  name: CONTACT_FLOW,
  machine: liveContactMachine,
  input: () => ({ requestId: newRequestId() }),
});

/** 再留一則訊息: the last message's draft is dropped and a new message gets a new key. */
export function writeAnotherMessage(actor: ContactActor): void {
  clearDrafts(CONTACT_FLOW);
  actor.send({ type: 'contact.restart', requestId: newRequestId() });
}
