import {
  createBrowserHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Navigate,
  type RouterHistory,
  redirect,
} from '@tanstack/react-router';
import type { ComponentType } from 'react';
import type { AppActors } from './app-actors';
import { BASE_PATH, SCREENS, type Screen, type ScreenId } from './domain/screens';
import { articlePage } from './features/content/article-page';
import { routeNames } from './features/navigation/route-names';
import { trackPageView } from './features/tracking/track-page-view';
import { loadChunk } from './lib/chunk-loader';
import { clearFlowState } from './lib/flow-storage';
import { applyTitle } from './lib/page-titles';
import type { ScreenRead } from './lib/screen-read';
import { articlesSearch, asText, asWhole, packageSearch } from './lib/search-params';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';
import { ScreenReadError, ScreenReadPending } from './screen-read-views';

export interface RouterContext {
  actors: AppActors;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** the screen id of docs/specification.md §2 (ODGAF040 …): the route's name */
    screenId?: string;
  }
  interface Register {
    router: AppRouter;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // docs/specification.md §2: any unknown path goes home
  notFoundComponent: () => <Navigate to="/" replace />,
});

/** A screen's module: the screen and, for a screen that reads on entry, that read (lib/screen-read.tsx). */
type ScreenModule = { default: ComponentType; read?: ScreenRead<never, unknown> };

// One chunk per screen; SCREENS names each screen's module, which the server also preloads with the page.
// (the staff's screens, src/screens/staff, are the staff build's: never a visitor page's chunk)
const SCREEN_MODULES = import.meta.glob<ScreenModule>(['./screens/**/*.tsx', '!./screens/staff/**']);

/** Each screen's path as SCREENS writes it, by the screen's id. */
type ScreenPaths = { [S in (typeof SCREENS)[number] as S['id']]: S['path'] };
const screenOf = (id: ScreenId): Screen => SCREENS.find((s) => s.id === id)!;

interface ScreenRouteOptions<TSearch> {
  validateSearch?: (search: Record<string, unknown>) => TSearch;
  /** what the screen reads on entry (its module's `read`), named as its loading note and failure say it */
  reads?: string;
  /** what of the address the read depends on: another value reads again; none = the read takes nothing */
  readDeps?: (search: TSearch) => Record<string, unknown>;
}

/**
 * A route of docs/specification.md §2: its screen's path and id (the route's name), its screen loaded as its
 * own chunk. A screen that reads on entry is loaded with its data: the route's loader runs the screen's
 * `read` once per entry (and again on 重新載入), showing the loading note and the failure in its place.
 */
function screenRoute<const TId extends ScreenId, TSearch = unknown>(
  screenId: TId,
  { validateSearch, reads, readDeps }: ScreenRouteOptions<TSearch> = {},
) {
  const screen = screenOf(screenId);
  const importer = screen.module ? SCREEN_MODULES[`./screens/${screen.module}`] : undefined;
  if (!importer) throw new Error(`no screen module for ${screenId}`);
  const load = () => loadChunk(screenId, importer);
  return createRoute({
    getParentRoute: () => rootRoute,
    path: screen.path as ScreenPaths[TId],
    staticData: { screenId },
    validateSearch,
    component: lazyRouteComponent(load),
    loaderDeps: ({ search }) => (reads && readDeps?.(search as TSearch)) || {},
    loader: reads
      ? ({ deps }) => load().then((module) => (module.read as ScreenRead<typeof deps, unknown>)(deps))
      : undefined,
    // read once per entry: not again while on the screen (only 重新載入 invalidates), forgotten on leaving
    staleTime: reads ? Number.POSITIVE_INFINITY : undefined,
    gcTime: reads ? 0 : undefined,
    pendingComponent: reads ? () => <ScreenReadPending heading={screen.heading} what={reads} /> : undefined,
    errorComponent: reads
      ? (props) => <ScreenReadError {...props} heading={screen.heading} what={reads} />
      : undefined,
  });
}

