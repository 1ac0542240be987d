import {
  type AnyRoute,
  createRoute,
  lazyRouteComponent,
  useLoaderData,
  useNavigate,
  useRouter,
  useSearch,
} from '@tanstack/react-router';
import { useEffect } from 'react';
import { number, object, string } from 'yup';
import { StaffFailure, StaffForbidden, StaffReading } from '../../components/staff-states';
import { mayOpen, STAFF_PAGES, staffHref } from '../../domain/staff-pages';
import type { AtlasData } from '../../features/atlas/atlas-reads';
import { failureMessage, staffSession } from '../../lib/staff-api';
import { yupSearch } from '../../lib/yup-search';

/*
 * /groupins/atlas, the atlas's route. What the atlas shows is its address: which machine and which view
 * (?machine=shopcart&view=tests), the path played in 測試路徑 (&path=3, its place in the list), the period of
 * 訪客流量 and 流量與測試 (&from=&to=), and for 訪客旅程 the list's period, machine and page or the visitor and
 * step shown (…&view=journeys&from=2026-11-22&to=2026-11-28&flow=shopcart&visitor=…&step=3), or 自發布以來的變更
 * (&view=release: the release compared with is the build's own), with the build that wrote it (&build=), so
 * Back, a reload or a shared link opens the same, and says so when it was written by another version.
 * The route reads what the view shows (its loader, keyed by what of the address the read takes); the
 * screen, the reads and the drawing load as the atlas's own chunk when it is first opened.
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
export const VIEW_PARAMS: Partial<Record<View, readonly ViewKey[]>> = {
  tests: ['path'],
  traffic: ['from', 'to'],
  coverage: ['from', 'to'],
  journeys: ['from', 'to', 'flow', 'page', 'visitor', 'step'],
};

/** What the atlas's address may say; anything else, or a value not of its kind, is left out. */
const atlasSearchSchema = object({
  machine: string().max(100),
  view: string().oneOf(Object.keys(VIEWS) as View[]),
  path: number().integer().min(1),
  from: string().max(100),
  to: string().max(100),
  flow: string().max(100),
  page: number().integer().min(1),
  visitor: string().max(100),
  step: number().integer().min(1),
  build: string().max(200),
});
export const atlasSearch = yupSearch(atlasSearchSchema);
export type AtlasSearch = ReturnType<typeof atlasSearch>;
type ViewKey = Exclude<keyof AtlasSearch, 'machine' | 'view' | 'build'>;

/** A view's keys as the address holds them, as text (empty ones left out). */
export type ViewParams = Partial<Record<ViewKey, string>>;

/** The view's own keys of `search`, as text. */
export function paramsOf(view: View, search: AtlasSearch): ViewParams {
  const params: ViewParams = {};
  for (const key of VIEW_PARAMS[view] ?? []) if (search[key] !== undefined) params[key] = String(search[key]);
  return params;
}

/** The address of the atlas showing `view` of machine `machine`, written by this build. */
export function searchOf(machine: string, view: View, params: ViewParams = {}): Record<string, string> {
  const search: Record<string, string> = { machine, view };
  for (const key of VIEW_PARAMS[view] ?? []) if (params[key]) search[key] = params[key];
  search.build = BUILD_VERSION;
  return search;
}

export const hrefOf = (machine: string, view: View, params: ViewParams = {}): string =>
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

/** What of the address the view's reads take: another value reads again, anything else (a step) does not. */
export function atlasDeps(search: AtlasSearch) {
  const view = search.view ?? 'diagram';
  const machine = search.machine ?? '';
  switch (view) {
    case 'traffic':
    case 'coverage':
      return { view, machine, ...periodOf(search) };
    case 'journeys':
      return search.visitor
        ? { view: 'journey' as const, visitor: search.visitor }
        : { view, ...journeysListOf(search) };
    case 'tests':
    case 'release':
      return { view };
    default:
      return { view: 'diagram' as const };
  }
}
export type AtlasDeps = ReturnType<typeof atlasDeps>;

/** The atlas's screen, its own chunk. */
export const AtlasScreen = lazyRouteComponent(
  () => import('../../features/atlas/atlas-screen'),
  'AtlasScreen',
);

const TEXT = { reading: '狀態機圖集' } as const;

const allowed = () => mayOpen('atlas', staffSession.known()!.roles);

/** The atlas's route below the signed-in pages: its address, its reads, and the refusal to other roles. */
export function createAtlasRoute<TParent extends AnyRoute>(parent: TParent) {
  return createRoute({
    getParentRoute: () => parent,
    path: STAFF_PAGES.atlas.path,
    validateSearch: atlasSearch,
    loaderDeps: ({ search }) => atlasDeps(search),
    loader: async ({ deps }): Promise<AtlasData | null> => {
      if (!allowed()) return null;
      const [{ readAtlas }] = await Promise.all([
        import('../../features/atlas/atlas-reads'),
        AtlasScreen.preload?.(),
      ]);
      return readAtlas(deps);
    },
    // read once for each address's reads: not again for a step played, and forgotten on leaving
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    pendingComponent: () => <StaffReading what={TEXT.reading} />,
    errorComponent: AtlasFailure,
    component: function AtlasGate() {
      useEffect(() => {
        document.title = `${STAFF_PAGES.atlas.title}｜員工作業`;
      }, []);
      return allowed() ? <AtlasScreen /> : <StaffForbidden title={STAFF_PAGES.atlas.title} />;
    },
  });
}

function AtlasFailure({ error }: { error: unknown }) {
  const router = useRouter();
  return <StaffFailure message={failureMessage(error)} retry={() => void router.invalidate()} />;
}

/** The atlas's address, as its route read it. */
export const useAtlasSearch = (): AtlasSearch => useSearch({ strict: false }) as AtlasSearch;

/** What the route read for the view shown. */
export const useAtlasData = (): AtlasData => useLoaderData({ strict: false }) as AtlasData;

/** Moves the atlas to another address: pushed as a new entry, or replacing this one. */
export function useAtlasNavigate() {
  const navigate = useNavigate();
  // the staff's router, not the visitor site's whose routes the types know: the path as the route has it
  return (search: Record<string, string>, replace = false) =>
    navigate({ to: `/${STAFF_PAGES.atlas.path}`, search, replace } as unknown as Parameters<
      typeof navigate
    >[0]);
}
