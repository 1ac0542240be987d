import { type Kysely, sql } from 'kysely';

// The shopcart application (ODGAF040-043, docs/domain.md §1.2): what a company applied for, as a copy of the
// priced cart (items, product lines, rates) that later catalogue changes leave alone, its 被保險人名冊,
// the history of its status, and the serial of the day its 受理編號 is numbered with.
//
// A submit locks, in this order: its request id (an advisory lock), the captcha use, the visitor's cart
// row, then the day's serial row, which every submit of a day shares; the serial is taken last, so the
// transactions queue on it only for their final inserts, and the one order keeps them free of deadlocks.
// The child tables are indexed on their parent's key for the cascades.

/** The statuses of the progress check (docs/domain.md §1.2); a new application starts 已受理. */
const STATUSES = sql`('已受理', '資料審核中', '待補件', '核保中', '已承保', '已結案', '不予承保')`;

// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('application_serials')
    .addColumn('day', 'date', (col) => col.primaryKey())
    .addColumn('last', 'integer', (col) => col.notNull().check(sql`last between 1 and 99999`))
    .execute();

  await db.schema
    .createTable('applications')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('application_no', 'text', (col) => col.notNull().unique())
    .addColumn('request_id', 'uuid', (col) => col.notNull().unique())
    // the visitor session it came from; no foreign key, sessions rows are purged (0005)
    .addColumn('session_id', 'uuid', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('已受理').check(sql`status in ${STATUSES}`))
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('tax_id', 'text', (col) => col.notNull())
    .addColumn('representative', 'text', (col) => col.notNull())
    .addColumn('contact_name', 'text', (col) => col.notNull())
    .addColumn('contact_title', 'text', (col) => col.notNull())
    .addColumn('mobile', 'text')
    .addColumn('phone', 'text')
    .addColumn('phone_ext', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('city', 'text', (col) => col.notNull())
    .addColumn('district', 'text', (col) => col.notNull())
    .addColumn('street', 'text', (col) => col.notNull())
    .addColumn('industry', 'text', (col) => col.notNull())
    .addColumn('headcount', 'integer', (col) => col.notNull())
    .addColumn('occupation_class', 'integer', (col) =>
      col.notNull().check(sql`occupation_class between 1 and 6`),
    )
    .addColumn('average_age', 'integer', (col) => col.notNull())
    // NT$; null when the cart holds no salary-multiple item
    .addColumn('average_salary', 'integer')
    // 萬, as typed (員工總月薪, 最高月薪)
    .addColumn('total_salary', 'numeric')
    .addColumn('max_salary', 'numeric')
    .addColumn('start_date', 'date', (col) => col.notNull())
    .addColumn('age_min', 'integer', (col) => col.notNull())
    .addColumn('age_max', 'integer', (col) => col.notNull())
    // whole NT$: the group's annual premium and the monthly mode per person
    .addColumn('premium_annual', 'integer', (col) => col.notNull())
    .addColumn('premium_monthly_per_person', 'integer', (col) => col.notNull())
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addCheckConstraint('applications_mobile_or_phone', sql`mobile is not null or phone is not null`)
    .execute();
  await db.schema
    .createIndex('applications_session_id_idx')
    .on('applications')
    .column('session_id')
    .execute();

  await db.schema
    .createTable('application_items')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('application_id', 'integer', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('order_seq', 'integer', (col) => col.notNull())
    .addColumn('class_title', 'text', (col) => col.notNull())
    .addColumn('source_code', 'text', (col) =>
      col.notNull().check(sql`source_code in ('PKG', 'CELL', 'REC')`),
    )
    .addColumn('is_slry_mltpl', 'text', (col) => col.notNull().check(sql`is_slry_mltpl in ('Y', 'N')`))
    .addColumn('premium_annual', 'integer', (col) => col.notNull())
    .addColumn('premium_monthly_per_person', 'integer', (col) => col.notNull())
    .addUniqueConstraint('application_items_application_id_order_seq_key', ['application_id', 'order_seq'])
    .execute();

  // The product lines as priced: no reference to products, so a later catalogue change alters nothing.
  await db.schema
    .createTable('application_item_products')
    .addColumn('item_id', 'integer', (col) =>
      col.notNull().references('application_items.id').onDelete('cascade'),
    )
    .addColumn('prod_id', 'text', (col) => col.notNull())
    .addColumn('prod_name', 'text', (col) => col.notNull())
    .addColumn('order_seq', 'integer', (col) => col.notNull())
    // FACE_AMT as the cart held it (1 on salary-multiple lines)
    .addColumn('face_amt', 'integer', (col) => col.notNull())
    // the multiple of the monthly salary, on salary-multiple lines
    .addColumn('salary_multiple', 'integer')
    // NT$ (or 日額) per person the premium was computed on
    .addColumn('sum_insured', 'integer', (col) => col.notNull())
    .addColumn('rate', 'numeric(10, 2)', (col) => col.notNull())
    .addColumn('rate_unit', 'integer', (col) => col.notNull())
    .addPrimaryKeyConstraint('application_item_products_pkey', ['item_id', 'prod_id'])
    .execute();

  await db.schema
    .createTable('application_roster')
    .addColumn('application_id', 'integer', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('row_no', 'integer', (col) => col.notNull())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('person_id', 'text', (col) => col.notNull())
    .addColumn('birth_date', 'date', (col) => col.notNull())
    .addColumn('gender', 'text', (col) => col.notNull().check(sql`gender in ('M', 'F')`))
    .addColumn('occupation_class', 'integer', (col) =>
      col.notNull().check(sql`occupation_class between 1 and 6`),
    )
    .addColumn('monthly_salary', 'integer')
    .addPrimaryKeyConstraint('application_roster_pkey', ['application_id', 'row_no'])
    .execute();

  await db.schema
    .createTable('application_events')
    .addColumn('id', 'integer', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('application_id', 'integer', (col) =>
      col.notNull().references('applications.id').onDelete('cascade'),
    )
    .addColumn('status', 'text', (col) => col.notNull().check(sql`status in ${STATUSES}`))
    .addColumn('note', 'text')
    .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema
    .createIndex('application_events_application_id_idx')
    .on('application_events')
    .column('application_id')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('application_events').execute();
  await db.schema.dropTable('application_roster').execute();
  await db.schema.dropTable('application_item_products').execute();
  await db.schema.dropTable('application_items').execute();
  await db.schema.dropTable('applications').execute();
  await db.schema.dropTable('application_serials').execute();
}
