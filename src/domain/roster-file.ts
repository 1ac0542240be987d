import { ROSTER_COLUMNS } from './roster';

/*
 * The 名冊 as a file: what an upload's bytes say, and the template a visitor downloads. Excel on
 * Traditional Chinese Windows saves "CSV" in Big5 (cp950), "CSV UTF-8" with a BOM, and "Unicode text"
 * in UTF-16LE with a BOM (tab-separated, which parseRoster reads too).
 */

/** The text of an uploaded 名冊: UTF-16LE when it starts with its BOM, UTF-8 when valid, else Big5. */
export function decodeRosterFile(bytes: ArrayBuffer | Uint8Array): string {
  const view = bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes);
  if (view[0] === 0xff && view[1] === 0xfe) return new TextDecoder('utf-16le').decode(view);
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(view);
  } catch {
    return new TextDecoder('big5').decode(view);
  }
}

export const ROSTER_TEMPLATE_FILENAME = '被保險人名冊範本.csv';

// Fictitious people with checksum-valid IDs. Birth dates in Rmmdd: Excel shows 0790512 as 790512 and
// saves it so, which still reads as 民國79年; 79/05/12 it would turn into 1979.
const EXAMPLES = [
  ['王小明', 'A123456789', '0790512', '男', '1', '36300'],
  ['陳美玲', 'B223456782', '0850308', '女', '2', '30300'],
] as const;

/** Header and two example rows, CRLF, with a UTF-8 BOM so Excel opens it as UTF-8. */
export const ROSTER_TEMPLATE_CSV = `\uFEFF${[ROSTER_COLUMNS, ...EXAMPLES].map((row) => row.join(',')).join('\r\n')}\r\n`;