/** What the contact page may be opened with: a topic (a page's 「聯絡我們」), or the tryout's 請洽專人報價. */
export interface ContactSearch {
  /** a 洽詢主題's value; the form chooses it when it is one */
  topic?: string;
  cover?: string;
  headcount?: number;
  /** the trial's cart item the quote is asked for; the form checks it before sending it */
  item?: unknown;
}

/** /back2Home: the way home that also forgets any flow in progress. */
const back2HomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: screenOf('back2Home').path as ScreenPaths['back2Home'],
  staticData: { screenId: 'back2Home' },
  beforeLoad: () => {
    clearFlowState();
    throw redirect({ to: '/', replace: true });
  },
});

/** The route table of docs/specification.md §2. */
export const routeTree = rootRoute.addChildren([
  back2HomeRoute,
  screenRoute('ODGAF000', { reads: '方案資料' }),
  screenRoute('ODGAF010', { reads: '方案資料' }),
  screenRoute('ODGAF011', { validateSearch: packageSearch, reads: '方案資料', readDeps: (s) => s }),
  screenRoute('ODGAF020', { reads: '保障項目' }),
  screenRoute('ODGAF030', { reads: '方案資料' }),
  screenRoute('ODGAF040', { reads: '保額選項' }),
  screenRoute('ODGAF041'),
  screenRoute('ODGAF042'),
  screenRoute('ODGAF043'),
  screenRoute('ODGAF050'),
  screenRoute('ODGAF051'),
  screenRoute('ODGAF052'),
  screenRoute('ODGAF053'),
  screenRoute('ODGAF060'),
  // a package page's 試算保費 names its package
  screenRoute('ODGAF070', { validateSearch: packageSearch, reads: '保障項目' }),
  screenRoute('ODGAF071'),
  screenRoute('ODGAF072'),
  // the tryout's 請洽專人報價 carries what was chosen: the contact form starts from it
  screenRoute('ODGAF080', {
    validateSearch: (s): ContactSearch => ({
      topic: asText(s.topic, 20),
      cover: asText(s.cover),
      headcount: asWhole(s.headcount, 1),
      item: s.item,
    }),
  }),
  screenRoute('ODGAF090'),
  screenRoute('ODGAF091'),
  screenRoute('ODGAF092'),
  screenRoute('ODGAF093'),
  screenRoute('ODGAF094', { reads: '常見問題' }),
  // the page asked, else the page kept for the tab: writing that page into the address reads nothing again
  screenRoute('ODGAF110', {
    validateSearch: articlesSearch,
    reads: '文章',
    readDeps: ({ page }) => ({ page: page ?? articlePage.get() }),
  }),
  screenRoute('ODGAF111', {
    validateSearch: (s): { id?: string } => ({ id: asText(s.id, 64) }),
    reads: '文章',
    readDeps: (s) => s,
  }),
]);

/** Builds the router (browser history unless a test passes memory history) and its navigation hooks. */
export function createAppRouter(context: RouterContext, history: RouterHistory = createBrowserHistory()) {
  const router = createRouter({
    routeTree,
    history,
    basepath: BASE_PATH,
    context,
    defaultPreload: 'intent',
    // inside the layout: a screen that fails keeps the header, the cart and the session reminder around it
    defaultErrorComponent: RouteError,
  });
  let previous: string | undefined;
  router.subscribe('onResolved', ({ fromLocation, pathChanged, toLocation }) => {
    // the router resolves the same location again (lazy screens, invalidation): that is no navigation
    if (fromLocation?.href === toLocation.href) return;
    const to = router.state.matches.at(-1)?.staticData.screenId;
    // a path with no screen (an unknown one, on its way home) is no page: the next one is
    if (!to) return;
    routeNames.set({ from: previous, to });
    trackPageView(previous, to, toLocation.searchStr);
    // the first page is the session's start, not activity within it
    if (fromLocation) context.actors.session.send({ type: 'session.activity' });
    previous = to;
    if (pathChanged) window.scrollTo(0, 0);
    void applyTitle(to);
  });
  return router;
}

export type AppRouter = ReturnType<typeof createAppRouter>;
