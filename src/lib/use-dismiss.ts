import { type RefObject, useEffect, useRef } from 'react';

interface Dismiss {
  /** what a mouse press may land on without dismissing */
  inside: ReadonlyArray<RefObject<HTMLElement | null>>;
  onOutside: () => void;
  onEscape: () => void;
}

/**
 * While `active`, a mouse press outside `inside` calls `onOutside` and Escape calls `onEscape`, the
 * pattern of a menu or a panel. Escape is left alone while a dialog is open: it closes the dialog first.
 */
export function useDismiss(active: boolean, dismiss: Dismiss) {
  const latest = useRef(dismiss);
  latest.current = dismiss;

  useEffect(() => {
    if (!active) return;
    const onMouseDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!latest.current.inside.some((ref) => ref.current?.contains(target))) latest.current.onOutside();
    };
    const onKeyDown = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !document.querySelector('[role="dialog"]')) latest.current.onEscape();
    };
    document.addEventListener('mousedown', onMouseDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onMouseDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [active]);
}
