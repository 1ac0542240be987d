import { type Kysely, Migrator, sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDatabase } from '../../src/server/db/database';
import { MIGRATIONS, migrateToLatest } from '../../src/server/db/migrate';
import { recordAudit } from '../../src/server/db/repositories/audit-log';
import { renewStaffSession, upsertStaff } from '../../src/server/db/repositories/staff';
import type { Database } from '../../src/server/db/schema';
import { usePostgres } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';

/*
 * Migration 0018 (issue 35): today's analysts become staff with the analyst role, their sessions still
 * good; the audit log keeps every row, whoever tries to change or remove one. The same facts on the embedded
 * database and on PostgreSQL.
 */

const migrator = (db: Kysely<Database>) =>
  new Migrator({ db, provider: { getMigrations: async () => MIGRATIONS } });

async function migrateTo(db: Kysely<Database>, name: string): Promise<void> {
  const { error } = await migrator(db).migrateTo(name);
  if (error) throw error;
}

/** Error codes PostgreSQL answers a statement with; '' when it was accepted. */
async function refusal(statement: Promise<unknown>): Promise<string> {
  try {
    await statement;
    return '';
  } catch (error) {
    return String((error as { code?: unknown }).code ?? (error as Error).message);
  }
}

function migrationFacts(open: () => Kysely<Database>) {
  it('keeps today’s analysts, their hashes and sessions: each is staff with the analyst role', async () => {
    const db = open();
    await migrateTo(db, '0017_login_failures');
    // biome-ignore lint/suspicious/noExplicitAny: the schema of 0017's time
    const old = db as unknown as Kysely<any>;
    await old
      .insertInto('analysts')
      .values({ name: 'analyst.old', password_hash: '$argon2id$old' })
      .execute();
    const token = 'T'.repeat(43);
    await old
      .insertInto('analyst_sessions')
      .values({ id: token, analyst: 'analyst.old', expires_at: new Date(Date.now() + 60_000) })
      .execute();

    await migrateTo(db, '0018_staff');
    expect(await db.selectFrom('staff').select(['name', 'password_hash', 'suspended_at']).execute()).toEqual([
      { name: 'analyst.old', password_hash: '$argon2id$old', suspended_at: null },
    ]);
    expect(await db.selectFrom('staff_roles').selectAll().execute()).toEqual([
      { staff: 'analyst.old', role: 'analyst' },
    ]);
    // today's code reads today's schema: the session is still good once the later migrations have run
    await migrateToLatest(db);
    expect(await renewStaffSession(db, token, new Date())).toEqual({
      name: 'analyst.old',
      roles: ['analyst'],
    });
    // a role not of the four is refused by the table itself
    expect(
      await refusal(db.insertInto('staff_roles').values({ staff: 'analyst.old', role: 'root' }).execute()),
    ).toBe('23514');
  });

  it('keeps every audit row: UPDATE, DELETE and TRUNCATE are refused, INSERT is not', async () => {
    const db = open();
    await upsertStaff(db, 'admin.one', '$argon2id$x', ['admin']);
    await db.transaction().execute((trx) => recordAudit(trx, { actor: 'admin.one', action: 'signIn' }));
    const before = await db.selectFrom('audit_log').selectAll().orderBy('id').execute();
    expect(before.map((row) => [row.actor, row.action])).toEqual([
      ['(operator)', 'staff.add'],
      ['admin.one', 'signIn'],
    ]);

    expect(await refusal(db.updateTable('audit_log').set({ actor: 'someone.else' }).execute())).toBe('42501');
    expect(await refusal(db.deleteFrom('audit_log').execute())).toBe('42501');
    expect(await refusal(sql`truncate audit_log`.execute(db))).toBe('42501');
    expect(await db.selectFrom('audit_log').selectAll().orderBy('id').execute()).toEqual(before);
  });

  it('rolls the audit entry back with the action it records', async () => {
    const db = open();
    const count = async () =>
      Number(
        (
          await db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, { actor: 'admin.one', action: 'staff.lock', targetStaff: 'nobody' });
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await count()).toBe(before);
  });

  it('goes down to 0017’s analysts, the roles and the audit log gone, and up again', async () => {
    const db = open();
    await migrateTo(db, '0017_login_failures');
    // biome-ignore lint/suspicious/noExplicitAny: the schema of 0017's time
    const old = db as unknown as Kysely<any>;
    expect(
      (await old.selectFrom('analysts').select('name').orderBy('name').execute()).map((r) => r.name),
    ).toEqual(['admin.one', 'analyst.old']);
    const tables = (await db.introspection.getTables()).map((table) => table.name);
    expect(tables).not.toContain('audit_log');
    expect(tables).not.toContain('staff_roles');
    await migrateTo(db, '0018_staff');
    expect(await db.selectFrom('staff_roles').select(['staff', 'role']).orderBy('staff').execute()).toEqual([
      { staff: 'admin.one', role: 'analyst' },
      { staff: 'analyst.old', role: 'analyst' },
    ]);
  });
}

describe('migration 0018 and the audit log on PGlite', () => {
  const db = createDatabase({ memory: true });
  afterAll(() => db.destroy());
  migrationFacts(() => db);
});

describeWithPostgres('migration 0018 and the audit log on PostgreSQL', () => {
  const pg = usePostgres();
  migrationFacts(() => pg.db);
});
