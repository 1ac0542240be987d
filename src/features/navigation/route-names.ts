import { useSyncExternalStore } from 'react';

/** The screen ids of the route the visitor came from and went to (docs/specification.md §2). */
export interface RouteNames {
  from: string | undefined;
  to: string | undefined;
}

let current: RouteNames = { from: undefined, to: undefined };
const listeners = new Set<() => void>();

export const routeNames = {
  set(next: RouteNames) {
    current = next;
    for (const listener of listeners) listener();
  },
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useRouteNames(): RouteNames {
  return useSyncExternalStore(routeNames.subscribe, routeNames.get, routeNames.get);
}
