import { type AnchorHTMLAttributes, type ReactNode, useEffect, useState } from 'react';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import { staffHref } from '../../domain/staff-pages';

/*
 * What the atlas shows is its address: which machine and which view (?machine=shopcart&view=tests), the
 * path played in 測試路徑 (&path=3, its place in the list), the period of 訪客流量 (&from=&to=), and
 * for 訪客旅程 the list's period, machine and page or the visitor and step shown
 * (?machine=shopcart&view=journeys&from=2026-11-22&to=2026-11-28&flow=shopcart&visitor=…&step=3), and for
 * 流量與測試 its period (?machine=cart&view=coverage&from=2026-11-22&to=2026-11-28), or 自發布以來的變更
 * (?machine=cart&view=release: the release compared with is the build's own), with the build that
 * wrote it (&build=), so a reload or a shared link opens the same, and says so when it was written by
 * another version. The atlas reads and writes it itself (History API).
 */

export const VIEWS = {
  diagram: '狀態圖',
  simulate: '模擬',
  tests: '測試路徑',
  traffic: '訪客流量',
  coverage: '流量與測試',
  journeys: '訪客旅程',
  release: '自發布以來的變更',
} as const;
export type View = keyof typeof VIEWS;

/**
 * The build this page is, as its links carry it (`&build=0.1.0+1a2b3c4`, vite.staff.config.ts), so a link cited
 * in a ticket says which version of the machines it showed; 'dev' outside a build.
 */
export const BUILD_VERSION: string = import.meta.env.BUILD_VERSION ?? 'dev';

/** The address's own keys of a view, in the order written. */
const VIEW_PARAMS: Partial<Record<View, readonly string[]>> = {
  tests: ['path'],
  traffic: ['from', 'to'],
  coverage: ['from', 'to'],
  journeys: ['from', 'to', 'flow', 'page', 'visitor', 'step'],
};

/** A view's keys as the address holds them (empty ones left out). */
export type ViewParams = Record<string, string>;

export interface AtlasAddress {
  entry: RegisteredMachine;
  view: View;
  params: ViewParams;
  /** the build the address was written by, when it names one */
  build: string | null;
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
  return { entry, view, params, build: search.get('build') };
}

export function hrefOf(entry: RegisteredMachine, view: View, params: ViewParams = {}): string {
  const query = new URLSearchParams({ machine: entry.id, view });
  for (const key of VIEW_PARAMS[view] ?? []) if (params[key]) query.set(key, params[key]);
  query.set('build', BUILD_VERSION);
  return staffHref('atlas', `?${query}`);
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const taipeiDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(date);

/** A period of Taipei days as the address holds it (訪客流量, 流量與測試): the last 7 unless given. */
export function periodOf(params: ViewParams) {
  return {
    from: DAY.test(params.from ?? '') ? params.from! : taipeiDay(new Date(Date.now() - 6 * 24 * 3600 * 1000)),
    to: DAY.test(params.to ?? '') ? params.to! : taipeiDay(new Date()),
  };
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
