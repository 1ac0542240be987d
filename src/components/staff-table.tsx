import type { ReactNode } from 'react';

export interface StaffColumn<Row> {
  header: string;
  cell: (row: Row) => ReactNode;
}

interface StaffTableProps<Row> {
  /** the id of the heading that names the table */
  labelledBy: string;
  /** the column that names each row (its header cell) */
  rowHeader: StaffColumn<Row>;
  columns: ReadonlyArray<StaffColumn<Row>>;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
}

/**
 * The staff's table of rows (accounts, log entries; queues next): columns on a wide screen, each row a block
 * at phone width with each cell named by its column (src/staff.css). The roles are written out because a
 * table whose parts are displayed as blocks loses them in some browsers.
 */
export function StaffTable<Row>({ labelledBy, rowHeader, columns, rows, rowKey }: StaffTableProps<Row>) {
  return (
    // biome-ignore lint/a11y/noRedundantRoles: kept for the phone layout, where CSS makes its parts blocks
    <table className="staff-table" aria-labelledby={labelledBy} role="table">
      <thead>
        <tr>
          <th scope="col">{rowHeader.header}</th>
          {columns.map((column) => (
            <th key={column.header} scope="col">
              {column.header}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          // biome-ignore lint/a11y/noRedundantRoles: as above
          <tr key={rowKey(row)} role="row">
            {/* biome-ignore lint/a11y/noRedundantRoles: as above */}
            <th scope="row" role="rowheader">
              {rowHeader.cell(row)}
            </th>
            {columns.map((column) => (
              // biome-ignore lint/a11y/noRedundantRoles: as above
              <td key={column.header} data-label={column.header} role="cell">
                {column.cell(row)}
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
