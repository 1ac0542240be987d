import { type ReactNode, useEffect, useId, useRef } from 'react';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** buttons; the first one receives focus when the dialog opens */
  actions: ReactNode;
  onClose?: () => void;
}

/** The one modal dialog of the site: labelled, focus moved in and given back, Escape closes. */
export function Dialog({ title, children, actions, onClose }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    panel.current?.querySelector<HTMLElement>('.dialog-actions button')?.focus();
    return () => previous?.focus?.();
  }, []);

  return (
    <div className="dialog-backdrop">
      <div
        ref={panel}
        className="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onKeyDown={(e) => {
          if (e.key === 'Escape' && onClose) onClose();
          if (e.key === 'Tab') keepFocusInside(e, panel.current);
        }}
      >
        <h2 id={titleId}>{title}</h2>
        <div id={bodyId}>{children}</div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>
  );
}

function keepFocusInside(e: React.KeyboardEvent, root: HTMLElement | null) {
  if (!root) return;
  const focusable = root.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea');
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (e.shiftKey && document.activeElement === first) {
    e.preventDefault();
    last.focus();
  } else if (!e.shiftKey && document.activeElement === last) {
    e.preventDefault();
    first.focus();
  }
}
