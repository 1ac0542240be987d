import type { ReactNode } from 'react';

/**
 * A wide table's frame: on a narrow screen it scrolls sideways under its sticky first column, and it is a
 * labelled, focusable region so a keyboard can scroll it too (WCAG 2.1.1).
 */
export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be reachable by keyboard
    <section className="table-scroll" aria-label={label} tabIndex={0}>
      {children}
    </section>
  );
}
