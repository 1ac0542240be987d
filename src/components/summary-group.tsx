import type { ReactNode } from 'react';

/** A titled block of terms and values; `onEdit` adds its 修改 button. */
export function SummaryGroup({
  title,
  onEdit,
  children,
}: {
  title: string;
  onEdit?: () => void;
  children: ReactNode;
}) {
  return (
    <section className="summary-group" aria-label={title}>
      <div className="summary-heading">
        <h2>{title}</h2>
        {onEdit && (
          <button type="button" className="button link" onClick={onEdit} aria-label={`修改${title}`}>
            修改
          </button>
        )}
      </div>
      <dl className="summary-list">{children}</dl>
    </section>
  );
}

export function SummaryRow({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt>{term}</dt>
      <dd>{children}</dd>
    </>
  );
}
