import { fromPromise } from 'xstate';
import { tryoutMachine } from '../../../machines/tryout.machine';
import type { TryoutQuote } from '../../domain/api/tryout';
import { apiPost } from '../../lib/api-client';

/** The tryout machine bound to POST tryout/quote (a refusal rejects with its message). */
export const liveTryoutMachine = tryoutMachine.provide({
  actors: {
    quote: fromPromise(({ input }) => apiPost<TryoutQuote>('tryout/quote', input)),
  },
});
