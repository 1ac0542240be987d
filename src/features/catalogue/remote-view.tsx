import { useMatch, useRouter } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { ApiFailure } from '../../lib/api-client';
import type { Settled } from '../../lib/screen-read';

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
 * A settled read on entry (lib/screen-read.ts): the data, or its failure with a button that reads again (its
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
