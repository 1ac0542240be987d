/** Where the visitor is in a multi-step flow, and how many steps remain. */
export function StepIndicator({ steps, current }: { steps: readonly string[]; current: number }) {
  const remaining = steps.length - current - 1;
  return (
    <nav className="steps" aria-label="申請步驟">
      <ol>
        {steps.map((label, i) => (
          <li key={label} className={i === current ? 'current' : i < current ? 'done' : undefined}>
            <span className="step-number" aria-hidden="true">
              {i + 1}
            </span>
            <span aria-current={i === current ? 'step' : undefined}>{label}</span>
          </li>
        ))}
      </ol>
      <p className="steps-remaining">
        第 {current + 1} 步，共 {steps.length} 步{remaining > 0 ? `，還有 ${remaining} 步` : ''}
      </p>
    </nav>
  );
}
