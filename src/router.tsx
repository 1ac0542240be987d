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
import { routeNames } from './features/navigation/route-names';
import { trackPageView } from './features/tracking/track-page-view';
import { loadChunk } from './lib/chunk-loader';
import { clearFlowState } from './lib/flow-storage';
import { applyTitle } from './lib/page-titles';
import { articlesSearch, asText, asWhole, packageSearch } from './lib/search-params';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

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

type ScreenModule = { default: ComponentType };

// One chunk per screen; SCREENS names each screen's module, which the server also preloads with the page.
const SCREEN_MODULES = import.meta.glob<ScreenModule>('./screens/**/*.tsx');

/** Each screen's path as SCREENS writes it, by the screen's id. */
type ScreenPaths = { [S in (typeof SCREENS)[number] as S['id']]: S['path'] };
const screenOf = (id: ScreenId): Screen => SCREENS.find((s) => s.id === id)!;

/** A route of docs/specification.md §2: its screen's path and id (the route's name), its screen loaded as its own chunk. */
function screenRoute<const TId extends ScreenId, TSearch = unknown>(
  screenId: TId,
  validateSearch?: (search: Record<string, unknown>) => TSearch,
) {
  const screen = screenOf(screenId);
  const importer = screen.module ? SCREEN_MODULES[`./screens/${screen.module}`] : undefined;
  if (!importer) throw new Error(`no screen module for ${screenId}`);
  return createRoute({
    getParentRoute: () => rootRoute,
    path: screen.path as ScreenPaths[TId],
    staticData: { screenId },
    validateSearch,
    component: lazyRouteComponent(() => loadChunk(screenId, importer)),
  });
}

/** What the contact page may be opened with: a topic (a page's 「聯絡我們」), or the tryout's 請洽專人報價. */
export interface ContactSearch {
  /** a 洽詢主題's value; the form chooses it when it is one */
  topic?: string;
  cover?: string;
  headcount?: number;
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
  screenRoute('ODGAF000'),
  screenRoute('ODGAF010'),
  screenRoute('ODGAF011', packageSearch),
  screenRoute('ODGAF020'),
  screenRoute('ODGAF030'),
  screenRoute('ODGAF040'),
  screenRoute('ODGAF041'),
  screenRoute('ODGAF042'),
  screenRoute('ODGAF043'),
  screenRoute('ODGAF050'),
  screenRoute('ODGAF051'),
  screenRoute('ODGAF052'),
  screenRoute('ODGAF053'),
  screenRoute('ODGAF060'),
  // a package page's 試算保費 names its package
  screenRoute('ODGAF070', packageSearch),
  screenRoute('ODGAF071'),
  screenRoute('ODGAF072'),
  // the tryout's 請洽專人報價 carries what was chosen: the contact form starts from it
  screenRoute(
    'ODGAF080',
    (s): ContactSearch => ({
      topic: asText(s.topic, 20),
      cover: asText(s.cover),
      headcount: asWhole(s.headcount, 1),
    }),
  ),
  screenRoute('ODGAF090'),
  screenRoute('ODGAF091'),
  screenRoute('ODGAF092'),
  screenRoute('ODGAF093'),
  screenRoute('ODGAF094'),
  screenRoute('ODGAF110', articlesSearch),
  screenRoute('ODGAF111', (s): { id?: string } => ({ id: asText(s.id, 64) })),
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
