import type { ReactNode } from 'react';
import type { Remote } from './use-remote';

interface RemoteViewProps<T> {
  remote: Remote<T> & { retry: () => void };
  /** what is loading, e.g. 方案資料 */
  what: string;
  children: (data: T) => ReactNode;
}

/** The loading note, the failure with a retry button, or the data. */
export function RemoteView<T>({ remote, what, children }: RemoteViewProps<T>) {
  if (remote.status === 'ready') return children(remote.data);
  if (remote.status === 'loading') {
    return (
      <p className="remote-status" role="status">
        {what}載入中…
      </p>
    );
  }
  return (
    <div className="remote-error" role="alert">
      <p>
        無法取得{what}：{remote.failure.message}
      </p>
      <button type="button" className="button" onClick={remote.retry}>
        重新載入{what}
      </button>
    </div>
  );
}
