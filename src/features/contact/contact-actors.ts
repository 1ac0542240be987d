import { fromPromise } from 'xstate';
import { contactMachine } from '../../../machines/contact.machine';
import type { ContactReceipt } from '../../domain/api/contact';
import { apiPost } from '../../lib/api-client';

/** The contact machine bound to its call (a refusal rejects with its message). */
export const liveContactMachine = contactMachine.provide({
  actors: {
    submitContact: fromPromise(({ input }) => apiPost<ContactReceipt>('contact/submit', input)),
  },
});
