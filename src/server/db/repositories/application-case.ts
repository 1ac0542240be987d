import type { Kysely } from 'kysely';
import { movesFrom } from '../../../../machines/application.machine';
import type { ApplicationCase } from '../../../domain/api/application-case';
import type { ApplicationRecord, RosterEntry } from '../../../domain/api/overprint';
import { maySeeFullRoster, type StaffRole } from '../../../domain/staff-roles';
import { maskedRecord } from '../../roster-mask';
import type { Database } from '../schema';
import {
  findApplicationIdentity,
  readApplicationProgress,
  readApplicationRecord,
} from './application-records';
import { readAuditLog, recordAudit } from './audit-log';

/** What an opening or a print of the roster records of it: its head count, never an ID number. */
const rosterDetail = (roster: readonly RosterEntry[]) => `名冊 ${roster.length} 人`;

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
    readAuditLog(db, { applicationNo, exceptActions: ['application.read'], page: 1, pageSize: HANDLING_MAX }),
  ]);
  const underwriter = roles.includes('underwriter');
  return {
    record: maskedRecord(record, maySeeFullRoster(roles) ? 'whole' : 'masked'),
    version: row.version,
    progress: progress.events,
    handling: handling.entries,
    moves: underwriter ? movesFrom(record.status).map(({ to, noteRequired }) => ({ to, noteRequired })) : [],
    mayRevealRoster: maySeeFullRoster(roles),
  };
}

/**
 * The case `staff` opened, as {@link readApplicationCase} answers it, the opening recorded in the audit log
 * before it is answered (個資法: every reading of personal data is accounted for). Undefined, and nothing
 * recorded, when no application has the number.
 */
export async function openApplicationCase(
  db: Kysely<Database>,
  staff: { name: string; roles: readonly StaffRole[] },
  applicationNo: string,
): Promise<ApplicationCase | undefined> {
  const found = await readApplicationCase(db, applicationNo, staff.roles);
  if (found)
    await db
      .transaction()
      .execute((trx) => recordAudit(trx, { actor: staff.name, action: 'application.read', applicationNo }));
  return found;
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
      detail: rosterDetail(roster),
    });
    return roster;
  });
}

/**
 * An application as its documents print it, the roster's ID numbers whole (the printed 名冊 carries them).
 * Undefined when no application has the number.
 */
export async function readPrintedRecord(
  db: Kysely<Database>,
  applicationNo: string,
): Promise<ApplicationRecord | undefined> {
  const identity = await findApplicationIdentity(db, applicationNo);
  return identity && readApplicationRecord(db, identity.id);
}

/**
 * Records that `actor` printed the 名冊 of `record`, its head count and never its ID numbers, in a
 * transaction that has committed when this resolves: the route sends the PDF only after it.
 */
export async function recordRosterPrint(
  db: Kysely<Database>,
  actor: string,
  record: Pick<ApplicationRecord, 'applicationNo' | 'roster'>,
): Promise<void> {
  await db.transaction().execute((trx) =>
    recordAudit(trx, {
      actor,
      action: 'roster.print',
      applicationNo: record.applicationNo,
      detail: rosterDetail(record.roster),
    }),
  );
}
