import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import { flowPaths, replaySteps } from '../support/flow-model';
import { builtAppForThisFile } from './support/built-app';

const entry = machines.find((m) => m.id === 'consent')!;
const DAY_SECONDS = 24 * 60 * 60;

// Lets a test make the page's cookie jar refuse writes, as a browser that blocks cookies does.
const COOKIE_SWITCH = `(() => {
  const native = Object.getOwnPropertyDescriptor(Document.prototype, 'cookie');
  Object.defineProperty(Document.prototype, 'cookie', {
    configurable: true,
    get() { return window.__blockCookies ? '' : native.get.call(this); },
    set(value) { if (!window.__blockCookies) native.set.call(this, value); },
  });
})();`;

const app = builtAppForThisFile();

const banner = (page: Page) => page.getByRole('region', { name: 'Cookie 使用說明' });

async function privacyCookie(context: BrowserContext) {
  return (await context.cookies()).find((c) => c.name === 'OI_Privacy_CHECK');
}

describe('consent paths in Chromium against the built app', () => {
  for (const path of flowPaths(entry)) {
    it(path.description, async () => {
      const context = await app.browser.newContext({ locale: 'zh-TW' });
      await context.addInitScript(COOKIE_SWITCH);
      const page = await context.newPage();
      let recorded: Promise<unknown> | undefined;
      try {
        await replaySteps(path, async (step, next) => {
          switch (step.event.type) {
            case 'xstate.init':
              return;
            case 'xstate.done.actor.readConsent': {
              if ((step.event as { output?: boolean }).output === true) {
                await context.addCookies([{ name: 'OI_Privacy_CHECK', value: 'Y', url: app.server.origin }]);
              }
              await page.goto(`${app.server.origin}/groupins/`);
              await page.getByRole('heading', { level: 1 }).waitFor();
              break;
            }
            case 'consent.accept': {
              const failNext = next?.event.type === 'xstate.error.actor.storeConsent';
              await page.evaluate((block) => {
                (window as unknown as { __blockCookies: boolean }).__blockCookies = block;
              }, failNext);
              recorded = failNext
                ? undefined
                : page
                    .waitForResponse((r) => r.url().endsWith('/ODGAWeb/api/consent/accept'))
                    .then((r) => r.json());
              await page.getByRole('button', { name: '同意' }).click();
              break;
            }
            default:
              // done/error of storeConsent: the real actor settles by itself; the state check below waits
              break;
          }
          switch (step.state.value) {
            case 'asking':
              await banner(page).waitFor();
              expect(await page.getByRole('alert').count()).toBe(0);
              break;
            case 'failed':
              await page.getByRole('alert').getByText('您的瀏覽器未允許儲存 Cookie').waitFor();
              break;
            case 'saving':
              // the last step of a retry path: cookies are allowed again, so the retry must succeed
              if (!next) {
                await banner(page).waitFor({ state: 'detached' });
                expect((await privacyCookie(context))?.value).toBe('Y');
              }
              break;
            case 'accepted': {
              await banner(page).waitFor({ state: 'detached' });
              const cookie = await privacyCookie(context);
              expect(cookie?.value).toBe('Y');
              if (recorded) {
                expect(await recorded).toMatchObject({ returnCode: 0 });
                // The site asks for 3650 days; Chromium keeps no cookie longer than 400 days (RFC 6265bis).
                const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / DAY_SECONDS;
                expect(days).toBeGreaterThan(399);
                expect(days).toBeLessThanOrEqual(3650);
              }
              await page.reload();
              await page.getByRole('heading', { level: 1 }).waitFor();
              expect(await banner(page).count()).toBe(0);
              break;
            }
          }
        });
      } finally {
        await context.close();
      }
    });
  }
});
