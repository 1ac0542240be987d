import { sql, type Transaction } from 'kysely';
import { formatRoc, type IsoDate } from '../../../domain/roc-date';
import type { Database } from '../schema';

/**
 * A numbered record's number: `prefix` + ROC yyyMMdd of `day` (ISO, Asia/Taipei) + the day's serial in 5
 * digits. The upsert takes the day's row lock until the transaction ends, so concurrent inserts on PGlite
 * and PostgreSQL never share a serial, and a rolled-back insert gives its serial back.
 */
export async function nextDailyNumber(
  trx: Transaction<Database>,
  table: 'application_serials' | 'contact_serials',
  prefix: string,
  day: IsoDate,
): Promise<string> {
  const { last } = await trx
    .insertInto(table)
    .values({ day, last: 1 })
    .onConflict((conflict) =>
      conflict.column('day').doUpdateSet({ last: sql`${sql.ref(`${table}.last`)} + 1` }),
    )
    .returning('last')
    .executeTakeFirstOrThrow();
  return dailyNumber(prefix, day, last);
}

/** `dailyNumber('GI', '2026-11-22', 12)` is GI115112200012. */
export function dailyNumber(prefix: string, day: IsoDate, serial: number): string {
  return `${prefix}${formatRoc(day, 'compact')}${String(serial).padStart(5, '0')}`;
}
