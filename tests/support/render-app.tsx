import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import { consentMachine } from '../../machines/consent.machine';
import { App } from '../../src/app';
import { type AppLogic, startAppActors } from '../../src/app-actors';
import { createAppRouter } from '../../src/router';

export type FetchHandler = (url: URL, init: RequestInit) => Response | Promise<Response>;

/** An answer in the API's envelope. */
export function envelope(data: unknown, returnCode = 0, msg = '', status = 200): Response {
  return new Response(JSON.stringify({ returnCode, data, msg }), {
    status,
    headers: { 'content-type': 'application/json' },
  });
}

/** Titles the fake server answers with unless a test says otherwise. */
export const TITLES = [
  { func_id: 'groupins_index', meta_value: '團體保險網路服務' },
  { func_id: 'ODGAF010', meta_value: '團體保險方案｜團體保險網路服務' },
];

const defaultFetch: FetchHandler = (url) =>
  url.pathname.endsWith('/functionMeta/queryAllMeta') ? envelope(TITLES) : envelope(null);

/**
 * Renders the whole app at `path` (under /groupins/) with memory history, a fake network and the consent
 * machine bound to the given logic (by default: the visitor accepted before).
 */
export async function renderApp(
  path: string,
  options: { consent?: AppLogic['consent']; clock?: AppLogic['clock']; fetch?: FetchHandler } = {},
) {
  const handler = options.fetch ?? defaultFetch;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const actors = startAppActors({
    consent: options.consent ?? acceptedBefore,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const history = createMemoryHistory({ initialEntries: [`/groupins${path}`] });
  const router = createAppRouter({ actors }, history);
  const view = render(<App router={router} />);
  await act(() => router.load());
  return { ...view, router, actors, history, fetchMock };
}

const acceptedBefore = consentMachine.provide({
  actors: {
    readConsent: fromPromise(async () => true),
    storeConsent: fromPromise<void>(async () => {}),
  },
});
