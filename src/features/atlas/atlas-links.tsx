import { useLoaderData, useNavigate, useSearch } from '@tanstack/react-router';
import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { machines, type RegisteredMachine } from '../../../machine-paths/registry';
import { STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import type { AtlasSearch, View } from '../../screens/staff/atlas';
import type { AtlasData } from './atlas-reads';

/*
 * The atlas's address as its panels use it (the route's search, screens/staff/atlas.tsx): the machine, the
 * view and the view's own keys, and the way to another address through the router.
 */

export type { View };

export const VIEWS: Record<View, string> = {
  diagram: '狀態圖',
  simulate: '模擬',
  tests: '測試路徑',
  traffic: '訪客流量',
  coverage: '流量與測試',
  journeys: '訪客旅程',
  release: '自發布以來的變更',
};

/**
 * The build this page is, as its links carry it (`&build=0.1.0+1a2b3c4`, vite.staff.config.ts), so a link cited
 * in a ticket says which version of the machines it showed; 'dev' outside a build.
 */
export const BUILD_VERSION: string = import.meta.env.BUILD_VERSION ?? 'dev';

type ViewKey = Exclude<keyof AtlasSearch, 'machine' | 'view' | 'build'>;

/** The address's own keys of a view, in the order written. */
const VIEW_PARAMS: Partial<Record<View, readonly ViewKey[]>> = {
  tests: ['path'],
  traffic: ['from', 'to'],
  coverage: ['from', 'to'],
  journeys: ['from', 'to', 'flow', 'page', 'visitor', 'step'],
};

/** A view's keys as the address holds them, as text (empty ones left out). */
export type ViewParams = Partial<Record<ViewKey, string>>;

/** The view's own keys of `search`, as text. */
function paramsOf(view: View, search: AtlasSearch): ViewParams {
  const params: ViewParams = {};
  for (const key of VIEW_PARAMS[view] ?? []) if (search[key] !== undefined) params[key] = String(search[key]);
  return params;
}

/** The address of the atlas showing `view` of machine `machine`, written by this build. */
function searchOf(machine: string, view: View, params: ViewParams = {}): Record<string, string> {
  const search: Record<string, string> = { machine, view };
  for (const key of VIEW_PARAMS[view] ?? []) if (params[key]) search[key] = params[key];
  search.build = BUILD_VERSION;
  return search;
}

const hrefOf = (machine: string, view: View, params: ViewParams = {}): string =>
  staffHref('atlas', `?${new URLSearchParams(searchOf(machine, view, params))}`);

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const taipeiDay = (date: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Taipei' }).format(date);
const weekAgo = () => taipeiDay(new Date(Date.now() - 6 * 24 * 3600 * 1000));

/** A period of Taipei days as the address holds it (訪客流量, 流量與測試): the last 7 unless given. */
export function periodOf(params: { from?: string; to?: string }) {
  return {
    from: DAY.test(params.from ?? '') ? params.from! : weekAgo(),
    to: DAY.test(params.to ?? '') ? params.to! : taipeiDay(new Date()),
  };
}

/** 訪客旅程's list as the address holds it: the last 7 Taipei days, every machine and page 1 unless given. */
export function journeysListOf(search: {
  from?: string;
  to?: string;
  flow?: string;
  page?: number | string;
}) {
  const page = Number(search.page);
  return {
    from: search.from || weekAgo(),
    to: search.to || taipeiDay(new Date()),
    flow: search.flow ?? '',
    page: Number.isInteger(page) && page > 1 ? page : 1,
  };
}

/** What the route read for the view shown. */
export const useAtlasData = (): AtlasData => useLoaderData({ strict: false }) as AtlasData;

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

/** The address and the atlas's way to another, by the router: pushed as a new entry, or replacing this one. */
export function useAddress(): AtlasAddress & { go: Go } {
  const navigate = useNavigate();
  const search = useSearch({ strict: false }) as AtlasSearch;
  const go: Go = (entry, view, params = {}, { replace = false } = {}) =>
    void navigate({
      to: `/${STAFF_PAGES.atlas.path}`,
      search: searchOf(entry.id, view, params),
      replace,
      // the staff's router, not the visitor site's whose routes the types know
    } as unknown as Parameters<typeof navigate>[0]);
  return { ...addressOf(search), go };
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
