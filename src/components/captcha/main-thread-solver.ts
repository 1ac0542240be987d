import { type Challenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/sha';

/** What the widget posts to a solver (altcha's solveChallengeWorkers). */
interface SolverMessage {
  type: 'work' | 'abort';
  challenge?: Challenge;
  counterMode?: 'uint32' | 'string';
  counterStart?: number;
  counterStep?: number;
  timeout?: number;
}

/**
 * A solver with a Worker's shape that works on the main thread, for a page without Web Workers (jsdom in
 * the dom tests). The widget asks `$altcha.algorithms` for a solver for the challenge's algorithm; this is
 * what it gets there, and it answers as the widget's own worker file does: the solution (null when
 * aborted or timed out) or `{ error }`, as a message. It uses altcha-lib's browser entry: WebCrypto only.
 */
export function createMainThreadSolver(): Worker {
  const events = new EventTarget();
  let controller: AbortController | undefined;
  let terminated = false;
  const answer = (data: unknown) => {
    if (!terminated) events.dispatchEvent(new MessageEvent('message', { data }));
  };
  const solver = {
    addEventListener: events.addEventListener.bind(events),
    removeEventListener: events.removeEventListener.bind(events),
    dispatchEvent: events.dispatchEvent.bind(events),
    postMessage(message: SolverMessage) {
      if (message.type === 'abort') {
        controller?.abort();
        return;
      }
      if (message.type !== 'work' || !message.challenge) return;
      const { challenge, counterMode, counterStart, counterStep, timeout } = message;
      controller = new AbortController();
      solveChallenge({
        challenge,
        controller,
        counterMode,
        counterStart,
        counterStep,
        timeout,
        deriveKey,
      }).then(answer, (error: unknown) => answer({ error: String(error) }));
    },
    terminate() {
      terminated = true;
      controller?.abort();
    },
  };
  return solver as unknown as Worker;
}
