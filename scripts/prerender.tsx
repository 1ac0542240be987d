import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import {
  createMemoryHistory,
  createRootRouteWithContext,
  createRoute,
  createRouter,
  RouterProvider,
} from '@tanstack/react-router';
import { renderToStaticMarkup } from 'react-dom/server';
import { createActor } from 'xstate';
import { cartMachine } from '../machines/cart.machine';
import { consentMachine } from '../machines/consent.machine';
import { sessionMachine } from '../machines/session.machine';
import { ScreenPage } from '../src/components/screen-page';
import { SiteFooter } from '../src/components/site-footer';
import { SiteHeader } from '../src/components/site-header';
import { BASE_PATH, SCREENS, type Screen } from '../src/domain/screens';
import { CartButton } from '../src/features/cart/cart-button';
import type { RouterContext } from '../src/router';
import {
  PAGE_SHELLS_FILE,
  type PageShells,
  rootWith,
  withAppModulesDeferred,
} from '../src/server/page-preloads';

/*
 * The static shell of every visitor page, written into the build (npm run build, after the client): the header
 * (brand, menus, an empty cart) and footer as the app renders them, and between them the screen's heading and
 * lead when its module gives a lead of its own (export const lead). index.html gets the shell without a
 * screen; the server puts each screen path's shell into that page (src/server/page-preloads.ts). The client
 * renders the same markup over it with createRoot, so the first paint waits for no script and nothing moves.
 * index.html holds rendering until #main is parsed (link rel=expect): a header painted half parsed, with
 * 選單 but not yet the cart, would move 選單 when the cart arrives. The app's modules move into a template that
 * the page's one inline script puts into the head once the shell has painted (src/server/page-preloads.ts).
 */
const CLIENT_DIR = process.argv[2] ?? 'dist/client';
const ROOT = '<div id="root"></div>';

/** The header, main and footer of the root layout (src/root-layout.tsx) before any call has answered. */
async function shellOf(sitePath: string, screen?: { heading: string; lead: string }): Promise<string> {
  // the actors are made, never started: the cart button shows the empty cart a first visit starts with
  const actors = {
    consent: createActor(consentMachine),
    cart: createActor(cartMachine),
    session: createActor(sessionMachine),
  };
  const rootRoute = createRootRouteWithContext<RouterContext>()({
    component: () => (
      <>
        <SiteHeader cartSlot={<CartButton />} />
        <main id="main" tabIndex={-1}>
          {screen && <ScreenPage heading={screen.heading} lead={screen.lead} />}
        </main>
        <SiteFooter />
      </>
    ),
  });
  const router = createRouter({
    routeTree: rootRoute.addChildren([createRoute({ getParentRoute: () => rootRoute, path: '$' })]),
    history: createMemoryHistory({ initialEntries: [`${BASE_PATH.slice(0, -1)}${sitePath}`] }),
    basepath: BASE_PATH,
    context: { actors },
  });
  await router.load();
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

const shells: PageShells = { page: await shellOf('/'), screens: {} };
for (const screen of SCREENS as readonly Screen[]) {
  if (!screen.module) continue;
  const { lead } = (await import(`../src/screens/${screen.module}`)) as { lead?: string };
  shells.screens[screen.path] = await shellOf(
    screen.path,
    typeof lead === 'string' ? { heading: screen.heading, lead } : undefined,
  );
}

const indexFile = path.join(CLIENT_DIR, 'index.html');
const indexHtml = await readFile(indexFile, 'utf8');
if (!indexHtml.includes(ROOT)) throw new Error(`${indexFile} has no empty ${ROOT}`);
await writeFile(indexFile, withAppModulesDeferred(indexHtml.replace(ROOT, rootWith(shells.page))));
await writeFile(path.join(CLIENT_DIR, PAGE_SHELLS_FILE), JSON.stringify(shells));
console.log(`prerendered the shell of ${Object.keys(shells.screens).length} screens into ${CLIENT_DIR}`);
