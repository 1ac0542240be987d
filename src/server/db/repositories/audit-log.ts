import type { Kysely, Transaction } from 'kysely';
import type { AuditEntry, AuditPage } from '../../../domain/api/staff';
import type { AuditAction } from '../../../domain/audit-actions';
import type { Database } from '../schema';

/** One thing staff did. No ID number, birth date or password in `detail`. */
export interface AuditRecord {
  /** a staff name, OPERATOR_ACTOR or UNKNOWN_ACTOR */
  actor: string;
  action: AuditAction;
  applicationNo?: string;
  contactNo?: string;
  targetStaff?: string;
  detail?: string;
}

/**
 * Appends one entry to the audit log, inside the transaction of the action it records: the two are stored
 * together or not at all. The table refuses UPDATE and DELETE (migration 0018).
 */
export async function recordAudit(trx: Transaction<Database>, record: AuditRecord): Promise<void> {
  await trx
    .insertInto('audit_log')
    .values({
      actor: record.actor,
      action: record.action,
      application_no: record.applicationNo ?? null,
      contact_no: record.contactNo ?? null,
      target_staff: record.targetStaff ?? null,
      detail: record.detail ?? null,
    })
    .execute();
}

export interface AuditFilter {
  /** entries this person did, or that were done to their account */
  person?: string;
  applicationNo?: string;
  contactNo?: string;
  /** leave these actions out (a case's handling lists what was done with it, not each opening) */
  exceptActions?: readonly AuditAction[];
  /** from this instant on */
  start?: Date;
  /** before this instant */
  end?: Date;
  page: number;
  pageSize: number;
}

/** A page of the audit log, newest first, and how many entries the filter matches. */
export async function readAuditLog(db: Kysely<Database>, filter: AuditFilter): Promise<AuditPage> {
  const { person, applicationNo, contactNo, exceptActions, start, end, page, pageSize } = filter;
  const matching = db.selectFrom('audit_log').where((eb) => {
    const conditions = [];
    if (person) conditions.push(eb.or([eb('actor', '=', person), eb('target_staff', '=', person)]));
    if (applicationNo) conditions.push(eb('application_no', '=', applicationNo));
    if (contactNo) conditions.push(eb('contact_no', '=', contactNo));
    if (exceptActions?.length) conditions.push(eb('action', 'not in', exceptActions));
    if (start) conditions.push(eb('at', '>=', start));
    if (end) conditions.push(eb('at', '<', end));
    return eb.and(conditions);
  });
  const [rows, count] = await Promise.all([
    matching
      .selectAll()
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .limit(pageSize)
      .offset((page - 1) * pageSize)
      .execute(),
    matching.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return {
    entries: rows.map(
      (row): AuditEntry => ({
        id: String(row.id),
        at: new Date(row.at).toISOString(),
        actor: row.actor,
        action: row.action as AuditEntry['action'],
        applicationNo: row.application_no,
        contactNo: row.contact_no,
        targetStaff: row.target_staff,
        detail: row.detail,
      }),
    ),
    page,
    pageSize,
    total: Number(count.total),
  };
}
