import type { Kysely } from 'kysely';
import {
  type ApplicationStatus,
  canAdvance,
  DEFAULT_MISSING_DOCUMENTS,
  NEXT_STATUSES,
} from '../../../domain/application-status';
import type { Database } from '../schema';

/** A move staff make (`npm run application:advance`): the application, where it goes, and why. */
export interface AdvanceRequest {
  applicationNo: string;
  status: ApplicationStatus;
  /** shown with the event on the progress page; for 待補件 without one, the documents every application needs */
  note?: string | null;
  /** when the move happened; now when not given */
  at?: Date;
}

export type AdvanceResult =
  | { ok: true; from: ApplicationStatus; to: ApplicationStatus; at: Date }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'notAllowed'; from: ApplicationStatus; allowed: ApplicationStatus[] };

/**
 * Moves an application to `status` when its status allows that move (NEXT_STATUSES), and writes the event
 * the progress page shows. One transaction, with the application row locked from the read of its status
 * to the insert: two moves at once (two operators, two nodes on one PostgreSQL) run one after the other,
 * and the second is judged on the status the first left.
 */
export async function advanceApplication(
  db: Kysely<Database>,
  request: AdvanceRequest,
): Promise<AdvanceResult> {
  const at = request.at ?? new Date();
  const note = request.note || (request.status === '待補件' ? DEFAULT_MISSING_DOCUMENTS : null);
  return db.transaction().execute(async (trx): Promise<AdvanceResult> => {
    const row = await trx
      .selectFrom('applications')
      .select(['id', 'status'])
      .where('application_no', '=', request.applicationNo)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'notFound' };
    if (!canAdvance(row.status, request.status))
      return { ok: false, reason: 'notAllowed', from: row.status, allowed: [...NEXT_STATUSES[row.status]] };
    await trx.updateTable('applications').set({ status: request.status }).where('id', '=', row.id).execute();
    await trx
      .insertInto('application_events')
      .values({ application_id: row.id, status: request.status, note, created_at: at })
      .execute();
    return { ok: true, from: row.status, to: request.status, at };
  });
}
