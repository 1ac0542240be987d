import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flowPaths } from '../../machines/paths';
import { machines } from '../../machines/registry';
import type { HeldNetwork } from '../support/api-calls';
import { withDialogText } from '../support/dom-agreement';
import { sessionScreen } from '../support/flow-screens';
import { SESSION_CALLS, SESSION_START, sessionStimuli } from '../support/flows/session.flow';
import { SessionOracle, type SessionStimulus, type SessionView } from '../support/oracles/session.oracle';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { builtAppForThisFile, openApp, returningVisitor } from './support/built-app';
import { heldPageNetwork, pageAgreement } from './support/held-network';

const entry = machines.find((m) => m.id === 'session')!;

const app = builtAppForThisFile();

/** The built app in Chromium under Playwright's clock, its session calls held. */
function sessionInChromium(page: Page, network: HeldNetwork): PathDriver<SessionStimulus, SessionView> {
  return {
    async act(s) {
      switch (s.kind) {
        case 'navigate': {
          const nav = page.getByRole('navigation', { name: '主選單' });
          await nav.getByRole('button', { name: s.menu }).click();
          await nav.getByRole('link', { name: s.link }).click();
          return;
        }
        case 'continue':
          await page.getByRole('button', { name: '繼續使用' }).click();
          return;
        case 'confirmEnd':
          await page.getByRole('button', { name: '確定' }).click();
          return;
        case 'reply':
          await network.reply(s.call, s.reply);
          return;
        case 'wait':
          await page.clock.runFor(s.ms);
      }
    },
    wait: (ms) => page.clock.runFor(ms),
    view: async () => ({
      at: new URL(page.url()).pathname.replace(/^\/groupins/, '') || '/',
      ...((await page.evaluate(sessionScreen)) as Omit<SessionView, 'at'>),
    }),
    sent: () => network.sent().filter((r) => (SESSION_CALLS as readonly string[]).includes(r.call)),
  };
}

describe('session paths in Chromium under a controlled clock, against the session oracle', () => {
  for (const path of flowPaths(entry)) {
    it(path.description, async () => {
      const { context, page } = await returningVisitor(app);
      try {
        await page.clock.install();
        const network = await heldPageNetwork(page, SESSION_CALLS);
        await openApp(page, `${app.server.origin}/groupins${SESSION_START}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.evaluate(() => sessionStorage.setItem('groupins.flow.shopcart', '{}'));
        await runPath(
          path,
          sessionStimuli,
          new SessionOracle(SESSION_START),
          sessionInChromium(page, network),
          pageAgreement(withDialogText),
          SESSION_CALLS,
        );
        recordPassedPath('chromium', entry.id, path);
      } finally {
        await context.close();
      }
    });
  }

  it('without interception: the real server starts the session and the reminder comes at 1440 s', async () => {
    const { context, page } = await returningVisitor(app);
    await page.clock.install();
    const started = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/addSession'));
    await openApp(page, `${app.server.origin}/groupins/`);
    await page.getByRole('heading', { level: 1 }).waitFor(); // the screen's chunk is in before time moves
    expect(await (await started).json()).toMatchObject({
      returnCode: 0,
      data: { remindSeconds: 1440, endSeconds: 1740 },
    });
    await page.clock.runFor(1_438_000);
    expect(await page.getByRole('dialog', { name: '工作階段即將結束' }).count()).toBe(0);
    await page.clock.runFor(3_000);
    await page.getByRole('dialog', { name: '工作階段即將結束' }).waitFor();
    const cleaned = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/cleanSession'));
    await page.clock.runFor(300_000);
    expect(await (await cleaned).json()).toMatchObject({ returnCode: 0 });
    await page.getByRole('dialog', { name: '工作階段已結束' }).waitFor();
    await context.close();
  });
});
