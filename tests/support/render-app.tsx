import { createMemoryHistory } from '@tanstack/react-router';
import { act, render } from '@testing-library/react';
import { vi } from 'vitest';
import { fromPromise } from 'xstate';
import { consentMachine } from '../../machines/consent.machine';
import { App } from '../../src/app';
import { type AppLogic, startAppActors } from '../../src/app-actors';
import { NEW_CART } from '../../src/domain/cart-item';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings';
import { liveCartMachine } from '../../src/features/cart/cart-actors';
import { liveSessionMachine } from '../../src/features/session/session-actors';
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

const SERVER_NOW = '2026-11-21T08:00:00.000Z';

/** The fake server's answers for the calls every page makes; a test's handler may fall back on it. */
export const defaultFetch: FetchHandler = (url) => {
  const verb = url.pathname.split('/').at(-1);
  switch (verb) {
    case 'queryAllMeta':
      return envelope(TITLES);
    case 'getCart':
      return envelope(NEW_CART);
    case 'getExtraSetup':
      return envelope(DEFAULT_SITE_SETTINGS);
    case 'addSession':
      return envelope({ startedAt: SERVER_NOW, now: SERVER_NOW, remindSeconds: 1440, endSeconds: 1740 });
    default:
      return envelope(null);
  }
};

/** The consent machine of a visitor who accepted before. */
const acceptedBefore = consentMachine.provide({
  actors: {
    readConsent: fromPromise(async () => true),
    storeConsent: fromPromise<void>(async () => {}),
  },
});

/**
 * Renders the whole app at `path` (under /groupins/) with memory history and a fake network. Cart and
 * session run their live bindings against that network; any machine can be swapped for one bound to fakes.
 */
export async function renderApp(path: string, options: Partial<AppLogic> & { fetch?: FetchHandler } = {}) {
  const handler = options.fetch ?? defaultFetch;
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) =>
    handler(new URL(String(input), 'http://localhost'), init),
  );
  vi.stubGlobal('fetch', fetchMock);
  const actors = startAppActors({
    consent: options.consent ?? acceptedBefore,
    cart: options.cart ?? liveCartMachine,
    session: options.session ?? liveSessionMachine,
    ...(options.clock ? { clock: options.clock } : {}),
  });
  const history = createMemoryHistory({ initialEntries: [`/groupins${path}`] });
  const router = createAppRouter({ actors }, history);
  const view = render(<App router={router} />);
  await act(() => router.load());
  return { ...view, router, actors, history, fetchMock };
}

/** The JSON bodies of the POSTs made to one API path. */
export function postedBodies(fetchMock: ReturnType<typeof vi.fn>, apiPath: string): unknown[] {
  return fetchMock.mock.calls
    .filter(([url, init]) => String(url).endsWith(apiPath) && (init as RequestInit)?.method === 'POST')
    .map(([, init]) => JSON.parse(String((init as RequestInit).body)));
}
