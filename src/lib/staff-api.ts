import type { StaffSession } from '../domain/api/staff';
import { RETURN_CODE } from '../domain/envelope';
import { staffHref } from '../domain/staff-pages';
import { ApiFailure, apiGet, apiPost, apiPostFile } from './api-client';

/*
 * The staff's calls: the visitors' API client (envelope, CSRF header), plus what every staff screen does
 * with a 401: the session is gone, so the person is sent to the sign-in, which brings them back here after.
 * A 403 stays the screen's to show (「您沒有使用此功能的權限」, the server's message).
 */

const RETURN_KEY = 'gi_staff_return';

/** What a 401 does; the staff router sets it to its own navigation. */
let toSignIn: () => void = () => window.location.assign(staffHref('login'));

export function onSignedOut(handler: () => void): void {
  toSignIn = handler;
}

/** Remembers the page to come back to after the sign-in: a path below the site, with its query. */
export function rememberReturn(href: string): void {
  sessionStorage.setItem(RETURN_KEY, href);
}

/** The page remembered before the sign-in, forgotten as it is read. */
export function takeReturn(): string | undefined {
  const href = sessionStorage.getItem(RETURN_KEY) ?? undefined;
  sessionStorage.removeItem(RETURN_KEY);
  return href;
}

export const isSignedOut = (error: unknown) =>
  error instanceof ApiFailure && error.returnCode === RETURN_CODE.unauthorized;

let current: Promise<StaffSession> | undefined;
let known: StaffSession | undefined;

/** Who is signed in, read from the server once and kept until the sign-in changes or a call answers 401. */
export const staffSession = {
  read: (): Promise<StaffSession> =>
    (current ??= signInApi.me().then(
      (session) => {
        known = session;
        return session;
      },
      (error: unknown) => {
        current = undefined;
        throw error;
      },
    )),
  /** the person read last: there once the signed-in pages' route has read it */
  known: (): StaffSession | undefined => known,
  set: (session: StaffSession) => {
    known = session;
    current = Promise.resolve(session);
  },
  clear: () => {
    known = undefined;
    current = undefined;
  },
};

async function staffCall<T>(call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (error) {
    if (isSignedOut(error)) {
      staffSession.clear();
      rememberReturn(window.location.pathname + window.location.search);
      toSignIn();
    }
    throw error;
  }
}

/** GET a staff endpoint; a 401 sends to the sign-in (and rejects). */
export const staffGet = <T>(path: string, query?: Record<string, string>) =>
  staffCall(apiGet<T>(path, query));

/** POST to a staff endpoint with the CSRF header; a 401 sends to the sign-in (and rejects). */
export const staffPost = <T>(path: string, body: unknown) => staffCall(apiPost<T>(path, body));

/** POST to a staff endpoint that answers a file (a PDF); a refusal rejects as staffPost does. */
export const staffPostFile = (path: string, body: unknown) => staffCall(apiPostFile(path, body));

/** The sign-in's own calls: a refused sign-in is no lost session. */
export const signInApi = {
  login: (name: string, password: string) => apiPost<StaffSession>('staff/login', { name, password }),
  logout: () => apiPost<null>('staff/logout', {}),
  /** who is signed in; a 401 rejects without sending anywhere (the router decides) */
  me: () => apiGet<StaffSession>('staff/me'),
};

/** The message of a failed call as the screens show it. */
export const failureMessage = (error: unknown) =>
  error instanceof ApiFailure ? error.message : '無法連線到伺服器，請稍後再試';
