import type { ReactNode } from 'react';

/** The frame of every screen: its one h1 and an optional lead paragraph. */
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
      <h1>{heading}</h1>
      {lead && <p className="lead">{lead}</p>}
      {children}
    </article>
  );
}
