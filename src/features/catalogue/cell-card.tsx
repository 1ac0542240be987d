import { useId, useState } from 'react';
import { BusyButton } from '../../components/busy-button';
import { agesLabel, cellRangeLabel, choiceLabel, riderNote, waitingLabel } from '../../domain/amount-label';
import type { InputPackage } from '../../domain/cart-item';
import { type CatalogueCell, cellChoices, cellPackage } from '../../domain/catalogue';

interface CellCardProps {
  cell: CatalogueCell;
  onAdd: (pkg: InputPackage) => void;
  busy?: boolean;
}

/** One coverage item: what it pays, its limits, the amount chooser and 「加入購物車」. */
export function CellCard({ cell, onAdd, busy }: CellCardProps) {
  const choices = cellChoices(cell);
  const [choice, setChoice] = useState(cell.DEFAULT_SALARY_MULTIPLE ?? choices[0] ?? 0);
  const selectId = useId();
  const note = riderNote(cell);
  const salary = cell.BASIS === 'salary';
  return (
    <li className="card cell-card">
      <h2>{cell.PROD_NAME}</h2>
      {note && <p className="rider-note">{note}</p>}
      <p>{cell.DESCRIPTION}</p>
      <dl className="cell-facts">
        <dt>{salary ? '保額' : '保額範圍'}</dt>
        <dd>{cellRangeLabel(cell)}</dd>
        <dt>投保年齡</dt>
        <dd>{agesLabel(cell)}</dd>
        <dt>等待期</dt>
        <dd>{waitingLabel(cell)}</dd>
      </dl>
      <div className="form-field">
        <label htmlFor={selectId}>
          {salary ? '月投保薪資倍數' : cell.BASIS === 'daily' ? '日額' : '保額'}
        </label>
        <select id={selectId} value={choice} onChange={(e) => setChoice(Number(e.target.value))}>
          {choices.map((value) => (
            <option key={value} value={value}>
              {choiceLabel(cell, value)}
            </option>
          ))}
        </select>
      </div>
      <BusyButton
        className="button primary"
        aria-label={`加入購物車：${cell.PROD_NAME}`}
        busy={busy}
        onClick={() => onAdd(cellPackage(cell, choice))}
      >
        加入購物車
      </BusyButton>
    </li>
  );
}
