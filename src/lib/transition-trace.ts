import type { AnyActorRef, AnyMachineSnapshot, AnyStateMachine, InspectionEvent, Subscription } from 'xstate';
import { stateString, TRACE_BATCH_MAX, type TracedMachine } from '../domain/trace';

/*
 * The visitor flows' trace for the atlas's traffic view: each declared transition a flow takes, as machine,
 * from state, event type and to state. Never an event's payload or the context, so nothing a visitor typed
 * leaves with it; the server adds the time and an anonymous id of the session. Steps wait in a batch, sent
 * when it is full, a few seconds after the first waiting step, or as the page is hidden (keepalive: the
 * request outlives the page, like sendBeacon, and still carries the CSRF header every POST needs).
 */

const SEND_AFTER_MS = 5000;

interface PendingStep {
  machine: TracedMachine;
  from: string;
  event: string;
  to: string;
  at: number;
}

/** api-client's apiPost, passed in: this module loads after the entry and shares none of its modules. */
export type TracePost = (path: string, body: unknown, options: { keepalive: boolean }) => Promise<unknown>;

let batch: PendingStep[] = [];
let post: TracePost = async () => undefined;
let timer: ReturnType<typeof setTimeout> | undefined;

function send(): void {
  clearTimeout(timer);
  timer = undefined;
  if (batch.length === 0) return;
  const now = Date.now();
  const steps = batch.map(({ at, ...step }) => ({ ...step, ago: Math.max(0, now - at) }));
  batch = [];
  post('trace/transitions', { steps }, { keepalive: true }).catch(() => undefined);
}

function add(step: PendingStep): void {
  batch.push(step);
  if (batch.length >= TRACE_BATCH_MAX) send();
  else timer ??= setTimeout(send, SEND_AFTER_MS);
}

if (typeof document !== 'undefined')
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'hidden') send();
  });

/**
 * Records the transitions `actor` takes from now on, sent with `sender`; `early` are inspection events it had
 * before this module loaded (the app's actors start before it does). Answers the subscription that stops it.
 */
export function recordTransitions(
  actor: AnyActorRef & { logic: AnyStateMachine },
  machine: TracedMachine,
  sender: TracePost,
  early: readonly InspectionEvent[] = [],
): Subscription {
  post = sender;
  let previous: AnyMachineSnapshot | undefined;
  const observe = (inspection: InspectionEvent) => {
    if (inspection.type !== '@xstate.snapshot' || inspection.actorRef !== actor) return;
    const snapshot = inspection.snapshot as AnyMachineSnapshot;
    const before = previous;
    previous = snapshot;
    const { event } = inspection;
    if (!before || event.type === 'xstate.init') return;
    if (actor.logic.getTransitionData(before, event).length === 0) return;
    add({
      machine,
      from: stateString(before.value),
      event: event.type,
      to: stateString(snapshot.value),
      at: Date.now(),
    });
  };
  early.forEach(observe);
  previous ??= actor.getSnapshot() as AnyMachineSnapshot;
  return actor.system.inspect(observe);
}

/**
 * Records the app's long-lived actors, handing each the inspection events it had before this module loaded;
 * the default export, which main.tsx's dynamic import reaches in the fewest bytes of the entry.
 */
export default function recordAppActors(
  actors: Record<'consent' | 'cart' | 'session', AnyActorRef & { logic: AnyStateMachine }>,
  sender: TracePost,
  early: readonly InspectionEvent[] = [],
): void {
  for (const name of ['consent', 'cart', 'session'] as const)
    recordTransitions(actors[name], name, sender, early);
}
