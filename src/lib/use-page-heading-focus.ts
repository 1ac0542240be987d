import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * After an in-app move to another page (a menu link, 下一步, an emptied cart, Back), focus goes to the new
 * page's heading when it fell to <body> with the control that had it (gone with the old page, or hidden
 * with a closed menu): a screen reader says where the visitor now is, and Tab goes on from the top of the
 * page (WCAG 2.4.3). The first page keeps the browser's start; a screen that put focus somewhere keeps it.
 */
export function usePageHeadingFocus() {
  const path = useRouterState({ select: (s) => s.resolvedLocation?.pathname });
  const shown = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (path === undefined || path === shown.current) return;
    const first = shown.current === undefined;
    shown.current = path;
    if (!first && document.activeElement === document.body)
      document.querySelector<HTMLElement>('main h1')?.focus({ preventScroll: true });
  }, [path]);
}
