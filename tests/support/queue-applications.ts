import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { ApplicationStatus } from '../../src/domain/application-status';
import type { Database } from '../../src/server/db/schema';

/** What a queue test says of an application; the rest is any valid company's. */
export interface QueueApplication {
  applicationNo: string;
  companyName?: string;
  taxId?: string;
  status?: ApplicationStatus;
  industry?: string;
  headcount?: number;
  createdAt: Date;
  /** at 待補件: when the documents were asked for */
  waitingSince?: Date;
}

/** The session the seeded applications came from: one no visitor has. */
const SEED_SESSION = randomUUID();

/**
 * Stores applications as rows only (no items, roster or events), straight in the table, in batches: the
 * queue reads nothing else, and a perf run needs thousands of them.
 */
export async function insertQueueApplications(
  db: Kysely<Database>,
  applications: readonly QueueApplication[],
): Promise<void> {
  for (let at = 0; at < applications.length; at += 500) {
    await db
      .insertInto('applications')
      .values(
        applications.slice(at, at + 500).map((a) => ({
          application_no: a.applicationNo,
          request_id: randomUUID(),
          session_id: SEED_SESSION,
          status: a.status ?? '已受理',
          company_name: a.companyName ?? '晴川科技股份有限公司',
          tax_id: a.taxId ?? '04595257',
          representative: '林晴川',
          contact_name: '王小明',
          contact_title: '人資專員',
          mobile: '0912345678',
          phone: null,
          phone_ext: null,
          email: 'hr@example.com.tw',
          city: '臺北市',
          district: '信義區',
          street: '松仁路100號',
          industry: a.industry ?? 'C',
          headcount: a.headcount ?? 10,
          occupation_class: 1,
          average_age: 35,
          average_salary: null,
          total_salary: null,
          max_salary: null,
          start_date: '2026-12-01',
          age_min: 25,
          age_max: 50,
          premium_annual: 12_000,
          premium_monthly_per_person: 100,
          created_at: a.createdAt,
          waiting_since: a.waitingSince ?? null,
        })),
      )
      .execute();
  }
}
