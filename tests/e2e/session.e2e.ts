import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { flowPaths } from '../../machine-paths/paths';
import { machines } from '../../machine-paths/registry';
import { SessionOracle, type SessionStimulus, type SessionView } from '../../machine-paths/session/oracle';
import { SESSION_CALLS, SESSION_START, sessionStimuli } from '../../machine-paths/session/stimuli';
import type { HeldNetwork } from '../support/api-calls';
import { withDialogText } from '../support/dom-agreement';
import { sessionScreen } from '../support/flow-screens';
import { recordPassedPath } from '../support/path-record';
import { type PathDriver, runPath } from '../support/path-runner';
import { builtAppForThisFile, openApp, returningVisitor } from './support/built-app';
import { heldPageNetwork, type PageAnswers, pageAgreement, pageAnswers } from './support/held-network';

const entry = machines.find((m) => m.id === 'session')!;

const app = builtAppForThisFile();

/** Where the page's clock starts (the session's times are the server's, whatever the page's clock says). */
const CLOCK_START = Date.parse('2026-11-21T08:00:00.000Z');
/**
 * Where a path stops the page's clock, once the app has started: from then on the page's time moves only by
 * the path's waits. A running clock also moves with the real time a busy machine spends between two steps,
 * which the oracle does not count (a second spent after the reminder showed, and the end came before the
 * oracle's). Past any time the clock can have reached by then (a test has 60 s), so stopping it never moves
 * it back; the session counts no time before addSession's answer, which the path holds until its first step.
 */
const CLOCK_STOP = CLOCK_START + 60_000;

/** The built app in Chromium under Playwright's clock, its session calls held. */
function sessionInChromium(
  page: Page,
  network: HeldNetwork,
  answers: PageAnswers,
): PathDriver<SessionStimulus, SessionView> {
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
        case 'reply': {
          // The answer reaches the page in tasks of its own: until the page has read it, the machine has
          // not started counting, so time moves on only once it has (the oracle's answer takes no time).
          const before = (await answers.read(s.call)).length;
          await network.reply(s.call, s.reply);
          await answers.nth(s.call, before + 1);
          return;
        }
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
        await page.clock.install({ time: CLOCK_START });
        const network = await heldPageNetwork(page, SESSION_CALLS);
        const answers = await pageAnswers(page);
        await openApp(page, `${app.server.origin}/groupins${SESSION_START}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.evaluate(() => sessionStorage.setItem('groupins.flow.shopcart', '{}'));
        await page.clock.pauseAt(CLOCK_STOP);
        await runPath(
          path,
          sessionStimuli,
          new SessionOracle(SESSION_START),
          sessionInChromium(page, network, answers),
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
    await page.clock.install({ time: CLOCK_START });
    const answers = await pageAnswers(page);
    const started = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/addSession'));
    await openApp(page, `${app.server.origin}/groupins/`);
    await page.getByRole('heading', { level: 1 }).waitFor(); // the screen's chunk is in before time moves
    expect(await (await started).json()).toMatchObject({
      returnCode: 0,
      data: { remindSeconds: 1440, endSeconds: 1740 },
    });
    // counted from the moment the page had the answer (the response seen here may not have reached it yet),
    // and from then on the page's time moves only as this test says
    const answeredAt = await answers.nth('addSession', 1);
    await page.clock.pauseAt(answeredAt + 1_438_000);
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
