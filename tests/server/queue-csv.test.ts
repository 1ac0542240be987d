import { describe, expect, it } from 'vitest';
import type { QueueRow } from '../../src/domain/api/application-queue';
import { queueCsvHeader, queueCsvLines } from '../../src/server/staff/queue-csv';

/*
 * Issue 35's export of the application queue, as a spreadsheet reads it (issue 45): UTF-8 with its byte
 * order mark, CRLF lines, the header and ten columns; a field with a comma, quote or line break quoted (a
 * quote doubled); a text field that begins with = + - @, a tab or a carriage return (each one a formula to
 * Excel or LibreOffice, the tab and carriage return before another of them) kept as text by a leading
 * apostrophe, so a company name cannot run as a formula on an underwriter's computer.
 */

/** The file as the export streams it: the header, then the rows' lines (one chunk here). */
const queueCsv = (rows: readonly QueueRow[], asOf: Date) => queueCsvHeader() + queueCsvLines(rows, asOf);

const HEADER =
  '受理編號,案件狀態,要保單位名稱,統一編號,行業類別,投保人數,年繳保費,受理時間,等候起算,等候時數';

const ROW: QueueRow = {
  applicationNo: 'GI115100200001',
  companyName: '晴川科技股份有限公司',
  taxId: '04595257',
  status: '已受理',
  industry: 'C',
  headcount: 10,
  premiumAnnual: 12000,
  createdAt: '2026-10-02T02:00:00.000Z',
  waitingSince: '2026-10-02T02:00:00.000Z',
};
// 27 and a half hours after the wait began
const AS_OF = new Date('2026-10-03T05:30:00.000Z');

/** The file of one row whose 要保單位名稱 is `company`, with the field as the file must write it. */
const fileWithCompany = (company: string) => queueCsv([{ ...ROW, companyName: company }], AS_OF);
const expectedFile = (companyField: string) =>
  `\uFEFF${HEADER}\r\nGI115100200001,已受理,${companyField},04595257,製造業,10,12000,2026-10-02 10:00:00,2026-10-02 10:00:00,27\r\n`;

describe('the queue as CSV', () => {
  it('writes the byte order mark, the header, a CRLF line a row and a CRLF at the end', () => {
    expect(queueCsv([], AS_OF)).toBe(`\uFEFF${HEADER}\r\n`);
    expect(queueCsv([ROW, { ...ROW, applicationNo: 'GI115100200002', status: '待補件' }], AS_OF)).toBe(
      `\uFEFF${HEADER}\r\n` +
        'GI115100200001,已受理,晴川科技股份有限公司,04595257,製造業,10,12000,2026-10-02 10:00:00,2026-10-02 10:00:00,27\r\n' +
        'GI115100200002,待補件,晴川科技股份有限公司,04595257,製造業,10,12000,2026-10-02 10:00:00,2026-10-02 10:00:00,27\r\n',
    );
  });

  it('writes the same file whether the rows come in one chunk or several', () => {
    const second = { ...ROW, applicationNo: 'GI115100200002', companyName: '=1+1' };
    expect(
      queueCsvHeader() +
        queueCsvLines([ROW], AS_OF) +
        queueCsvLines([], AS_OF) +
        queueCsvLines([second], AS_OF),
    ).toBe(queueCsv([ROW, second], AS_OF));
  });

  it.each([
    ['=', '=SUM(1,2)', `"'=SUM(1,2)"`],
    ['+', '+886-2-1234', `"'+886-2-1234"`],
    ['-', "-2+3+cmd|' /C calc'!A0", `"'-2+3+cmd|' /C calc'!A0"`],
    ['@', '@SUM(1)', `"'@SUM(1)"`],
    ['a tab', '\t=1+1', `"'\t=1+1"`],
    ['a carriage return', '\r=1+1', `"'\r=1+1"`],
  ])('keeps text that begins with %s as text, by a leading apostrophe', (_, company, field) => {
    expect(fileWithCompany(company)).toBe(expectedFile(field));
  });

  it('keeps a formula as text when a line break follows in the same field', () => {
    expect(fileWithCompany('=1+1\r\n晴川')).toBe(expectedFile(`"'=1+1\r\n晴川"`));
    expect(fileWithCompany('@A1\n晴川')).toBe(expectedFile(`"'@A1\n晴川"`));
  });

  it('leaves text alone whose formula characters come after its first', () => {
    expect(fileWithCompany('晴川=科技+1')).toBe(expectedFile('晴川=科技+1'));
    expect(fileWithCompany("O'Neil-@晴川")).toBe(expectedFile("O'Neil-@晴川"));
  });

  it('quotes a field with a comma, a quote or a line break, a quote doubled', () => {
    expect(fileWithCompany('晴川,科技')).toBe(expectedFile('"晴川,科技"'));
    expect(fileWithCompany('「晴川」"科技"')).toBe(expectedFile('"「晴川」""科技"""'));
    expect(fileWithCompany('晴川\n科技')).toBe(expectedFile('"晴川\n科技"'));
    expect(fileWithCompany('晴川\r\n科技')).toBe(expectedFile('"晴川\r\n科技"'));
    expect(fileWithCompany('=HYPERLINK("http://x","按我")')).toBe(
      expectedFile(`"'=HYPERLINK(""http://x"",""按我"")"`),
    );
  });
});
