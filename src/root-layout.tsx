import { Outlet, useRouteContext } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { GoToTop } from './components/go-to-top';
import { LoadingOverlay } from './components/loading-overlay';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { CartButton } from './features/cart/cart-button';
import { ConsentBanner } from './features/consent/consent-banner';
import { Announcement } from './features/site-settings/announcement';
import { useActorSelector } from './lib/use-actor-selector';

// Dialogs most visits never see are loaded when they are needed, not with every first page.
const SessionDialogs = lazy(() =>
  import('./features/session/session-dialogs').then((m) => ({ default: m.SessionDialogs })),
);
const CartDialogs = lazy(() =>
  import('./features/cart/cart-dialogs').then((m) => ({ default: m.CartDialogs })),
);
const CART_DIALOG_STATES = ['cartFull', 'itemError', 'addFailed', 'removeFailed'] as const;

/** The one layout every screen sits in (SPEC §2). */
export function RootLayout() {
  const { actors } = useRouteContext({ from: '__root__' });
  const sessionSpeaks = useActorSelector(actors.session, (s) => s.matches('reminding') || s.matches('ended'));
  const cartSpeaks = useActorSelector(actors.cart, (s) =>
    CART_DIALOG_STATES.some((state) => s.matches(state)),
  );
  return (
    <>
      <SiteHeader cartSlot={<CartButton />} />
      <Announcement />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <GoToTop />
      <ConsentBanner actor={actors.consent} />
      {cartSpeaks && (
        <Suspense fallback={null}>
          <CartDialogs />
        </Suspense>
      )}
      {sessionSpeaks && (
        <Suspense fallback={null}>
          <SessionDialogs />
        </Suspense>
      )}
      <LoadingOverlay />
    </>
  );
}
