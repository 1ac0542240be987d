import type { SentRequest } from './oracle';

// What a page draws itself and the oracle cannot know: the request id of a submission (random) and the
// widget's captcha payload (the solution of a challenge the fake or built server served). Shared by the
// flows' page runs in jsdom and in Chromium.

/** What the fake server and the visitor hold during one page run. */
export interface PageVisit {
  /** the oracle's request id of each submission in the tab: the path's first, then each restart's */
  requestIds: string[];
  /** the captcha of each submission the visitor solved the widget for, in order */
  captchas: string[];
  /** the signatures of the challenges the server handed out */
  served: Set<string>;
}

export const pageVisit = (requestId?: string): PageVisit => ({
  requestIds: requestId === undefined ? [] : [requestId],
  captchas: [],
  served: new Set(),
});

/** Notes a challenge the server hands out, so the payload solving it can be recognised. */
export function answerCaptcha<C extends { signature?: string }>(visit: PageVisit, challenge: C): C {
  visit.served.add(challenge.signature ?? '');
  return challenge;
}

/** The widget's payload names the challenge it solved; it is the visitor's solution if we served that. */
function solvesServed(payload: unknown, visit: PageVisit): boolean {
  try {
    const decoded = JSON.parse(atob(String(payload))) as { challenge?: { signature?: string } };
    return visit.served.has(decoded.challenge?.signature ?? '');
  } catch {
    return false;
  }
}

/**
 * The page's `calls` in the oracle's terms. A body's request id drawn at random stands for the oracle's
 * n-th (the n-th distinct one sent), so a key that changes within a submission or stays after a restart
 * shows as a difference. The payload of a challenge the server served stands for the captcha the path
 * solved the widget for (the k-th submission's, the k-th solved). Anything else is left as it is, so the
 * oracle's comparison refuses it.
 */
export function asSentByOracle(
  sent: readonly SentRequest[],
  calls: readonly string[],
  visit: PageVisit,
): SentRequest[] {
  const ids = new Map<unknown, string>();
  let solved = 0;
  return sent
    .filter((r) => calls.includes(r.call))
    .map((r) => {
      const body = { ...(r.body as Record<string, unknown>) };
      if ('requestId' in body) {
        if (!ids.has(body.requestId))
          ids.set(body.requestId, visit.requestIds[ids.size] ?? String(body.requestId));
        body.requestId = ids.get(body.requestId);
      }
      if ('captcha' in body && solvesServed(body.captcha, visit)) body.captcha = visit.captchas[solved++];
      return { ...r, body };
    });
}
