import Papa from 'papaparse';
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
 * Text a spreadsheet would run as a formula: = + - @, or a tab or carriage return before them. papaparse's
 * own pattern (`escapeFormulae: true`) has the same characters but ends in `.*$`, which fails on a line
 * break, so it would let `=…` with a line break in it through.
 */
const FORMULA = /^[=+\-@\t\r]/;

/**
 * The first line of the queue's rows as a CSV file a spreadsheet opens in Traditional Chinese: UTF-8 with
 * its byte order mark, CRLF lines, a header; then each chunk's lines as {@link queueCsvLines} writes them.
 * Nothing of a roster: no ID numbers, no birth dates.
 */
export function queueCsvHeader(): string {
  return `\uFEFF${Papa.unparse([COLUMNS.map(([header]) => header)], { newline: '\r\n' })}\r\n`;
}

/**
 * Rows as CSV lines, each ending CRLF: a field quoted when it holds a comma, quote or line break, and text
 * taken for a formula kept as text with a leading apostrophe.
 */
export function queueCsvLines(rows: readonly QueueRow[], asOf: Date): string {
  // papaparse writes an empty line for no rows
  if (rows.length === 0) return '';
  const lines = rows.map((row) => COLUMNS.map(([, cell]) => cell(row, asOf)));
  return `${Papa.unparse(lines, { newline: '\r\n', escapeFormulae: FORMULA })}\r\n`;
}
