import { setup } from 'xstate';
import { unbound } from './unbound';

/** Cookie consent (docs/specification.md §1, §4): the banner shows until the visitor accepts; acceptance is kept for good. */
export type ConsentEvent = { type: 'consent.accept' };

export const consentMachine = setup({
  types: { events: {} as ConsentEvent },
  actors: {
    /** resolves true when the visitor accepted before (the privacy cookie is present) */
    readConsent: unbound<boolean>('readConsent'),
    /** stores the acceptance; rejects when the browser refuses to keep it (cookies blocked) */
    storeConsent: unbound<void>('storeConsent'),
  },
  guards: {
    isAccepted: ({ event }) => 'output' in event && event.output === true,
  },
}).createMachine({
  id: 'consent',
  initial: 'checking',
  states: {
    checking: {
      invoke: {
        id: 'readConsent',
        src: 'readConsent',
        onDone: [{ guard: 'isAccepted', target: 'accepted' }, { target: 'asking' }],
      },
    },
    asking: {
      description: 'The banner is shown.',
      on: { 'consent.accept': 'saving' },
    },
    saving: {
      invoke: { id: 'storeConsent', src: 'storeConsent', onDone: 'accepted', onError: 'failed' },
    },
    failed: {
      description: 'The browser would not keep the cookie; the banner says how to allow it.',
      on: { 'consent.accept': 'saving' },
    },
    accepted: { type: 'final' },
  },
});
