import { type Kysely, sql, type Transaction } from 'kysely';
import type { Applicant, ShopcartPlan, SubmitApplication } from '../../../domain/api/shopcart';
import type { CartClass } from '../../../domain/cart-item';
import type { RateBand } from '../../../domain/pricing';
import type { IsoDate } from '../../../domain/roc-date';
import type {
  PricedCart,
  PricingCatalogue,
  PricingPackageLine,
  PricingProduct,
} from '../../shopcart/price-cart';
import type { Database } from '../schema';
import { nextDailyNumber } from './daily-serials';

type Db = Kysely<Database> | Transaction<Database>;

/** An application as its number and the instant it was stored. */
export interface StoredApplication {
  applicationNo: string;
  createdAt: Date;
}

/** The products, rate bands and packages that price the given cart items. */
export async function pricingCatalogue(db: Db, classes: readonly CartClass[]): Promise<PricingCatalogue> {
  const ids = [...new Set(classes.flatMap((item) => item.PROD_LIST.map((line) => line.PROD_ID)))];
  const titles = [...new Set(classes.map((item) => item.CLASS_TITLE))];
  if (ids.length === 0) return { products: new Map(), packages: new Map() };
  const [products, rates, packageLines] = await Promise.all([
    db.selectFrom('products').selectAll().where('prod_id', 'in', ids).execute(),
    db.selectFrom('premium_rates').selectAll().where('prod_id', 'in', ids).orderBy('id').execute(),
    db
      .selectFrom('package_products as pp')
      .innerJoin('packages as pk', 'pk.pack_id', 'pp.pack_id')
      .select([
        'pk.pack_name',
        'pp.pack_id',
        'pp.prod_id',
        'pp.spc_rate_mark',
        'pp.salary_multiple',
        'pp.amount_cap',
      ])
      .where('pk.pack_name', 'in', titles)
      .execute(),
  ]);

  const bands = new Map<string, RateBand[]>();
  for (const row of rates) {
    const band = {
      ageMin: row.age_min,
      ageMax: row.age_max,
      occupationClass: row.occupation_class,
      rate: Number(row.rate),
    };
    bands.set(row.prod_id, [...(bands.get(row.prod_id) ?? []), band]);
  }
  const productMap = new Map<string, PricingProduct>(
    products.map((p) => [
      p.prod_id,
      {
        prodId: p.prod_id,
        name: p.prod_name,
        basis: p.basis,
        prodCat: p.prod_cat,
        prodKind: p.prod_kind,
        maxAmount: p.max_amount,
        defaultSalaryMultiple: p.default_salary_multiple,
        rateDriver: p.rate_driver,
        rateUnit: p.rate_unit,
        rates: bands.get(p.prod_id) ?? [],
      },
    ]),
  );

  const byPack = new Map<string, { name: string; lines: Map<string, PricingPackageLine> }>();
  for (const row of packageLines) {
    const pack = byPack.get(row.pack_id) ?? { name: row.pack_name, lines: new Map() };
    pack.lines.set(row.prod_id, {
      spcRateMark: row.spc_rate_mark,
      salaryMultiple: row.salary_multiple,
      amountCap: row.amount_cap,
    });
    byPack.set(row.pack_id, pack);
  }
  const packages = new Map<string, ReadonlyMap<string, PricingPackageLine>[]>();
  for (const { name, lines } of byPack.values()) packages.set(name, [...(packages.get(name) ?? []), lines]);
  return { products: productMap, packages };
}

/**
 * The application a flow's request id made in this session, if any. The request id is the flow's key
 * within its session only (migration 0016): what another session stored under it is none.
 */
export async function findSessionApplication(
  db: Db,
  sessionId: string,
  requestId: string,
): Promise<StoredApplication | undefined> {
  const row = await db
    .selectFrom('applications')
    .select(['application_no', 'created_at'])
    .where('request_id', '=', requestId)
    .where('session_id', '=', sessionId)
    .executeTakeFirst();
  return row && { applicationNo: row.application_no, createdAt: new Date(row.created_at) };
}

