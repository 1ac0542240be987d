import { type AnyRoute, createRoute, lazyRouteComponent, useRouter } from '@tanstack/react-router';
import { useEffect } from 'react';
import { number, object, string } from 'yup';
import { StaffFailure, StaffForbidden, StaffReading } from '../../components/staff-states';
import { mayOpen, STAFF_PAGES } from '../../domain/staff-pages';
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

/** The atlas's views, as the address names them (their names: features/atlas/atlas-links.tsx). */
export const VIEW_IDS = [
  'diagram',
  'simulate',
  'tests',
  'traffic',
  'coverage',
  'journeys',
  'release',
] as const;
export type View = (typeof VIEW_IDS)[number];

/** What the atlas's address may say; anything else, or a value not of its kind, is left out. */
const atlasSearchSchema = object({
  machine: string().max(100),
  view: string().oneOf(VIEW_IDS),
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

/** What of the address the view's reads take: another value reads again, anything else (a step) does not. */
export function atlasDeps(search: AtlasSearch) {
  const view = search.view ?? 'diagram';
  const machine = search.machine ?? '';
  switch (view) {
    case 'traffic':
    case 'coverage':
      return { view, machine, from: search.from, to: search.to };
    case 'journeys':
      return search.visitor
        ? { view: 'journey' as const, visitor: search.visitor }
        : { view, from: search.from, to: search.to, flow: search.flow, page: search.page };
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
    loader: async ({ deps, location }): Promise<AtlasData | null> => {
      if (!allowed()) return null;
      // the screen's chunk, which holds its reads too
      const [{ readAtlas, layOut }] = await Promise.all([
        import('../../features/atlas/atlas-screen'),
        AtlasScreen.preload?.(),
      ]);
      // the diagram is laid out while the view's reads are under way
      layOut((location.search as AtlasSearch).machine);
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
