import { busyMessage } from '../domain/busy-message';
import { API_BASE, type ApiEnvelope, CSRF_COOKIE, CSRF_HEADER } from '../domain/envelope';
import { readCookie } from './cookies';
import { pendingCalls } from './pending-calls';

/** A call that did not succeed: returnCode is the server's, or -1 when the network failed. */
export class ApiFailure extends Error {
  constructor(
    readonly returnCode: number,
    message: string,
    readonly data: unknown = null,
  ) {
    super(message);
    this.name = 'ApiFailure';
  }
}

export const NETWORK_FAILURE_MESSAGE = '網路連線異常，請確認網路後再試一次';

interface CallOptions {
  /** show the full-screen loading overlay while the call is in flight */
  overlay?: boolean;
  signal?: AbortSignal;
  /** let the request outlive the page (a trace sent as the tab closes) */
  keepalive?: boolean;
}

/** GET `${API_BASE}/${path}`; resolves with `data` when returnCode is 0, else rejects with ApiFailure. */
export function apiGet<T>(path: string, query?: Record<string, string>, options: CallOptions = {}) {
  return call<T>(apiUrl(path, query), { method: 'GET' }, options);
}

/** The address of a GET of `path` with `query`. */
export const apiUrl = (path: string, query?: Record<string, string>) =>
  `${API_BASE}/${path}${query ? `?${new URLSearchParams(query).toString()}` : ''}`;

/**
 * POST JSON with the CSRF header every POST needs; same answer handling as apiGet. Async, so that whatever
 * goes wrong (a body that is no JSON, no document to read the token from) is a rejection, never a throw.
 */
export async function apiPost<T>(path: string, body: unknown, options: CallOptions = {}) {
  return call<T>(`${API_BASE}/${path}`, postInit(body), options);
}

/** A file the server answered (a PDF), with its headers. */
export interface ApiFile {
  blob: Blob;
  headers: Headers;
}

/** POST JSON for a file: resolves with it when the server sends one, else rejects as apiPost does. */
export async function apiPostFile(path: string, body: unknown, options: CallOptions = {}): Promise<ApiFile> {
  return call(`${API_BASE}/${path}`, postInit(body), options, async (response) => {
    const json = response.headers.get('content-type')?.startsWith('application/json') ?? false;
    return response.ok && !json ? { blob: await response.blob(), headers: response.headers } : undefined;
  });
}

/** POSTs JSON in a request that outlives the page (a trace sent as the tab closes); failures are dropped. */
export function postKeepalive(path: string, body: unknown): void {
  fetch(`${API_BASE}/${path}`, { ...postInit(body), keepalive: true, credentials: 'same-origin' }).catch(
    () => undefined,
  );
}

function postInit(body: unknown): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/json', [CSRF_HEADER]: readCookie(CSRF_COOKIE) ?? '' },
    body: JSON.stringify(body),
  };
}

/** `file` reads an answer that is not an envelope (undefined: read it as one). */
async function call<T>(
  url: string,
  init: RequestInit,
  options: CallOptions,
  file?: (response: Response) => Promise<T | undefined>,
): Promise<T> {
  const end = options.overlay ? pendingCalls.begin() : undefined;
  try {
    let response: Response;
    try {
      response = await fetch(url, {
        ...init,
        credentials: 'same-origin',
        headers: { accept: 'application/json', ...init.headers },
        signal: options.signal ?? null,
        keepalive: options.keepalive ?? false,
      });
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw new ApiFailure(-1, NETWORK_FAILURE_MESSAGE);
    }
    const answered = await file?.(response);
    if (answered !== undefined) return answered;
    const envelope = await readEnvelope<T>(response);
    if (envelope.returnCode !== 0) throw new ApiFailure(envelope.returnCode, envelope.msg, envelope.data);
    return envelope.data;
  } finally {
    end?.();
  }
}

async function readEnvelope<T>(response: Response): Promise<ApiEnvelope<T>> {
  try {
    const body = (await response.json()) as Partial<ApiEnvelope<T>>;
    if (typeof body.returnCode === 'number') {
      return { returnCode: body.returnCode, data: body.data as T, msg: body.msg ?? '' };
    }
  } catch {
    // not JSON: a proxy or gateway answered; handled below
  }
  return { returnCode: response.ok ? -1 : response.status, data: null as T, msg: busyMessage() };
}
