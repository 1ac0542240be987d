import { type Kysely, sql } from 'kysely';

/** The roles a staff_roles row may name: src/domain/staff-roles.ts as this migration knew them. */
const ROLES = ['analyst', 'service', 'underwriter', 'admin'] as const;

// The atlas's analysts become the insurer's staff: the same rows, hashes and sessions under new names, each
// with the analyst role, so today's analysts sign in and read the atlas as before. An admin's lock
// (suspended_at) is its own column, apart from the wrong-password lock (locked_until), which ends by itself.
// The audit log is append-only: a trigger refuses every UPDATE, DELETE and TRUNCATE of it, whoever sends
// them, so not even a bug in the server can rewrite what it recorded.
// biome-ignore lint/suspicious/noExplicitAny: migrations describe the schema of their time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('analysts').renameTo('staff').execute();
  await sql`alter index analysts_pkey rename to staff_pkey`.execute(db);
  await db.schema.alterTable('staff').addColumn('suspended_at', 'timestamptz').execute();
  await db.schema.alterTable('staff').addColumn('last_signed_in_at', 'timestamptz').execute();

  await db.schema.alterTable('analyst_sessions').renameTo('staff_sessions').execute();
  await db.schema.alterTable('staff_sessions').renameColumn('analyst', 'staff').execute();
  await sql`alter index analyst_sessions_pkey rename to staff_sessions_pkey`.execute(db);
  await sql`alter index analyst_sessions_analyst rename to staff_sessions_staff`.execute(db);
  await sql`alter table staff_sessions rename constraint analyst_sessions_analyst_fkey to staff_sessions_staff_fkey`.execute(
    db,
  );

  await db.schema
    .createTable('staff_roles')
    .addColumn('staff', 'text', (col) => col.notNull().references('staff.name').onDelete('cascade'))
    .addColumn('role', 'text', (col) => col.notNull().check(sql`role in (${sql.join(ROLES.map(sql.lit))})`))
    .addPrimaryKeyConstraint('staff_roles_pkey', ['staff', 'role'])
    .execute();
  await db
    .insertInto('staff_roles')
    .columns(['staff', 'role'])
    .expression(db.selectFrom('staff').select(['name', sql.lit('analyst').as('role')]))
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'bigint', (col) => col.primaryKey().generatedAlwaysAsIdentity())
    .addColumn('at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
    .addColumn('actor', 'text', (col) => col.notNull())
    .addColumn('action', 'text', (col) => col.notNull())
    .addColumn('application_no', 'text')
    .addColumn('contact_no', 'text')
    .addColumn('target_staff', 'text')
    .addColumn('detail', 'text')
    .execute();
  await db.schema.createIndex('audit_log_at').on('audit_log').columns(['at', 'id']).execute();
  await db.schema.createIndex('audit_log_actor').on('audit_log').columns(['actor', 'at']).execute();
  await db.schema
    .createIndex('audit_log_target_staff')
    .on('audit_log')
    .columns(['target_staff', 'at'])
    .execute();
  await db.schema
    .createIndex('audit_log_application_no')
    .on('audit_log')
    .columns(['application_no', 'at'])
    .execute();
  await sql`
    create function audit_log_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'audit_log is append-only: % refused', TG_OP using errcode = 'insufficient_privilege';
    end
    $$`.execute(db);
  await sql`
    create trigger audit_log_rows_kept before update or delete on audit_log
    for each row execute function audit_log_append_only()`.execute(db);
  await sql`
    create trigger audit_log_kept before truncate on audit_log
    for each statement execute function audit_log_append_only()`.execute(db);
}

// biome-ignore lint/suspicious/noExplicitAny: see up()
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('audit_log').execute();
  await sql`drop function audit_log_append_only()`.execute(db);
  await db.schema.dropTable('staff_roles').execute();
  await sql`alter table staff_sessions rename constraint staff_sessions_staff_fkey to analyst_sessions_analyst_fkey`.execute(
    db,
  );
  await sql`alter index staff_sessions_staff rename to analyst_sessions_analyst`.execute(db);
  await sql`alter index staff_sessions_pkey rename to analyst_sessions_pkey`.execute(db);
  await db.schema.alterTable('staff_sessions').renameColumn('staff', 'analyst').execute();
  await db.schema.alterTable('staff_sessions').renameTo('analyst_sessions').execute();
  await db.schema.alterTable('staff').dropColumn('last_signed_in_at').execute();
  await db.schema.alterTable('staff').dropColumn('suspended_at').execute();
  await sql`alter index staff_pkey rename to analysts_pkey`.execute(db);
  await db.schema.alterTable('staff').renameTo('analysts').execute();
}
