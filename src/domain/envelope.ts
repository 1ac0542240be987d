/** The answer every API call gives: returnCode 0 is success, anything else a failure (docs/specification.md §7). */
export interface ApiEnvelope<T = unknown> {
  returnCode: number;
  data: T;
  msg: string;
}

/** returnCode values the server uses; the client only distinguishes 0 from the rest (docs/specification.md §8). */
export const RETURN_CODE = {
  ok: 0,
  /** a business refusal the visitor can act on (cart full, item error); data names the dialog */
  refused: 1,
  badInput: 400,
  /** a staff call without a staff session */
  unauthorized: 401,
  forbidden: 403,
  notFound: 404,
  tooMany: 429,
  serverFault: 500,
  unavailable: 503,
} as const;

/** Base path of the API, relative to the host (docs/specification.md §7). */
export const API_BASE = '/ODGAWeb/api';

/** Double-submit CSRF: the server sets the readable cookie, every POST echoes it in the header. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-csrf-token';
