import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import { type RunningServer, startBuiltServer } from './server';

export interface BuiltApp {
  server: RunningServer;
  browser: Browser;
}

/** The built server and a Chromium for one test file, started before its tests and stopped after. */
export function builtAppForThisFile(): BuiltApp {
  const app = {} as BuiltApp;
  beforeAll(async () => {
    app.server = await startBuiltServer();
    app.browser = await launchBrowser();
  });
  afterAll(async () => {
    await app.browser?.close();
    await app.server?.stop();
  });
  return app;
}

/**
 * Opens `url` and waits until the app has taken over the prerendered page (src/root-layout.tsx clears the root's
 * aria-busy). The app's modules load only once the page has painted, after the load event page.goto waits for,
 * and until they have run the page's buttons do nothing. The staff's pages have no prerendered shell.
 */
export async function openApp(page: Page, url: string) {
  const response = await page.goto(url);
  await appStarted(page);
  return response;
}

/** Reloads the page and waits until the app has taken it over, as openApp does. */
export async function reloadApp(page: Page) {
  await page.reload();
  await appStarted(page);
}

const appStarted = (page: Page) => page.locator('#root:not([aria-busy])').waitFor({ state: 'attached' });

/** A first-time visitor: no cookies, so the cookie banner is shown. */
export async function newVisitor(
  app: BuiltApp,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ locale: 'zh-TW', viewport });
  return { context, page: await context.newPage() };
}

/** A visitor who accepted the cookie notice before, so the banner stays out of the way. */
export async function returningVisitor(
  app: BuiltApp,
  viewport = { width: 1280, height: 800 },
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await app.browser.newContext({ locale: 'zh-TW', viewport });
  await context.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: app.server.origin }]);
  return { context, page: await context.newPage() };
}
