import { useEffect, useRef, useState } from 'react';
import { busyMessage } from '../../domain/busy-message';
import { ApiFailure } from '../../lib/api-client';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'ready'; data: T };

const EMPTY_ANSWER = new ApiFailure(-1, busyMessage());

/**
 * Data of one API call for a screen: loads `load(key)` when the key changes, ignores the answer of a
 * call the screen no longer needs, and loads again on `retry()`. An answer without data is a failure.
 * A read the page can come with the answer of (lib/api-read.ts) starts from that answer, without a call.
 */
export function useRemote<T>(
  load: ((key: string) => Promise<T>) & { answered?: (key: string) => T | undefined },
  key: string,
): Remote<T> & { retry(): void } {
  const [remote, setRemote] = useState<Remote<T>>(() => {
    const answered = load.answered?.(key);
    return answered == null ? { status: 'loading' } : { status: 'ready', data: answered as T };
  });
  // the key the page's answer is for: nothing to load the first time
  const answeredKey = useRef(remote.status === 'ready' ? key : undefined);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
    if (answeredKey.current === key) {
      answeredKey.current = undefined;
      return;
    }
    let wanted = true;
    setRemote({ status: 'loading' });
    load(key).then(
      (data) =>
        wanted &&
        setRemote(data == null ? { status: 'failed', failure: EMPTY_ANSWER } : { status: 'ready', data }),
      (error: unknown) =>
        wanted &&
        setRemote({ status: 'failed', failure: error instanceof ApiFailure ? error : EMPTY_ANSWER }),
    );
    return () => {
      wanted = false;
    };
  }, [load, key, attempt]);

  return { ...remote, retry: () => setAttempt((n) => n + 1) };
}
