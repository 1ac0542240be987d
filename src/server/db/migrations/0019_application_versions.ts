import type { Kysely } from 'kysely';

// Two staff moving one application at once (issue 35): each application carries a version, 1 when it is
// stored and one more with every move, so a move made on what one person saw finds whether another moved
// it since (application-events.ts). The row lock stays: it orders the moves; the version says which of them
// was made on a status that is gone. Applications stored before this migration start at 1.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('applications')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('applications').dropColumn('version').execute();
}
