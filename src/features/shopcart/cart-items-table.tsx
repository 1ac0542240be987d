import { useId } from 'react';
import { TableScroll } from '../../components/table-scroll';
import { choiceLabel } from '../../domain/amount-label';
import type { CartEstimate } from '../../domain/api/shopcart';
import type { CartClass } from '../../domain/cart-item';
import { type CatalogueCell, cellChoices, cellPackage } from '../../domain/catalogue';
import { formatMoney } from '../../domain/money';
import { useCart } from '../../lib/use-cart';

/** The chosen multiple of a salary cell travels in its title (src/domain/catalogue.ts cellPackage). */
function currentChoice(item: CartClass, cell: CatalogueCell): number {
  if (cell.BASIS !== 'salary') return item.PROD_LIST[0]!.FACE_AMT;
  return Number(/× (\d+)）$/.exec(item.CLASS_TITLE)?.[1] ?? cell.DEFAULT_SALARY_MULTIPLE ?? 0);
}

function lineAmount(line: CartClass['PROD_LIST'][number], salary: boolean): string {
  return salary && line.FACE_AMT === 1 ? '依月薪倍數' : formatMoney(line.FACE_AMT);
}

/** A one-line cell item: its amount can be changed here with the cell page's choices. */
function AmountChooser({ item, cell }: { item: CartClass; cell: CatalogueCell }) {
  const { update, busy } = useCart();
  const id = useId();
  return (
    <div className="form-field inline-field">
      <label htmlFor={id}>{cell.BASIS === 'salary' ? '月投保薪資倍數' : '保額'}</label>
      <select
        id={id}
        value={currentChoice(item, cell)}
        aria-disabled={busy || undefined}
        onChange={(e) => {
          if (!busy) update(item.CLASS_ID, cellPackage(cell, Number(e.target.value)), item.SOURCE_CODE);
        }}
      >
        {cellChoices(cell).map((value) => (
          <option key={value} value={value}>
            {choiceLabel(cell, value)}
          </option>
        ))}
      </select>
    </div>
  );
}

interface CartItemsTableProps {
  items: readonly CartClass[];
  cells: readonly CatalogueCell[];
  estimate: CartEstimate | null;
}

/** STEP1's list of what is applied for: each item's products and amounts, its estimate, change and remove. */
export function CartItemsTable({ items, cells, estimate }: CartItemsTableProps) {
  const { remove, busy } = useCart();
  const priced = (classId: number) =>
    estimate?.kind === 'quoted' ? estimate.items.find((i) => i.CLASS_ID === classId) : undefined;
  return (
    <TableScroll label="投保項目">
      <table className="data-table cart-items-table">
        <caption>投保項目</caption>
        <thead>
          <tr>
            <th scope="col">項目</th>
            <th scope="col">保障內容與保額</th>
            <th scope="col">估算保費（年繳）</th>
            <th scope="col">操作</th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const cell =
              item.SOURCE_CODE === 'CELL' && item.PROD_LIST.length === 1
                ? cells.find((c) => c.PROD_ID === item.PROD_LIST[0]!.PROD_ID)
                : undefined;
            const price = priced(item.CLASS_ID);
            return (
              <tr key={item.CLASS_ID}>
                <th scope="row">{item.CLASS_TITLE}</th>
                <td>
                  <ul className="plain-list">
                    {item.PROD_LIST.map((line) => (
                      <li key={line.PROD_ID}>
                        {line.PROD_NAME}：{lineAmount(line, item.IS_SLRY_MLTPL === 'Y')}
                      </li>
                    ))}
                  </ul>
                  {cell && <AmountChooser item={item} cell={cell} />}
                </td>
                <td>
                  {price ? (
                    <>
                      {formatMoney(price.annual)}
                      <br />
                      <small>每人每月 {formatMoney(price.monthlyPerPerson)}</small>
                    </>
                  ) : (
                    '—'
                  )}
                </td>
                <td>
                  <button
                    type="button"
                    className="button"
                    aria-disabled={busy || undefined}
                    aria-label={`移除「${item.CLASS_TITLE}」`}
                    onClick={() => {
                      if (!busy) remove(item.CLASS_ID);
                    }}
                  >
                    移除
                  </button>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableScroll>
  );
}
