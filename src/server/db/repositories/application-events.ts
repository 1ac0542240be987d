import type { Kysely } from 'kysely';
import { judgeMove } from '../../../../machines/application.machine';
import type { ApplicationStatus } from '../../../domain/application-status';
import { OPERATOR_ACTOR } from '../../../domain/audit-actions';
import { staffMessages } from '../../../domain/staff-messages';
import { DEFAULT_SITE_URL } from '../../config';
import { queueApplicationMoved } from '../../mail/queued-messages';
import type { Database } from '../schema';
import { recordAudit } from './audit-log';

/** A move staff make: the application, where it goes, why, and the version they saw. */
export interface AdvanceRequest {
  applicationNo: string;
  /** who moves it, for the audit log: a staff name; the operator's command when none */
  actor?: string;
  status: ApplicationStatus;
  /** shown with the event on the progress page; the machine requires one for 待補件, 不予承保 and 已結案 */
  note?: string | null;
  /** when the move happened; now when not given */
  at?: Date;
  /**
   * The application's version the mover saw: when another move has landed since, this one is refused. The
   * operator command names none (it is at the terminal): it is judged on the status the last move left.
   */
  version?: number;
  /** the site's public address, for the e-mail's link to the progress page (DEFAULT_SITE_URL when not given) */
  siteUrl?: string;
}

export type AdvanceResult =
  | { ok: true; from: ApplicationStatus; to: ApplicationStatus; at: Date; version: number }
  | { ok: false; reason: 'notFound' }
  | { ok: false; reason: 'notAllowed'; from: ApplicationStatus; allowed: ApplicationStatus[] }
  | { ok: false; reason: 'noteRequired'; from: ApplicationStatus; to: ApplicationStatus }
  /** 「此案件已由他人更新」, with the status and version the other move left */
  | {
      ok: false;
      reason: 'updatedByOthers';
      message: string;
      status: ApplicationStatus;
      version: number;
    };

/** A move naming no version is never refused as made on an older one. */
export type UnversionedResult = Exclude<AdvanceResult, { reason: 'updatedByOthers' }>;

/**
 * Moves an application to `status` when the application machine takes that move from its current status
 * (machines/application.machine.ts), and writes the event the progress page shows, the audit log's entry
 * and the 申請狀態更新 e-mail to the company's contact. One transaction, with
 * the application row locked from the read of its status to the insert: two moves at once (two staff, two
 * nodes on one PostgreSQL) run one after the other, and the second is judged on what the first left; a move
 * that names the version it saw is refused when the first has changed it.
 */
export function advanceApplication(
  db: Kysely<Database>,
  request: AdvanceRequest & { version?: undefined },
): Promise<UnversionedResult>;
export function advanceApplication(db: Kysely<Database>, request: AdvanceRequest): Promise<AdvanceResult>;
export async function advanceApplication(
  db: Kysely<Database>,
  request: AdvanceRequest,
): Promise<AdvanceResult> {
  const at = request.at ?? new Date();
  const note = request.note?.trim() || null;
  return db.transaction().execute(async (trx): Promise<AdvanceResult> => {
    const row = await trx
      .selectFrom('applications')
      .select(['id', 'status', 'version'])
      .where('application_no', '=', request.applicationNo)
      .forUpdate()
      .executeTakeFirst();
    if (!row) return { ok: false, reason: 'notFound' };
    if (request.version !== undefined && request.version !== row.version)
      return {
        ok: false,
        reason: 'updatedByOthers',
        message: staffMessages.applicationUpdatedByOthers(),
        status: row.status,
        version: row.version,
      };
    const judged = judgeMove(row.status, request.status, note);
    if (!judged.ok)
      return judged.reason === 'notAllowed'
        ? { ok: false, reason: 'notAllowed', from: row.status, allowed: judged.allowed }
        : { ok: false, reason: 'noteRequired', from: row.status, to: request.status };
    const version = row.version + 1;
    await trx
      .updateTable('applications')
      .set({ status: judged.to, version, waiting_since: judged.to === '待補件' ? at : null })
      .where('id', '=', row.id)
      .execute();
    await trx
      .insertInto('application_events')
      .values({ application_id: row.id, status: judged.to, note, created_at: at })
      .execute();
    await recordAudit(trx, {
      actor: request.actor ?? OPERATOR_ACTOR,
      action: 'application.move',
      applicationNo: request.applicationNo,
      detail: `${row.status} → ${judged.to}`,
    });
    await queueApplicationMoved(
      trx,
      { applicationNo: request.applicationNo, status: judged.to, note, at },
      request.siteUrl ?? DEFAULT_SITE_URL,
    );
    return { ok: true, from: row.status, to: judged.to, at, version };
  });
}
