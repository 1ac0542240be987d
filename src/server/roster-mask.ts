import type { ApplicationRecord } from '../domain/api/overprint';

/** An ID number as screens show it: A123456789 → A12****789. */
export const maskPersonId = (personId: string): string => `${personId.slice(0, 3)}****${personId.slice(-3)}`;

/**
 * The record with its roster's ID numbers masked: ID numbers leave the server whole only on the printed
 * 名冊 and to an underwriter who asked for them (each time recorded).
 */
export function maskedRecord(record: ApplicationRecord): ApplicationRecord {
  return {
    ...record,
    roster: record.roster.map((row) => ({ ...row, personId: maskPersonId(row.personId) })),
  };
}
