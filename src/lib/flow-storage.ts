/** Flow actors keep their snapshots in sessionStorage under this prefix (DESIGN "Flows are machines"). */
export const FLOW_STORAGE_PREFIX = 'groupins.flow.';

/** Forgets every flow in progress, e.g. on /back2Home or when the session ends. */
export function clearFlowState(): void {
  for (const key of Object.keys(sessionStorage)) {
    if (key.startsWith(FLOW_STORAGE_PREFIX)) sessionStorage.removeItem(key);
  }
}
