import type { Kysely } from 'kysely';
import { movesFrom } from '../../../../machines/application.machine';
import type { ApplicationCase } from '../../../domain/api/application-case';
import type { RosterEntry } from '../../../domain/api/overprint';
import type { StaffRole } from '../../../domain/staff-roles';
import { maskedRecord } from '../../roster-mask';
import type { Database } from '../schema';
import { readApplicationProgress, readApplicationRecord } from './application-records';
import { readAuditLog, recordAudit } from './audit-log';

/** The most entries of an application's handling a case shows: every move and opening, for years. */
const HANDLING_MAX = 200;

/**
 * An application's case as `roles` may see it: the record with the roster's ID numbers masked, the progress
 * the company sees, what staff did with it, and the moves the application machine allows now, offered to
 * an underwriter only. Undefined when no application has the number.
 */
export async function readApplicationCase(
  db: Kysely<Database>,
  applicationNo: string,
  roles: readonly StaffRole[],
): Promise<ApplicationCase | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['id', 'version'])
    .where('application_no', '=', applicationNo)
    .executeTakeFirst();
  if (!row) return undefined;
  const [record, progress, handling] = await Promise.all([
    readApplicationRecord(db, row.id),
    readApplicationProgress(db, row.id),
    readAuditLog(db, { applicationNo, page: 1, pageSize: HANDLING_MAX }),
  ]);
  const underwriter = roles.includes('underwriter');
  return {
    record: maskedRecord(record),
    version: row.version,
    progress: progress.events,
    handling: handling.entries,
    moves: underwriter ? movesFrom(record.status).map(({ to, noteRequired }) => ({ to, noteRequired })) : [],
    mayRevealRoster: underwriter,
  };
}

/**
 * The roster with its full ID numbers, and the audit entry saying who opened them, in one transaction: no
 * opening goes unrecorded. Undefined when no application has the number.
 */
export async function revealRoster(
  db: Kysely<Database>,
  actor: string,
  applicationNo: string,
): Promise<RosterEntry[] | undefined> {
  return db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom('applications')
      .select('id')
      .where('application_no', '=', applicationNo)
      .executeTakeFirst();
    if (!row) return undefined;
    const { roster } = await readApplicationRecord(trx, row.id);
    await recordAudit(trx, {
      actor,
      action: 'roster.reveal',
      applicationNo,
      detail: `名冊 ${roster.length} 人`,
    });
    return roster;
  });
}
