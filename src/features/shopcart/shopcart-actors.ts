import { fromPromise } from 'xstate';
import { shopcartMachine } from '../../../machines/shopcart.machine';
import type { SubmittedApplication } from '../../domain/api/shopcart';
import { apiPost } from '../../lib/api-client';

/**
 * The shopcart machine bound to POST shopcart/submitApplication and shopcart/findApplication (a refusal
 * rejects with its message).
 */
export const liveShopcartMachine = shopcartMachine.provide({
  actors: {
    submitApplication: fromPromise(({ input }) =>
      apiPost<SubmittedApplication>('shopcart/submitApplication', input, { overlay: true }),
    ),
    findApplication: fromPromise(({ input }) =>
      apiPost<SubmittedApplication>('shopcart/findApplication', input, { overlay: true }),
    ),
  },
});
