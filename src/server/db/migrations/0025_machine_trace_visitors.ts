import type { Kysely } from 'kysely';

// The atlas's 訪客旅程 (issue 37): one visitor's transitions in time order, and the visitors of a period
// whatever the machine. Indexes only: the traces stay as they are.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex('machine_traces_visitor_at')
    .on('machine_traces')
    .columns(['visitor', 'at', 'id'])
    .execute();
  await db.schema.createIndex('machine_traces_at').on('machine_traces').column('at').execute();
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('machine_traces_at').execute();
  await db.schema.dropIndex('machine_traces_visitor_at').execute();
}
