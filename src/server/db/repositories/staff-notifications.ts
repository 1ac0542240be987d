import type { Kysely, Transaction } from 'kysely';
import type { StaffNoticeKind } from '../../../domain/staff-notifications';
import type { Database } from '../schema';

/** A person's confirmed notice address and the notices they chose. */
export async function readStaffNotifications(
  db: Kysely<Database>,
  staff: string,
): Promise<{ email: string | null; kinds: StaffNoticeKind[] }> {
  const person = await db.selectFrom('staff').select('email').where('name', '=', staff).executeTakeFirst();
  const chosen = await db
    .selectFrom('staff_notifications')
    .select('kind')
    .where('staff', '=', staff)
    .orderBy('kind')
    .execute();
  return { email: person?.email ?? null, kinds: chosen.map((c) => c.kind) };
}

/**
 * Sets the notices a person chose, replacing the ones chosen before, in `trx`; answers their confirmed
 * notice address, read under the row's lock.
 */
export async function writeNoticeKinds(
  trx: Transaction<Database>,
  staff: string,
  kinds: readonly StaffNoticeKind[],
): Promise<string | null> {
  const person = await trx
    .selectFrom('staff')
    .select('email')
    .where('name', '=', staff)
    .forUpdate()
    .executeTakeFirst();
  await trx.deleteFrom('staff_notifications').where('staff', '=', staff).execute();
  if (kinds.length > 0)
    await trx
      .insertInto('staff_notifications')
      .values(kinds.map((kind) => ({ staff, kind })))
      .execute();
  return person?.email ?? null;
}

/** Sets a person's notice address (null: none): a new one only once its code was typed. */
export async function writeNoticeAddress(
  trx: Transaction<Database>,
  staff: string,
  email: string | null,
): Promise<void> {
  await trx.updateTable('staff').set({ email }).where('name', '=', staff).execute();
}
