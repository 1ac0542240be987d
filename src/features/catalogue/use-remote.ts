import { useEffect, useState } from 'react';
import { ApiFailure } from '../../lib/api-client';

export type Remote<T> =
  | { status: 'loading' }
  | { status: 'failed'; failure: ApiFailure }
  | { status: 'ready'; data: T };

const EMPTY_ANSWER = new ApiFailure(-1, '系統忙碌中，請稍後再試');

/**
 * Data of one API call for a screen: loads `load(key)` when the key changes, ignores the answer of a
 * call the screen no longer needs, and loads again on `retry()`. An answer without data is a failure.
 */
export function useRemote<T>(load: (key: string) => Promise<T>, key: string): Remote<T> & { retry(): void } {
  const [remote, setRemote] = useState<Remote<T>>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: attempt is the retry trigger
  useEffect(() => {
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
