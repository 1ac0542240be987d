import { type Kysely, sql } from 'kysely';

// The content staff change without a release (featured articles, the questions) and the contact form's
// messages. A message's 案件編號 is CT + ROC date + the day's serial, counted like the applications'.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('articles')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('category', 'text', (col) => col.notNull())
    .addColumn('published_at', 'date', (col) => col.notNull())
    .addColumn('read_minutes', 'integer', (col) => col.notNull().check(sql`read_minutes >= 1`))
    .addColumn('body', 'jsonb', (col) => col.notNull())
    .addColumn('updated_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .execute();
  await db.schema.createIndex('articles_published').on('articles').columns(['published_at', 'id']).execute();

  await db.schema
    .createTable('question_topics')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('label', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();
  await db.schema
    .createTable('questions')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('topic_key', 'text', (col) => col.notNull().references('question_topics.key'))
    .addColumn('question', 'text', (col) => col.notNull())
    .addColumn('answer', 'text', (col) => col.notNull())
    .addColumn('sort_order', 'integer', (col) => col.notNull())
    .execute();

  await db.schema
    .createTable('contact_serials')
    .addColumn('day', 'date', (col) => col.primaryKey())
    .addColumn('last', 'integer', (col) => col.notNull().check(sql`last between 1 and 99999`))
    .execute();
  await db.schema
    .createTable('contacts')
    .addColumn('contact_no', 'text', (col) => col.primaryKey())
    .addColumn('request_id', 'uuid', (col) => col.notNull().unique())
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('company_name', 'text', (col) => col.notNull())
    .addColumn('tax_id', 'text')
    .addColumn('mobile', 'text')
    .addColumn('phone', 'text')
    .addColumn('phone_ext', 'text')
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('topic', 'text', (col) => col.notNull())
    .addColumn('content', 'text', (col) => col.notNull())
    .addColumn('received_at', 'timestamptz', (col) => col.notNull())
    .addColumn('reply_by', 'date', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull().defaultTo('new'))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('contacts').execute();
  await db.schema.dropTable('contact_serials').execute();
  await db.schema.dropTable('questions').execute();
  await db.schema.dropTable('question_topics').execute();
  await db.schema.dropTable('articles').execute();
}
