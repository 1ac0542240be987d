import { useMatch, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
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

/** The note while `what` (e.g. 方案資料) loads. */
export function RemoteLoading({ what }: { what: string }) {
  return (
    <p className="remote-status" role="status">
      {what}載入中…
    </p>
  );
}

/** Why `what` could not be loaded, with a button that loads it again. */
export function RemoteFailure({
  what,
  failure,
  retry,
}: {
  what: string;
  failure: ApiFailure;
  retry: () => void;
}) {
  return (
    <div className="remote-error" role="alert">
      <p>
        無法取得{what}：{failure.message}
      </p>
      <button type="button" className="button" onClick={retry}>
        重新載入{what}
      </button>
    </div>
  );
}

interface SettledViewProps<T> {
  read: Settled<T>;
  /** what was read, e.g. 方案資料 */
  what: string;
  children: (data: T) => ReactNode;
}

/**
 * A settled read on entry (lib/screen-read.tsx): the data, or its failure with a button that reads again (its
 * route loads again), and the loading note while it does.
 */
export function SettledView<T>({ read, what, children }: SettledViewProps<T>) {
  const router = useRouter();
  const match = useMatch({ strict: false, select: (m) => ({ id: m.id, reading: m.isFetching !== false }) });
  if ('data' in read) return children(read.data);
  if (match.reading) return <RemoteLoading what={what} />;
  return (
    <RemoteFailure
      what={what}
      failure={read.failure}
      retry={() => void router.invalidate({ filter: (m) => m.id === match.id })}
    />
  );
}
