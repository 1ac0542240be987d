import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import type { SimulatedClock } from 'xstate';

/**
 * Opens the whole app at `path` (under /groupins/) as a new page would: its modules loaded afresh (so
 * what a page keeps, such as the site's settings, starts empty), its live actors bound to the real API
 * client, memory history, and time for the actors on `clock`. The network is the test's (held-network).
 */
export async function openPage(path: string, options: { clock?: SimulatedClock } = {}) {
  vi.resetModules();
  const [{ App }, { startAppActors }, { createAppRouter }] = await Promise.all([
    import('../../src/app'),
    import('../../src/app-actors'),
    import('../../src/router'),
  ]);
  const actors = startAppActors(options.clock ? { clock: options.clock } : {});
  const history = createMemoryHistory({ initialEntries: [`/groupins${path}`] });
  const router = createAppRouter({ actors }, history);
  const view = render(<App router={router} />);
  await act(() => router.load());
  return { ...view, history, actors, stop: () => Object.values(actors).map((a) => a.stop()) };
}
