import {
  type Actor,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  createActor,
  type InputFrom,
  type StateValue,
} from 'xstate';
import type { TracedMachine } from '../domain/trace';
import { apiPost } from './api-client';
import { FLOW_STORAGE_PREFIX, onFlowsCleared } from './flow-storage';
import { recordTransitions } from './transition-trace';

/** The stored snapshot of the tab's `name` flow, if it still fits the machine; a misfit is dropped. */
function restore(key: string, logic: AnyStateMachine) {
  try {
    const raw = sessionStorage.getItem(key);
    if (!raw) return undefined;
    const snapshot = JSON.parse(raw);
    logic.resolveState({ value: snapshot.value, context: snapshot.context });
    return snapshot;
  } catch {
    sessionStorage.removeItem(key);
    return undefined;
  }
}

/** The settled state a busy state's meta names for a reload to land on (`resume`), if any. */
const resumeOf = (snapshot: AnyMachineSnapshot): StateValue | undefined =>
  (Object.values(snapshot.getMeta()) as Array<{ resume?: StateValue } | undefined>).find((m) => m?.resume)
    ?.resume;

/**
 * A flow's actor for the tab (docs/design.md "Flows are machines"): started from its snapshot in sessionStorage
 * when the tab has one that still fits the machine, else from `input`; the snapshot is saved after each
 * settled step, so a reload keeps the step and what was accepted. A state tagged `busy` holds a call a
 * reload cannot resume: it is saved only when its meta names a settled state to `resume` at, as that state
 * with the context as it is (the shopcart's submit: the application went out), without its call's input.
 * `stop` ends it, as forgetting the flows does (/back2Home, the session's end).
 * Its transitions go to the atlas's trace under the machine's id, which is also the flow's name.
 */
export function storedFlow<TLogic extends AnyStateMachine>(
  name: TracedMachine,
  logic: TLogic,
  input: InputFrom<TLogic>,
  /** what the caller undoes when the flow stops (its subscriptions) */
  cleanup: () => void,
): { actor: Actor<TLogic>; stop(): void } {
  const key = `${FLOW_STORAGE_PREFIX}${name}`;
  const actor = createActor(logic, { input, snapshot: restore(key, logic) } as never) as Actor<TLogic>;
  const tracing = recordTransitions(actor, name, apiPost);
  const saving = actor.subscribe((snapshot: AnyMachineSnapshot) => {
    if (snapshot.status !== 'active') return;
    const resume = snapshot.hasTag('busy') ? resumeOf(snapshot) : null;
    if (resume === undefined) return;
    const persisted = actor.getPersistedSnapshot();
    const saved = resume === null ? persisted : { ...persisted, value: resume, children: {} };
    sessionStorage.setItem(key, JSON.stringify(saved));
  });
  const stop = () => {
    saving.unsubscribe();
    tracing.unsubscribe();
    forget();
    cleanup();
    actor.stop();
  };
  const forget = onFlowsCleared(stop);
  return { actor, stop };
}
