import type { QueueRow } from '../../domain/api/application-queue';
import { industryLabel } from '../../domain/industry';
import { formatTaipeiSecond } from '../../domain/roc-date';
import { waitedHours } from '../../domain/waited';

const COLUMNS: Array<[string, (row: QueueRow, asOf: Date) => string | number]> = [
  ['受理編號', (row) => row.applicationNo],
  ['案件狀態', (row) => row.status],
  ['要保單位名稱', (row) => row.companyName],
  ['統一編號', (row) => row.taxId],
  ['行業類別', (row) => industryLabel(row.industry)],
  ['投保人數', (row) => row.headcount],
  ['年繳保費', (row) => row.premiumAnnual],
  ['受理時間', (row) => formatTaipeiSecond(row.createdAt)],
  ['等候起算', (row) => formatTaipeiSecond(row.waitingSince)],
  ['等候時數', (row, asOf) => waitedHours(row.waitingSince, asOf)],
];

/**
 * A field as CSV: quoted when it holds a comma, quote or line break; text a spreadsheet would run as a
 * formula (= + - @ and the tab or carriage return before them) is kept as text with a leading apostrophe.
 */
function field(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/**
 * The first line of the queue's rows as a CSV file a spreadsheet opens in Traditional Chinese: UTF-8 with
 * its byte order mark, CRLF lines, a header; then each chunk's lines as {@link queueCsvLines} writes them.
 * Nothing of a roster: no ID numbers, no birth dates.
 */
export function queueCsvHeader(): string {
  return `\uFEFF${COLUMNS.map(([header]) => header).join(',')}\r\n`;
}

/** Rows as CSV lines, each ending CRLF. */
export function queueCsvLines(rows: readonly QueueRow[], asOf: Date): string {
  return rows.map((row) => `${COLUMNS.map(([, cell]) => field(cell(row, asOf))).join(',')}\r\n`).join('');
}
