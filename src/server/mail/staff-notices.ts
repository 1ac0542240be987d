import type { Transaction } from 'kysely';
import type { OutboxKind } from '../../domain/outbox-kinds';
import { STAFF_NOTICES, type StaffNoticeKind } from '../../domain/staff-notifications';
import { queueMail } from '../db/repositories/outbox';
import type { Database } from '../db/schema';
import type { RenderedMail } from './mail-document';

/** The outbox kind each notice is sent as. */
const OUTBOX_KIND: Record<StaffNoticeKind, OutboxKind> = {
  'application.new': 'staff.application',
  'contact.new': 'staff.contact',
  'documents.overdue': 'staff.overdue',
};

/**
 * Writes `notice` to every person who chose it, holds its role, gave an address and is not locked by an
 * admin, in the caller's transaction (the change that causes it). Answers how many.
 */
export async function queueStaffNotice(
  trx: Transaction<Database>,
  kind: StaffNoticeKind,
  mail: RenderedMail,
  about: { applicationNo: string } | { contactNo: string },
  at: Date,
): Promise<number> {
  const role = STAFF_NOTICES.find((n) => n.kind === kind)!.role;
  const people = await trx
    .selectFrom('staff_notifications as n')
    .innerJoin('staff as s', 's.name', 'n.staff')
    .innerJoin('staff_roles as r', (join) => join.onRef('r.staff', '=', 'n.staff').on('r.role', '=', role))
    .select(['s.name', 's.email'])
    .where('n.kind', '=', kind)
    .where('s.email', 'is not', null)
    .where('s.suspended_at', 'is', null)
    .orderBy('s.name')
    .execute();
  for (const person of people)
    await queueMail(trx, {
      kind: OUTBOX_KIND[kind],
      to: { address: person.email!, name: person.name },
      mail,
      about,
      at,
    });
  return people.length;
}
