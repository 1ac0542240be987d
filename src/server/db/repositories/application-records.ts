import { type Kysely, sql, type Transaction } from 'kysely';
import type { ApplicationProgress, ApplicationRecord, AppliedItem } from '../../../domain/api/overprint';
import type { Database } from '../schema';

type Db = Kysely<Database> | Transaction<Database>;

/** What a lookup compares the typed identifiers with. */
export interface ApplicationIdentity {
  id: number;
  taxId: string;
  mobile: string | null;
  phone: string | null;
}

const isoDay = (column: string) => sql<string>`to_char(${sql.ref(column)}, 'YYYY-MM-DD')`;

export async function findApplicationIdentity(
  db: Db,
  applicationNo: string,
): Promise<ApplicationIdentity | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['id', 'tax_id', 'mobile', 'phone'])
    .where('application_no', '=', applicationNo)
    .executeTakeFirst();
  return row && { id: row.id, taxId: row.tax_id, mobile: row.mobile, phone: row.phone };
}

/** The application as its documents print it: the stored copy, whatever the catalogue says today. */
export async function readApplicationRecord(db: Db, id: number): Promise<ApplicationRecord> {
  const [app, items, lines, roster] = await Promise.all([
    db
      .selectFrom('applications')
      .selectAll()
      .select(isoDay('start_date').as('start_day'))
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('application_items')
      .select(['id', 'class_title', 'source_code', 'premium_annual', 'premium_monthly_per_person'])
      .where('application_id', '=', id)
      .orderBy('order_seq')
      .execute(),
    db
      .selectFrom('application_item_products as p')
      .innerJoin('application_items as i', 'i.id', 'p.item_id')
      .select([
        'p.item_id',
        'p.prod_id',
        'p.prod_name',
        'p.sum_insured',
        'p.salary_multiple',
        'p.rate',
        'p.rate_unit',
      ])
      .where('i.application_id', '=', id)
      .orderBy('p.item_id')
      .orderBy('p.order_seq')
      .execute(),
    db
      .selectFrom('application_roster')
      .select(['row_no', 'name', 'person_id', 'gender', 'occupation_class', 'monthly_salary'])
      .select(isoDay('birth_date').as('birth_day'))
      .where('application_id', '=', id)
      .orderBy('row_no')
      .execute(),
  ]);
  const applied: AppliedItem[] = items.map((item) => ({
    title: item.class_title,
    source: item.source_code,
    annual: item.premium_annual,
    monthlyPerPerson: item.premium_monthly_per_person,
    lines: lines
      .filter((line) => line.item_id === item.id)
      .map((line) => ({
        prodId: line.prod_id,
        prodName: line.prod_name,
        sumInsured: line.sum_insured,
        salaryMultiple: line.salary_multiple,
        rate: Number(line.rate),
        rateUnit: line.rate_unit,
      })),
  }));
  return {
    applicationNo: app.application_no,
    submittedAt: new Date(app.created_at).toISOString(),
    status: app.status,
    company: {
      name: app.company_name,
      taxId: app.tax_id,
      representative: app.representative,
      industry: app.industry,
      city: app.city,
      district: app.district,
      street: app.street,
    },
    contact: {
      name: app.contact_name,
      title: app.contact_title,
      mobile: app.mobile,
      phone: app.phone,
      phoneExt: app.phone_ext,
      email: app.email,
    },
    plan: {
      headcount: app.headcount,
      occupationClass: app.occupation_class,
      averageAge: app.average_age,
      averageSalary: app.average_salary,
      totalSalary: app.total_salary === null ? null : Number(app.total_salary),
      maxSalary: app.max_salary === null ? null : Number(app.max_salary),
      startDate: app.start_day,
      ageMin: app.age_min,
      ageMax: app.age_max,
    },
    premium: { annual: app.premium_annual, monthlyPerPerson: app.premium_monthly_per_person },
    items: applied,
    roster: roster.map((row) => ({
      rowNo: row.row_no,
      name: row.name,
      personId: row.person_id,
      birthDate: row.birth_day,
      gender: row.gender as 'M' | 'F',
      occupationClass: row.occupation_class,
      monthlySalary: row.monthly_salary,
    })),
  };
}

/** The progress check's view: the status and its history, oldest first. */
export async function readApplicationProgress(db: Db, id: number): Promise<ApplicationProgress> {
  const [app, events] = await Promise.all([
    db
      .selectFrom('applications')
      .select(['application_no', 'company_name', 'created_at', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('application_events')
      .select(['status', 'note', 'created_at'])
      .where('application_id', '=', id)
      .orderBy('created_at')
      .orderBy('id')
      .execute(),
  ]);
  return {
    applicationNo: app.application_no,
    companyName: app.company_name,
    submittedAt: new Date(app.created_at).toISOString(),
    status: app.status,
    events: events.map((event) => ({
      status: event.status,
      at: new Date(event.created_at).toISOString(),
      note: event.note,
    })),
  };
}
