import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { machines } from '../../machines/registry';
import type { SessionTimes } from '../../machines/session.machine';
import { coveringPaths, delayOf, replaySteps } from '../support/flow-model';
import { builtAppForThisFile, returningVisitor } from './support/built-app';
import { deferApi } from './support/deferred-api';

const entry = machines.find((m) => m.id === 'session')!;
const STARTED = '2026-11-21T08:00:00.000Z';

const app = builtAppForThisFile();

const h1 = (page: Page) => page.getByRole('heading', { level: 1 });

describe('session paths in Chromium under a controlled clock', () => {
  for (const path of coveringPaths(entry)) {
    it(path.description, async () => {
      const { context, page } = await returningVisitor(app);
      try {
        await page.clock.install();
        const api = await deferApi(page, {
          startSession: {
            path: 'DTODGAZ0/addSession',
            answer: (output) => {
              const t = output as SessionTimes;
              const now = new Date(Date.parse(STARTED) + t.elapsedSeconds * 1000).toISOString();
              return { startedAt: STARTED, now, remindSeconds: t.remindSeconds, endSeconds: t.endSeconds };
            },
          },
          endSession: { path: 'DTODGAZ0/cleanSession' },
        });
        await page.goto(`${app.server.origin}/groupins/question`);
        await h1(page).waitFor();
        let times = path.steps[0]!.state.context as SessionTimes;
        await replaySteps(path, async (step) => {
          const event = step.event;
          if (event.type.startsWith('xstate.after.')) {
            await page.clock.runFor(delayOf(entry.machine, event.type, times));
          } else if (event.type === 'session.activity') {
            await page
              .getByRole('navigation', { name: '主選單' })
              .getByRole('link', { name: '常見問題' })
              .click();
            await page
              .getByRole('navigation', { name: '主選單' })
              .getByRole('link', { name: '保費試算' })
              .click();
          } else if (event.type === 'session.continue') {
            await page.getByRole('button', { name: '繼續使用' }).click();
          } else if (event.type === 'session.restart') {
            await page.getByRole('button', { name: '確定' }).click();
          } else if (event.type !== 'xstate.init') {
            await api.settle(event);
          }
          times = step.state.context as SessionTimes;
          const reminder = page.getByRole('dialog', { name: '工作階段即將結束' });
          const ended = page.getByRole('dialog', { name: '工作階段已結束' });
          switch (step.state.value) {
            case 'reminding':
              await reminder.waitFor();
              expect(await reminder.textContent()).toContain('5 分 0 秒');
              break;
            case 'ended':
              await ended.waitFor();
              await expect.poll(() => new URL(page.url()).pathname).toBe('/groupins/');
              break;
            default:
              await reminder.waitFor({ state: 'detached' });
              expect(await ended.count()).toBe(0);
          }
        });
      } finally {
        await context.close();
      }
    });
  }

  it('without interception: the real server starts the session and the reminder comes at 1440 s', async () => {
    const { context, page } = await returningVisitor(app);
    await page.clock.install();
    const started = page.waitForResponse((r) => r.url().endsWith('/DTODGAZ0/addSession'));
    await page.goto(`${app.server.origin}/groupins/`);
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
