import { Outlet, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { lazy, Suspense, useEffect } from 'react';
import { GoToTop } from './components/go-to-top';
import { LoadingOverlay } from './components/loading-overlay';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { CartButton } from './features/cart/cart-button';
import { useCartRefreshOnReturn } from './features/cart/use-cart-refresh';
import { ConsentBanner } from './features/consent/consent-banner';
import { SessionDialogs } from './features/session/session-dialogs';
import { Announcement } from './features/site-settings/announcement';
import { restoreShellFocus } from './lib/shell-focus';
import { usePageHeadingFocus } from './lib/use-page-heading-focus';

// The cart's dialogs answer a call that just reached the server, so they can load when needed. The
// session's reminder is loaded with the page: it must show even if the network is gone by then.
const CartDialogs = lazy(() =>
  import('./features/cart/cart-dialogs').then((m) => ({ default: m.CartDialogs })),
);
const CART_DIALOG_STATES = ['cartFull', 'itemError', 'addFailed', 'removeFailed', 'updateFailed'] as const;

/** The one layout every screen sits in (docs/specification.md §2). */
export function RootLayout() {
  const { actors } = useRouteContext({ from: '__root__' });
  useCartRefreshOnReturn(actors.cart);
  usePageHeadingFocus();
  // the prerendered page is busy until this first render has replaced it (src/server/page-preloads.ts)
  useEffect(() => {
    const root = document.getElementById('root');
    root?.removeAttribute('aria-busy');
    if (root) restoreShellFocus(root);
  }, []);
  const cartSpeaks = useSelector(actors.cart, (s) => CART_DIALOG_STATES.some((state) => s.matches(state)));
  return (
    <>
      <ConsentBanner actor={actors.consent} />
      <SiteHeader cartSlot={<CartButton />} />
      <Announcement />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <GoToTop />
      {cartSpeaks && (
        <Suspense fallback={null}>
          <CartDialogs />
        </Suspense>
      )}
      <SessionDialogs />
      <LoadingOverlay />
    </>
  );
}
