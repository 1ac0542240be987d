/** A period of Taipei days, as the traffic views read it. */
export interface Period {
  from: string;
  to: string;
}

const TEXT = { from: '起日', to: '迄日' } as const;

/** The traffic views' 起日 and 迄日: each change of a day is the new period at once. */
export function PeriodForm({ period, onChange }: { period: Period; onChange: (next: Period) => void }) {
  return (
    <form className="atlas-period" onSubmit={(event) => event.preventDefault()}>
      <label>
        {TEXT.from}
        <input
          type="date"
          value={period.from}
          max={period.to}
          onChange={(event) => event.target.value && onChange({ ...period, from: event.target.value })}
        />
      </label>
      <label>
        {TEXT.to}
        <input
          type="date"
          value={period.to}
          min={period.from}
          onChange={(event) => event.target.value && onChange({ ...period, to: event.target.value })}
        />
      </label>
    </form>
  );
}
