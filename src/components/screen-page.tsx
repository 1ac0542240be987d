import type { ReactNode } from 'react';

/**
 * The frame of every screen: its one h1 and an optional lead paragraph. The h1 can take focus from a script
 * (a flow's next step moves focus there), never from Tab.
 */
export function ScreenPage({
  heading,
  lead,
  children,
}: {
  heading: string;
  lead?: string;
  children?: ReactNode;
}) {
  return (
    <article className="screen">
      <h1 tabIndex={-1}>{heading}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </article>
  );
}
