import {
  STAFF_IDLE_ENDED,
  STAFF_IDLE_SECONDS,
  STAFF_REMIND_SECONDS,
  type StaffSession,
} from '../domain/api/staff';
import { RETURN_CODE } from '../domain/envelope';
import { staffMessages } from '../domain/staff-messages';
import { staffHref } from '../domain/staff-pages';
import { ApiFailure, apiGet, apiPost, apiPostFile } from './api-client';

/*
 * The staff's calls: the visitors' API client (envelope, CSRF header), plus what every staff screen does
 * with a 401: the session is gone, so the person is sent to the sign-in, which brings them back here after
 * (saying why when the session ended for want of requests). A 403 stays the screen's to show
 * (「您沒有使用此功能的權限」, the server's message). Every call the server answered renews the session
 * there; when the last one was sent, in this tab or another, is kept for the session's reminder
 * (features/staff-session).
 */

const RETURN_KEY = 'gi_staff_return';
const NOTICE_KEY = 'gi_staff_notice';
/** localStorage: when a tab's last renewing call was sent, so every tab of one browser counts from it */
const RENEWED_KEY = 'gi_staff_renewed';

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

/** What the sign-in page says first: why the person was signed out, when it was not their doing. */
export const signInNotice = {
  read: (): string | undefined => sessionStorage.getItem(NOTICE_KEY) ?? undefined,
  clear: () => sessionStorage.removeItem(NOTICE_KEY),
};

export const isSignedOut = (error: unknown) =>
  error instanceof ApiFailure && error.returnCode === RETURN_CODE.unauthorized;

/** A 401 the server answered because the session went too long without a request: the sign-in says so. */
export function noteIdleEnd(error: unknown): void {
  if (isSignedOut(error) && (error as ApiFailure).data === STAFF_IDLE_ENDED) {
    sessionStorage.setItem(NOTICE_KEY, staffMessages.staffIdleEnded(STAFF_IDLE_SECONDS / 60));
  }
}

/** The session's end, found by the page's own timer: to the sign-in, saying why, and back here after it. */
export function signOutIdle(): void {
  sessionStorage.setItem(NOTICE_KEY, staffMessages.staffIdleEnded(STAFF_IDLE_SECONDS / 60));
  toSignInFromHere();
}

function toSignInFromHere(): void {
  staffSession.clear();
  // a screen's call still going as the sign-in opens is refused there: the page to come back to stays
  if (window.location.pathname === staffHref('login')) return;
  rememberReturn(window.location.pathname + window.location.search);
  toSignIn();
}

let renewedAt: number | undefined;
const activityListeners = new Set<() => void>();

/** Calls `listener` each time the server answers a staff call (and so renewed the session); answers the unsubscribe. */
export function onStaffActivity(listener: () => void): () => void {
  activityListeners.add(listener);
  return () => {
    activityListeners.delete(listener);
  };
}

/** When the last call the server renewed the session with was sent (Date.now()), if any, in any tab. */
export const lastRenewal = (): number | undefined => renewedAt;

/**
 * Whether a call renewed the session less than STAFF_REMIND_SECONDS ago (in another tab, when this one is
 * at its end): the session is on, and this tab's end is none.
 */
export const sessionRenewedLately = (): boolean =>
  renewedAt !== undefined && Date.now() - renewedAt < STAFF_REMIND_SECONDS * 1000;

/** The server answered a call sent at `sentAt`: it renewed the session then or after. */
function renewed(sentAt: number, tellOtherTabs = true): void {
  renewedAt = sentAt;
  if (tellOtherTabs) {
    try {
      localStorage.setItem(RENEWED_KEY, String(sentAt));
    } catch {
      // storage refused: this tab counts its own calls only
    }
  }
  for (const listener of activityListeners) listener();
}

// another tab of the staff's pages renewed the session, which is this tab's too
window.addEventListener('storage', (event) => {
  const sentAt = event.key === RENEWED_KEY ? Number(event.newValue) : Number.NaN;
  if (Number.isFinite(sentAt) && sentAt > (renewedAt ?? 0)) renewed(sentAt, false);
});

/** Answers the server gives a staff call only once its session has been found, and renewed. */
const AFTER_THE_SESSION: readonly number[] = [
  RETURN_CODE.refused,
  RETURN_CODE.badInput,
  RETURN_CODE.notFound,
];

/** Whether the server answered a call sent at `sentAt` after finding its session (so renewed it): noted. */
function noteRenewal(sentAt: number, error?: unknown): void {
  if (error === undefined || (error instanceof ApiFailure && AFTER_THE_SESSION.includes(error.returnCode))) {
    renewed(sentAt);
  }
}

let current: Promise<StaffSession> | undefined;
let known: StaffSession | undefined;

function readWhoIsSignedIn(): Promise<StaffSession> {
  const sentAt = Date.now();
  return signInApi.me().then(
    (session) => {
      renewed(sentAt);
      known = session;
      return session;
    },
    (error: unknown) => {
      current = undefined;
      throw error;
    },
  );
}

/** Who is signed in, read from the server once and kept until the sign-in changes or a call answers 401. */
export const staffSession = {
  read: (): Promise<StaffSession> => (current ??= readWhoIsSignedIn()),
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

/** `call`, just sent: a renewal noted when the server answers it, a 401 sent to the sign-in. */
async function staffCall<T>(call: Promise<T>): Promise<T> {
  const sentAt = Date.now();
  try {
    const answer = await call;
    noteRenewal(sentAt);
    return answer;
  } catch (error) {
    noteRenewal(sentAt, error);
    if (isSignedOut(error)) {
      noteIdleEnd(error);
      toSignInFromHere();
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

/** Renews the session on the server (any staff call does; this one reads who is signed in): answers when it was sent. */
export async function renewStaffSession(): Promise<number> {
  const sentAt = Date.now();
  await staffCall(signInApi.me());
  return sentAt;
}

/** The sign-in's own calls: a refused sign-in is no lost session. */
export const signInApi = {
  /** a session started is one just renewed; a refusal renews none */
  login: async (name: string, password: string, captcha?: string) => {
    const sentAt = Date.now();
    const session = await apiPost<StaffSession>('staff/login', {
      name,
      password,
      ...(captcha ? { captcha } : {}),
    });
    renewed(sentAt);
    return session;
  },
  logout: () => apiPost<null>('staff/logout', {}),
  /** who is signed in; a 401 rejects without sending anywhere (the router decides) */
  me: () => apiGet<StaffSession>('staff/me'),
};

/** The message of a failed call as the screens show it. */
export const failureMessage = (error: unknown) =>
  error instanceof ApiFailure ? error.message : '無法連線到伺服器，請稍後再試';
