import { type AnchorHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import { staffHref } from '../../domain/staff-pages';

/*
 * What the atlas shows is its address: which machine and which view (?machine=shopcart&view=tests), and
 * for 訪客旅程 the list's period, machine and page or the visitor and step shown
 * (?machine=shopcart&view=journeys&from=2026-11-22&to=2026-11-28&flow=shopcart&visitor=…&step=3), and for
 * 流量與測試 its period (?machine=cart&view=coverage&from=2026-11-22&to=2026-11-28), so a
 * reload or a shared link opens the same. The atlas reads and writes it itself (History API).
 */

export const VIEWS = {
  diagram: '狀態圖',
  simulate: '模擬',
  tests: '測試路徑',
  traffic: '訪客流量',
  coverage: '流量與測試',
  journeys: '訪客旅程',
} as const;
export type View = keyof typeof VIEWS;

/** The address's own keys of a view, in the order written. */
const VIEW_PARAMS: Partial<Record<View, readonly string[]>> = {
  coverage: ['from', 'to'],
  journeys: ['from', 'to', 'flow', 'page', 'visitor', 'step'],
};

/** A view's keys as the address holds them (empty ones left out). */
export type ViewParams = Record<string, string>;

export interface AtlasAddress {
  entry: RegisteredMachine;
  view: View;
  params: ViewParams;
}

export type Go = (
  entry: RegisteredMachine,
  view: View,
  params?: ViewParams,
  options?: { replace?: boolean },
) => void;

function readAddress(): AtlasAddress {
  const search = new URLSearchParams(window.location.search);
  const entry = machines.find((m) => m.id === search.get('machine')) ?? machines[0]!;
  const view = (Object.keys(VIEWS) as View[]).find((v) => v === search.get('view')) ?? 'diagram';
  const params: ViewParams = {};
  for (const key of VIEW_PARAMS[view] ?? []) {
    const value = search.get(key);
    if (value) params[key] = value;
  }
  return { entry, view, params };
}

export function hrefOf(entry: RegisteredMachine, view: View, params: ViewParams = {}): string {
  const query = new URLSearchParams({ machine: entry.id, view });
  for (const key of VIEW_PARAMS[view] ?? []) if (params[key]) query.set(key, params[key]);
  return staffHref('atlas', `?${query}`);
}

/** The address and the atlas's way to another: pushed as a new entry, or replacing this one. */
export function useAddress(): AtlasAddress & { go: Go } {
  const [address, setAddress] = useState(readAddress);
  useEffect(() => {
    const onPop = () => setAddress(readAddress());
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);
  const go: Go = (entry, view, params = {}, { replace = false } = {}) => {
    const href = hrefOf(entry, view, params);
    if (replace) window.history.replaceState(null, '', href);
    else window.history.pushState(null, '', href);
    setAddress(readAddress());
  };
  return { ...address, go };
}

/** A real link to an address of the atlas (a new tab works), followed in the page. */
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
      href={hrefOf(entry, view, params)}
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
