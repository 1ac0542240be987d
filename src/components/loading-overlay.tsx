import { useEffect, useState, useSyncExternalStore } from 'react';
import { pendingCalls } from '../lib/pending-calls';

/** Calls quicker than this never show the overlay, so fast answers do not flash the screen. */
const SHOW_AFTER_MS = 200;

/** Full-screen loading overlay while any call that asked for it is in flight. */
export function LoadingOverlay() {
  const count = useSyncExternalStore(pendingCalls.subscribe, pendingCalls.count, () => 0);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (count === 0) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SHOW_AFTER_MS);
    return () => clearTimeout(timer);
  }, [count]);

  if (!visible) return null;
  return (
    <div className="loading-overlay" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p>處理中，請稍候…</p>
    </div>
  );
}
