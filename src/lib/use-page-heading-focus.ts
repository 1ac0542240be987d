import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * After an in-app move to another page (a menu link, 下一步, an emptied cart, Back), focus goes to the new
 * page's heading when it fell to <body> with the control that had it (gone with the old page, or hidden
 * with a closed menu): a screen reader says where the visitor now is, and Tab goes on from the top of the
 * page (WCAG 2.4.3). Until the visitor has focused anything, the page keeps the browser's start, even when
 * the address it was opened at is replaced (a step the data does not allow yet, an unknown path); a screen
 * that put focus somewhere itself keeps it.
 */
export function usePageHeadingFocus() {
  const path = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const shown = useRef(path);
  const used = useRef(false);
  useEffect(() => {
    const mark = () => {
      used.current = true;
    };
    document.addEventListener('focusin', mark, { once: true });
    return () => document.removeEventListener('focusin', mark);
  }, []);
  useEffect(() => {
    if (path === shown.current) return;
    shown.current = path;
    if (used.current && document.activeElement === document.body)
      document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [path]);
}
