import { useMatch } from '@tanstack/react-router';
import { busyMessage } from '../domain/busy-message';
import { ApiFailure } from './api-client';

/**
 * What a screen reads on entry, exported by its module as `read`: its route's loader calls it with the
 * route's loader deps (src/router.tsx), so the screen renders with the data, and the route shows the loading
 * note and the failure with its retry. A read the page came with the answer of (lib/api-read.ts) answers
 * at once, without a call.
 */
export type ScreenRead<TDeps, TData> = (deps: TDeps) => TData | Promise<TData>;

const EMPTY_ANSWER = new ApiFailure(-1, busyMessage());

/** The data of a call, or an ApiFailure: an answer without data, or a call that failed otherwise, is busy. */
export function answerOf<T>(call: Promise<T | null | undefined>): Promise<T> {
  return call.then(
    (data) => {
      if (data == null) throw EMPTY_ANSWER;
      return data;
    },
    (error: unknown) => {
      throw error instanceof ApiFailure ? error : EMPTY_ANSWER;
    },
  );
}

/** A read whose failure a screen shows in place of the part that needs it, not instead of the screen. */
export type Settled<T> = { data: T } | { failure: ApiFailure };

/** The data of a call, or why there is none (as answerOf's failures), as data. */
export function settled<T>(call: Promise<T | null | undefined>): Promise<Settled<T>> {
  return answerOf(call).then(
    (data) => ({ data }),
    (failure: ApiFailure) => ({ failure }),
  );
}

/** The data the screen's route loaded with its `read`. */
export function useScreenData<TData>(_read: ScreenRead<never, TData>): TData {
  return useMatch({ strict: false }).loaderData as TData;
}
