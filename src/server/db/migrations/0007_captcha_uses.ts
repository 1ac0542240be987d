import type { Kysely } from 'kysely';

// The captcha challenges already used, by their signature: a solved challenge is accepted once, on any
// API node sharing the database (captcha/captcha.ts). A row is needed only until its challenge expires;
// expired rows are deleted as new ones are recorded.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('captcha_uses')
    .addColumn('signature', 'text', (column) => column.primaryKey())
    .addColumn('expires_at', 'timestamptz', (column) => column.notNull())
    .execute();
  await db.schema
    .createIndex('captcha_uses_expires_at_idx')
    .on('captcha_uses')
    .column('expires_at')
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('captcha_uses').execute();
}
