import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import {
  type AtlasSearch,
  hrefOf,
  paramsOf,
  searchOf,
  useAtlasNavigate,
  useAtlasSearch,
  VIEWS,
  type View,
  type ViewParams,
} from '../../screens/staff/atlas';

/*
 * The atlas's address as its panels use it (the route's search, screens/staff/atlas.tsx): the machine, the
 * view and the view's own keys, and the way to another address through the router.
 */

export type { View, ViewParams };

export type Go = (
  entry: RegisteredMachine,
  view: View,
  params?: ViewParams,
  options?: { replace?: boolean },
) => void;

export interface AtlasAddress {
  entry: RegisteredMachine;
  view: View;
  params: ViewParams;
  /** the build the address was written by, when it names one */
  build: string | null;
}

/** The machine, the view and its keys of `search`: the first machine and its diagram unless named. */
export function addressOf(search: AtlasSearch): AtlasAddress {
  const entry = machines.find((m) => m.id === search.machine) ?? machines[0]!;
  const view = (Object.keys(VIEWS) as View[]).find((v) => v === search.view) ?? 'diagram';
  return { entry, view, params: paramsOf(view, search), build: search.build ?? null };
}

/** The address and the atlas's way to another: pushed as a new entry, or replacing this one. */
export function useAddress(): AtlasAddress & { go: Go } {
  const navigate = useAtlasNavigate();
  const go: Go = (entry, view, params = {}, { replace = false } = {}) =>
    void navigate(searchOf(entry.id, view, params), replace);
  return { ...addressOf(useAtlasSearch()), go };
}

/** A real link to an address of the atlas (a new tab works), followed in the page by the router. */
export function AtlasLink({
  entry,
  view,
  params,
  go,
  children,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'onClick'> & {
  entry: RegisteredMachine;
  view: View;
  params?: ViewParams;
  go: Go;
  children: ReactNode;
}) {
  return (
    <a
      {...rest}
      href={hrefOf(entry.id, view, params)}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
        event.preventDefault();
        go(entry, view, params);
      }}
    >
      {children}
    </a>
  );
}