/**
 * Serialises the submits of one flow: the transaction waits while another holds the session's request id,
 * so a double click's second request finds the first one's application instead of racing it. An advisory
 * lock, released at commit or rollback; other request ids, and the same id sent from another session,
 * never wait on it (short of a 64-bit hash collision, which only makes them take turns).
 */
export async function lockRequestId(
  trx: Transaction<Database>,
  sessionId: string,
  requestId: string,
): Promise<void> {
  const key = `application:${sessionId}:${requestId}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/** The next 受理編號 of `day` (ISO, Asia/Taipei): GI + ROC yyyMMdd + 5-digit serial. */
export function nextApplicationNo(trx: Transaction<Database>, day: IsoDate): Promise<string> {
  return nextDailyNumber(trx, 'application_serials', 'GI', day);
}

export interface NewApplication {
  applicationNo: string;
  requestId: string;
  sessionId: string;
  createdAt: Date;
  plan: ShopcartPlan;
  applicant: Applicant;
  roster: SubmitApplication['roster'];
  /** the cart priced for the applicant's headcount; quoted */
  priced: PricedCart;
}

/** Writes an application, its priced items (a copy), its roster and its first event 已受理. */
export async function insertApplication(trx: Transaction<Database>, app: NewApplication): Promise<void> {
  const { applicant, plan, priced } = app;
  if (priced.total.annual === null || priced.total.monthlyPerPerson === null) {
    throw new RangeError('an application is stored with a quoted premium');
  }
  const { id } = await trx
    .insertInto('applications')
    .values({
      application_no: app.applicationNo,
      request_id: app.requestId,
      session_id: app.sessionId,
      company_name: applicant.companyName,
      tax_id: applicant.taxId,
      representative: applicant.representative,
      contact_name: applicant.contactName,
      contact_title: applicant.contactTitle,
      mobile: applicant.mobile || null,
      phone: applicant.phone || null,
      phone_ext: applicant.phoneExt || null,
      email: applicant.email,
      city: applicant.city,
      district: applicant.district,
      street: applicant.street,
      industry: applicant.industry,
      headcount: applicant.headcount,
      occupation_class: Number(plan.occupationClass),
      average_age: plan.averageAge,
      average_salary: plan.averageSalary ?? null,
      total_salary: applicant.totalSalary ?? null,
      max_salary: applicant.maxSalary ?? null,
      start_date: applicant.startDate,
      age_min: applicant.ageMin,
      age_max: applicant.ageMax,
      premium_annual: priced.total.annual,
      premium_monthly_per_person: priced.total.monthlyPerPerson,
      created_at: app.createdAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();

  const items = await trx
    .insertInto('application_items')
    .values(
      priced.items.map((item, i) => ({
        application_id: id,
        order_seq: i + 1,
        class_title: item.CLASS_TITLE,
        source_code: item.SOURCE_CODE,
        is_slry_mltpl: item.IS_SLRY_MLTPL,
        premium_annual: item.annual ?? 0,
        premium_monthly_per_person: item.monthlyPerPerson ?? 0,
      })),
    )
    .returning(['id', 'order_seq'])
    .execute();
  const itemIds = new Map(items.map((row) => [row.order_seq, row.id]));
  await trx
    .insertInto('application_item_products')
    .values(
      priced.items.flatMap((item, i) =>
        item.lines.map((line) => ({
          item_id: itemIds.get(i + 1)!,
          prod_id: line.PROD_ID,
          prod_name: line.PROD_NAME,
          order_seq: line.ORDER_SEQ,
          face_amt: line.FACE_AMT,
          salary_multiple: line.salaryMultiple,
          sum_insured: line.sumInsured,
          rate: line.rate,
          rate_unit: line.rateUnit,
        })),
      ),
    )
    .execute();

  if (app.roster.length > 0) {
    await trx
      .insertInto('application_roster')
      .values(
        app.roster.map((row, i) => ({
          application_id: id,
          row_no: i + 1,
          name: row.name,
          person_id: row.personId,
          birth_date: row.birthDate,
          gender: row.gender,
          occupation_class: Number(row.occupationClass),
          monthly_salary: row.monthlySalary ?? null,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('application_events')
    .values({ application_id: id, status: '已受理', note: null, created_at: app.createdAt })
    .execute();
}
