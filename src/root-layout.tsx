import { Outlet, useRouteContext } from '@tanstack/react-router';
import { GoToTop } from './components/go-to-top';
import { LoadingOverlay } from './components/loading-overlay';
import { SiteFooter } from './components/site-footer';
import { SiteHeader } from './components/site-header';
import { CartButton } from './features/cart/cart-button';
import { CartDialogs } from './features/cart/cart-dialogs';
import { ConsentBanner } from './features/consent/consent-banner';
import { SessionDialogs } from './features/session/session-dialogs';
import { Announcement } from './features/site-settings/announcement';

/** The one layout every screen sits in (SPEC §2). */
export function RootLayout() {
  const { actors } = useRouteContext({ from: '__root__' });
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
      <CartDialogs />
      <SessionDialogs />
      <LoadingOverlay />
    </>
  );
}
