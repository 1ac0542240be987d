import { afterEach, expect, it, vi } from 'vitest';
import { createActor, waitFor } from 'xstate';
import { liveSessionMachine } from '../../src/features/session/session-actors';
import { envelope, postedBodies } from '../support/render-app';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

it('counts elapsed time from the server clock, whatever the client clock says', async () => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2031-01-01T00:00:00Z')); // a client clock years off
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      envelope({
        startedAt: '2026-11-21T08:00:00.000Z',
        now: '2026-11-21T08:10:00.000Z',
        remindSeconds: 1500,
        endSeconds: 1800,
      }),
    ),
  );
  const actor = createActor(liveSessionMachine).start();
  const active = await waitFor(actor, (s) => s.matches('active'));
  expect(active.context).toEqual({ remindSeconds: 1500, endSeconds: 1800, elapsedSeconds: 600 });
  actor.stop();
});

it('ends the session on the server with cleanSession', async () => {
  const fetchMock = vi.fn(async (url: string) =>
    url.endsWith('addSession')
      ? envelope({
          startedAt: '2026-11-21T08:00:00Z',
          now: '2026-11-21T08:29:00Z',
          remindSeconds: 1440,
          endSeconds: 1740,
        })
      : envelope(null),
  );
  vi.stubGlobal('fetch', fetchMock);
  // 29 minutes have passed on the server: reminder and end are due at once
  const actor = createActor(liveSessionMachine).start();
  await waitFor(actor, (s) => s.matches('ended'), { timeout: 2000 });
  expect(postedBodies(fetchMock, '/DTODGAZ0/cleanSession')).toEqual([{}]);
});
