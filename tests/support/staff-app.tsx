import { createMemoryHistory, RouterProvider } from '@tanstack/react-router';
import { render } from '@testing-library/react';
import { vi } from 'vitest';
import { staffSession } from '../../src/lib/staff-api';
import { createStaffRouter } from '../../src/staff-router';
import type { CartVisitor } from './cart-visitor';

/** The server's answer to one staff call: an envelope, and its HTTP status (200 unless given). */
export interface StaffAnswer {
  returnCode: number;
  data: unknown;
  msg: string;
  status?: number;
}
export const ok = (data: unknown): StaffAnswer => ({ returnCode: 0, data, msg: '' });
export const SIGNED_OUT: StaffAnswer = { returnCode: 401, data: null, msg: '請先登入員工帳號', status: 401 };
export const FORBIDDEN: StaffAnswer = {
  returnCode: 403,
  data: null,
  msg: '您沒有使用此功能的權限',
  status: 403,
};

/** A file the server answered (a PDF) with 200: its bytes and its headers. */
export interface StaffFile {
  file: BlobPart;
  headers: Record<string, string>;
}

/** A call the page made: the API path (`staff/accounts`), its query and its body. */
export interface StaffCall {
  path: string;
  method: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}

/** A call of the page answered by a real test server, with `visitor`'s cookies (a signed-in person's). */
export const answeredBy =
  (visitor: CartVisitor) =>
  async (call: StaffCall): Promise<StaffAnswer> => {
    const query = call.query.toString();
    const response =
      call.method === 'POST'
        ? await visitor.api(call.path, call.body ?? {})
        : await visitor.read(query ? `${call.path}?${query}` : call.path);
    return { ...response.json(), status: response.statusCode };
  };

/**
 * The staff's pages in jsdom at `path` (below /groupins/), on memory history, against a fake server: each
 * API path answers from `answers` (a function of the call, which may ask a real server, or a fixed answer,
 * an envelope or a file), anything else 404. The address is also kept on the window, as a browser's would be.
 */
export function renderStaff(
  path: string,
  answers: Record<
    string,
    | StaffAnswer
    | StaffFile
    | ((call: StaffCall) => StaffAnswer | StaffFile | Promise<StaffAnswer | StaffFile>)
  >,
) {
  staffSession.clear();
  window.history.replaceState(null, '', path);
  const calls: StaffCall[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      const call: StaffCall = {
        path: url.pathname.replace('/ODGAWeb/api/', ''),
        method: init.method ?? 'GET',
        query: url.searchParams,
        body: init.body ? JSON.parse(String(init.body)) : undefined,
        headers: new Headers(init.headers),
      };
      calls.push(call);
      const found = answers[call.path];
      const answer = typeof found === 'function' ? await found(call) : found;
      if (answer && 'file' in answer)
        return new Response(answer.file, { status: 200, headers: answer.headers });
      const { status = 200, ...envelope } = answer ?? { returnCode: 404, data: null, msg: '', status: 404 };
      return new Response(JSON.stringify(envelope), {
        status,
        headers: { 'content-type': 'application/json' },
      });
    }),
  );
  const router = createStaffRouter(createMemoryHistory({ initialEntries: [path] }));
  router.history.subscribe(({ location }) => window.history.replaceState(null, '', location.href));
  const view = render(<RouterProvider router={router} />);
  return {
    ...view,
    router,
    calls,
    location: () => router.history.location.pathname + router.history.location.search,
  };
}
