import {
  type AsyncRouteComponent,
  createBrowserHistory,
  createRootRoute,
  createRoute,
  createRouter,
  lazyRouteComponent,
  Outlet,
  type RouterHistory,
  redirect,
  useRouter,
} from '@tanstack/react-router';
import { type ReactNode, useEffect } from 'react';
import { StaffHeader } from './components/staff-header';
import { StaffFailure, StaffForbidden, StaffReading } from './components/staff-states';
import type { StaffSession } from './domain/api/staff';
import { BASE_PATH } from './domain/screens';
import {
  landingFor,
  mayOpen,
  STAFF_PAGES,
  STAFF_SCREENS,
  type StaffScreen,
  staffHref,
  staffPageOf,
} from './domain/staff-pages';
import { StaffSessionTimer } from './features/staff-session/staff-session-timer';
import { LoginScreen } from './features/staff-sign-in/login-screen';
import { LogoutScreen } from './features/staff-sign-in/logout-screen';
import {
  failureMessage,
  isSignedOut,
  noteIdleEnd,
  onSignedOut,
  rememberReturn,
  staffSession,
} from './lib/staff-api';
import { parsePlainSearch, stringifyPlainSearch } from './lib/yup-search';
import { AtlasScreen, createAtlasRoute } from './screens/staff/atlas';

/*
 * The staff's pages (staff.html, a build of its own): the sign-in and sign-out, and behind the sign-in the
 * shell (who, the screens their roles allow, 登出) around each screen. A screen's code loads only when it is
 * opened; a screen the person's roles do not allow says so (the server refuses its calls anyway); a lost
 * session, found on entry or by any call, goes to the sign-in and comes back after it, and so does one that
 * ends after 30 minutes without a request, after its reminder.
 */

const rootRoute = createRootRoute({
  component: Outlet,
  // an unknown path below the staff's pages: their start page
  notFoundComponent: () => <GoTo href={staffHref('home')} />,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: STAFF_PAGES.login.path,
  component: LoginScreen,
});
const logoutRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: STAFF_PAGES.logout.path,
  component: LogoutScreen,
});

const signedInRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'signed-in',
  beforeLoad: async ({ location }) => {
    try {
      await staffSession.read();
    } catch (error) {
      if (!isSignedOut(error)) throw error;
      noteIdleEnd(error);
      rememberReturn(location.publicHref);
      throw redirect({ href: staffHref('login'), replace: true });
    }
  },
  component: StaffLayout,
  pendingComponent: () => (
    <Shell>
      <StaffReading what="登入狀態" />
    </Shell>
  ),
  errorComponent: ({ error }) => (
    <Shell>
      <StaffFailure message={failureMessage(error)} retry={() => window.location.reload()} />
    </Shell>
  ),
});

function Shell({ staff, children }: { staff?: StaffSession; children: ReactNode }) {
  return (
    <>
      <StaffHeader staff={staff} />
      <main id="main" className="staff-main" tabIndex={-1}>
        {children}
      </main>
    </>
  );
}

/** Who is signed in, on every page behind the sign-in (the route has read it before any renders). */
const signedInStaff = (): StaffSession => staffSession.known()!;

function StaffLayout() {
  return (
    <Shell staff={signedInStaff()}>
      <Outlet />
      <StaffSessionTimer />
    </Shell>
  );
}

/** A screen of some roles: its code loaded when opened, or the refusal when the person has none of them. */
function screenRoute(screen: StaffScreen, component: AsyncRouteComponent<object>) {
  const Screen = component;
  const allowed = () => mayOpen(screen, signedInStaff().roles);
  return createRoute({
    getParentRoute: () => signedInRoute,
    path: STAFF_PAGES[screen].path,
    // the screen's chunk before it renders (the router shows its pending state meanwhile), not for a refusal
    loader: async () => {
      if (allowed()) await component.preload?.();
    },
    component: function Gate() {
      useEffect(() => {
        document.title = `${STAFF_PAGES[screen].title}｜員工作業`;
      }, []);
      return allowed() ? <Screen /> : <StaffForbidden title={STAFF_PAGES[screen].title} />;
    },
  });
}

const homeRoute = createRoute({
  getParentRoute: () => signedInRoute,
  path: STAFF_PAGES.home.path,
  component: () => <GoTo href={staffHref(landingFor(signedInStaff().roles))} />,
});

// Each screen's code, loaded when the screen is first opened.
const SCREEN_COMPONENTS: Record<StaffScreen, AsyncRouteComponent<object>> = {
  applications: lazyRouteComponent(() => import('./features/application-queue/queue-screen'), 'QueueScreen'),
  contacts: lazyRouteComponent(() => import('./features/contact-inbox/inbox-screen'), 'InboxScreen'),
  outbox: lazyRouteComponent(() => import('./features/outbox/outbox-screen'), 'OutboxScreen'),
  atlas: AtlasScreen,
  accounts: lazyRouteComponent(() => import('./features/staff-accounts/accounts-screen'), 'AccountsScreen'),
  audit: lazyRouteComponent(() => import('./features/audit-log/audit-screen'), 'AuditScreen'),
  case: lazyRouteComponent(() => import('./features/application-case/case-screen'), 'CaseScreen'),
  notices: lazyRouteComponent(() => import('./features/staff-notices/notices-screen'), 'NoticesScreen'),
};

const routeTree = rootRoute.addChildren([
  loginRoute,
  logoutRoute,
  signedInRoute.addChildren([
    homeRoute,
    ...STAFF_SCREENS.filter((screen) => screen !== 'atlas').map((screen) =>
      screenRoute(screen, SCREEN_COMPONENTS[screen]),
    ),
    createAtlasRoute(signedInRoute),
  ]),
]);

/** Replaces the address with `href` (a path below the site). */
function GoTo({ href }: { href: string }) {
  const router = useRouter();
  useEffect(() => router.history.replace(href), [router, href]);
  return null;
}

/** The staff's router (browser history unless a test passes memory history); a lost session goes to the sign-in. */
export function createStaffRouter(history: RouterHistory = createBrowserHistory()) {
  // the screen the page opens on starts loading at once, beside the read of who is signed in
  const first = staffPageOf(history.location.pathname.slice(BASE_PATH.length));
  const screen = STAFF_SCREENS.find((s) => s === first);
  if (screen) void SCREEN_COMPONENTS[screen].preload?.();
  const router = createRouter({
    routeTree,
    history,
    basepath: BASE_PATH,
    defaultPendingMs: 300,
    // the staff's addresses as plain text, as the server's querystrings: `?path=2`, never `?path=%222%22`
    parseSearch: parsePlainSearch,
    stringifySearch: stringifyPlainSearch,
  });
  onSignedOut(() => router.history.push(staffHref('login')));
  router.subscribe('onResolved', ({ fromLocation, toLocation }) => {
    if (fromLocation && fromLocation.pathname !== toLocation.pathname) window.scrollTo(0, 0);
  });
  return router;
}
