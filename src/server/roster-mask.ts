import type { ApplicationRecord, ShownRecord } from '../domain/api/overprint';

/** An ID number as screens show it: A123456789 → A12****789. */
export const maskPersonId = (personId: string): string => `${personId.slice(0, 3)}****${personId.slice(-3)}`;

/**
 * The record as a screen shows it: the roster's ID numbers masked (they leave the server whole only on the
 * printed 名冊 and to an underwriter who asked for them, each time recorded), and its birth dates too unless
 * the reader may see the roster whole (`birthDates`: an underwriter; a company that opened its 名冊).
 */
export function maskedRecord(record: ApplicationRecord, birthDates: 'whole' | 'masked'): ShownRecord {
  return {
    ...record,
    roster: record.roster.map((row) => ({
      ...row,
      personId: maskPersonId(row.personId),
      birthDate: birthDates === 'whole' ? row.birthDate : null,
    })),
  };
}
