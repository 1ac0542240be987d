import { useCallback, useSyncExternalStore } from 'react';

interface Observable<TSnapshot> {
  getSnapshot(): TSnapshot;
  subscribe(listener: () => void): { unsubscribe(): void };
}

/**
 * Reads a slice of an actor's snapshot and re-renders only when that slice changes (by Object.is), like
 * @xstate/react's useSelector without its shim: React 19 has useSyncExternalStore built in, and the
 * home route's download budget has no room for the package. Select primitives or context references.
 */
export function useActorSelector<TSnapshot, T>(
  actor: Observable<TSnapshot>,
  select: (snapshot: TSnapshot) => T,
): T {
  const subscribe = useCallback(
    (listener: () => void) => {
      const subscription = actor.subscribe(listener);
      return () => subscription.unsubscribe();
    },
    [actor],
  );
  const read = () => select(actor.getSnapshot());
  return useSyncExternalStore(subscribe, read, read);
}
