/** Flow actors keep their snapshots in sessionStorage under this prefix (docs/design.md "Flows are machines"). */
export const FLOW_STORAGE_PREFIX = 'groupins.flow.';

const disposers = new Set<() => void>();

/** A running flow asks to be stopped when the flows are forgotten. */
export function onFlowsCleared(dispose: () => void): () => void {
  disposers.add(dispose);
  return () => disposers.delete(dispose);
}

/** Forgets every flow in progress, e.g. on /back2Home or when the session ends. */
export function clearFlowState(): void {
  for (const dispose of [...disposers]) dispose();
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(FLOW_STORAGE_PREFIX)) sessionStorage.removeItem(key);
  }
}
