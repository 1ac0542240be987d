import { type ReactNode, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { openModalLayer } from './modal-stack';

interface DialogProps {
  title: string;
  children: ReactNode;
  /** buttons; the first one receives focus when the dialog opens, unless the dialog asks for input */
  actions: ReactNode;
  onClose?: () => void;
}

/**
 * The one modal dialog of the site: labelled, the page behind it inert, focus moved in (to its first field
 * when it asks for input, so a keyboard user types before reaching 確認; otherwise to its first button), kept
 * inside, and given back on close to the control that had it (or to the main content when that is gone).
 */
export function Dialog({ title, children, actions, onClose }: DialogProps) {
  const titleId = useId();
  const bodyId = useId();
  const layer = useRef<HTMLDivElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const body = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const close = layer.current ? openModalLayer(layer.current) : () => {};
    const field = body.current?.querySelector<HTMLElement>('input, select, textarea');
    (field ?? panel.current?.querySelector<HTMLElement>('.dialog-actions button'))?.focus();
    return () => {
      close();
      returnFocus(previous);
    };
  }, []);

  return createPortal(
    <div ref={layer} className="dialog-backdrop">
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
        <div id={bodyId} ref={body}>
          {children}
        </div>
        <div className="dialog-actions">{actions}</div>
      </div>
    </div>,
    document.body,
  );
}

function returnFocus(previous: HTMLElement | null) {
  if (previous?.isConnected && previous !== document.body) previous.focus();
  else document.getElementById('main')?.focus({ preventScroll: true });
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
