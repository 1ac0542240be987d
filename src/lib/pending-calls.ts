/**
 * Counts API calls that asked for the loading overlay. Overlapping calls keep it up until the last one
 * ends, so it does not flicker off between them.
 */
type Listener = () => void;

let pending = 0;
const listeners = new Set<Listener>();

function emit() {
  for (const listener of listeners) listener();
}

export const pendingCalls = {
  begin(): () => void {
    pending += 1;
    emit();
    let ended = false;
    return () => {
      if (ended) return;
      ended = true;
      pending -= 1;
      emit();
    };
  },
  count: () => pending,
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
