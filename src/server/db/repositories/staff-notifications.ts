import type { Kysely } from 'kysely';
import type { StaffNoticeKind } from '../../../domain/staff-notifications';
import type { Database } from '../schema';

/** A person's notice address and the notices they chose. */
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

/** Sets a person's notice address (null: none) and their notices, replacing the ones chosen before. */
export async function writeStaffNotifications(
  db: Kysely<Database>,
  staff: string,
  choice: { email: string | null; kinds: readonly StaffNoticeKind[] },
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.updateTable('staff').set({ email: choice.email }).where('name', '=', staff).execute();
    await trx.deleteFrom('staff_notifications').where('staff', '=', staff).execute();
    if (choice.kinds.length > 0)
      await trx
        .insertInto('staff_notifications')
        .values(choice.kinds.map((kind) => ({ staff, kind })))
        .execute();
  });
}
