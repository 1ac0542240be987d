import { fromPromise, type NonReducibleUnknown } from 'xstate';

/**
 * The stand-in for an actor a machine declares and its binding provides (src/features/*\/…-actors.ts,
 * tests): run unbound, it fails and says which actor is missing.
 */
export function unbound<Output, Input = NonReducibleUnknown>(name: string) {
  return fromPromise<Output, Input>(async () => {
    throw new Error(`${name} not provided`);
  });
}
