import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { DOCUMENTS_OVERDUE_DAYS } from '../../domain/staff-notifications';
import type { Database } from '../db/schema';
import { documentsOverdueNotice } from './message-wording';
import { queueStaffNotice } from './staff-notices';

const CHECK_EVERY_MS = 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Writes 待補件逾 7 日 for each application at 待補件 whose wait began DOCUMENTS_OVERDUE_DAYS ago or more and
 * has not been told since it began: once per wait. Each application is locked while it is checked and
 * written, so several processes tell it once between them. Answers how many applications were told.
 */
export async function queueOverdueNotices(db: Kysely<Database>, now: Date, siteUrl: string): Promise<number> {
  const due = await db
    .selectFrom('applications')
    .select('application_no')
    .where('status', '=', '待補件')
    .where('waiting_since', '<=', new Date(now.getTime() - DOCUMENTS_OVERDUE_DAYS * DAY_MS))
    .execute();
  let told = 0;
  for (const { application_no } of due) {
    told += await db.transaction().execute(async (trx) => {
      const application = await trx
        .selectFrom('applications')
        .select(['application_no', 'company_name', 'status', 'waiting_since'])
        .where('application_no', '=', application_no)
        .forUpdate()
        .executeTakeFirstOrThrow();
      if (application.status !== '待補件' || !application.waiting_since) return 0;
      const already = await trx
        .selectFrom('outbox')
        .select('id')
        .where('kind', '=', 'staff.overdue')
        .where('application_no', '=', application_no)
        .where('created_at', '>=', application.waiting_since)
        .executeTakeFirst();
      if (already) return 0;
      const mail = documentsOverdueNotice({
        applicationNo: application_no,
        companyName: application.company_name,
        waitingSince: application.waiting_since,
        siteUrl,
      });
      return (await queueStaffNotice(
        trx,
        'documents.overdue',
        mail,
        { applicationNo: application_no },
        now,
      )) > 0
        ? 1
        : 0;
    });
  }
  return told;
}

/** Checks now and then every hour; a failed check is logged and tried at the next hour. */
export function scheduleOverdueNotices(
  db: Kysely<Database>,
  siteUrl: string,
  log: FastifyBaseLogger,
): { first: Promise<void>; stop(): void } {
  const check = () =>
    queueOverdueNotices(db, new Date(), siteUrl).then(
      (count) => {
        if (count > 0) log.info({ count }, 'overdue documents told');
      },
      (error: { code?: unknown }) => log.warn({ errCode: error.code }, 'overdue documents check failed'),
    );
  const timer = setInterval(check, CHECK_EVERY_MS).unref();
  return { first: check(), stop: () => clearInterval(timer) };
}
