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
import { BASE_PATH, type ScreenId } from './domain/screens';
import { routeNames } from './features/navigation/route-names';
import { applyTitle } from './features/page-titles/page-titles';
import { trackPageView } from './features/tracking/track-page-view';
import { loadChunk } from './lib/chunk-loader';
import { clearFlowState } from './lib/flow-storage';
import { RootLayout } from './root-layout';
import { RouteError } from './route-error';

export interface RouterContext {
  actors: AppActors;
}

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** the screen id of SPEC §2 (ODGAF040 …): the route's name */
    screenId?: string;
  }
  interface Register {
    router: AppRouter;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  // SPEC §2: any unknown path goes home
  notFoundComponent: () => <Navigate to="/" replace />,
});

type ScreenModule = { default: ComponentType };

/** A route of SPEC §2: its path, its screen id as route name, and its screen loaded as its own chunk. */
function screenRoute<const TPath extends string, TSearch = unknown>(
  screenId: ScreenId,
  path: TPath,
  importer: () => Promise<ScreenModule>,
  validateSearch?: (search: Record<string, unknown>) => TSearch,
) {
  return createRoute({
    getParentRoute: () => rootRoute,
    path,
    staticData: { screenId },
    validateSearch,
    component: lazyRouteComponent(() => loadChunk(screenId, importer)),
  });
}

/** /back2Home: the way home that also forgets any flow in progress. */
const back2HomeRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '/back2Home',
  staticData: { screenId: 'back2Home' },
  beforeLoad: () => {
    clearFlowState();
    throw redirect({ to: '/', replace: true });
  },
});

/** The route table of SPEC §2. */
export const routeTree = rootRoute.addChildren([
  back2HomeRoute,
  screenRoute('ODGAF000', '/', () => import('./screens/home/home')),
  screenRoute('ODGAF010', '/product/optionpackage', () => import('./screens/product/option-package')),
  // TanStack parses ?PACK_ID=123 as a number: the id is always a string
  screenRoute(
    'ODGAF011',
    '/product/Intropackage',
    () => import('./screens/product/intro-package'),
    (s): { PACK_ID?: string } => (s.PACK_ID == null ? {} : { PACK_ID: String(s.PACK_ID) }),
  ),
  screenRoute('ODGAF020', '/product/optioncell', () => import('./screens/product/option-cell')),
  screenRoute('ODGAF030', '/REC', () => import('./screens/product/recommend')),
  screenRoute('ODGAF040', '/shopcart/STEP1', () => import('./screens/shopcart/shopcart-step-1')),
  screenRoute('ODGAF041', '/shopcart/STEP2', () => import('./screens/shopcart/shopcart-step-2')),
  screenRoute('ODGAF042', '/shopcart/STEP3', () => import('./screens/shopcart/shopcart-step-3')),
  screenRoute('ODGAF043', '/shopcart/STEP4', () => import('./screens/shopcart/shopcart-step-4')),
  screenRoute('ODGAF050', '/overprint/STEP1', () => import('./screens/overprint/overprint-step-1')),
  screenRoute('ODGAF051', '/overprint/STEP2', () => import('./screens/overprint/overprint-step-2')),
  screenRoute('ODGAF052', '/overprint/STEP3', () => import('./screens/overprint/overprint-step-3')),
  screenRoute('ODGAF053', '/overprint/STEP4', () => import('./screens/overprint/overprint-step-4')),
  screenRoute('ODGAF060', '/progress', () => import('./screens/progress/progress')),
  screenRoute('ODGAF070', '/tryout/STEP1', () => import('./screens/tryout/tryout-step-1')),
  screenRoute('ODGAF071', '/tryout/STEP2', () => import('./screens/tryout/tryout-step-2')),
  screenRoute('ODGAF072', '/tryout/STEP3', () => import('./screens/tryout/tryout-step-3')),
  screenRoute('ODGAF080', '/contact', () => import('./screens/contact/contact')),
  screenRoute('ODGAF090', '/about/bscknow', () => import('./screens/about/basic-knowledge')),
  screenRoute('ODGAF091', '/about/claim', () => import('./screens/about/claim')),
  screenRoute('ODGAF092', '/about/addvalue', () => import('./screens/about/add-value')),
  screenRoute('ODGAF093', '/B2Bsystem/introb2b', () => import('./screens/about/intro-b2b')),
  screenRoute('ODGAF094', '/question', () => import('./screens/about/questions')),
  screenRoute('ODGAF110', '/featured/article', () => import('./screens/featured/articles')),
  screenRoute('ODGAF111', '/featured/articleContent', () => import('./screens/featured/article-content')),
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
    scrollRestoration: false,
  });
  let previous: string | undefined;
  router.subscribe('onResolved', ({ fromLocation, pathChanged, toLocation }) => {
    // the router resolves the same location again (lazy screens, invalidation): that is no navigation
    if (fromLocation?.href === toLocation.href) return;
    const to = router.state.matches.at(-1)?.staticData.screenId;
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
