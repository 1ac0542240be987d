import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { STAFF_LOCK_AFTER, STAFF_LOCK_MINUTES, type StaffAccount } from '../../../domain/api/staff';
import { OPERATOR_ACTOR } from '../../../domain/audit-actions';
import { isStaffRole, rolesLabel, STAFF_ROLES, type StaffRole } from '../../../domain/staff-roles';
import type { Database } from '../schema';
import { recordAudit } from './audit-log';

/** How long a staff sign-in lasts. */
export const STAFF_SESSION_HOURS = 8;

const MINUTE = 60_000;

export interface StoredStaff {
  name: string;
  passwordHash: string;
  /** the wrong-password lock, as stored (it may be over) */
  lockedUntil: Date | null;
  /** locked by an admin */
  suspended: boolean;
}

/** Roles in STAFF_ROLES's order, each once: how they are stored, shown and recorded. */
export const orderedRoles = (roles: readonly string[]): StaffRole[] =>
  STAFF_ROLES.filter((role) => roles.includes(role));

const rolesText = (roles: readonly StaffRole[]) => rolesLabel(orderedRoles(roles)) || '無';

async function replaceRoles(trx: Transaction<Database>, name: string, roles: readonly StaffRole[]) {
  await trx.deleteFrom('staff_roles').where('staff', '=', name).execute();
  await trx
    .insertInto('staff_roles')
    .values(orderedRoles(roles).map((role) => ({ staff: name, role })))
    .execute();
}

export async function rolesOf(db: Kysely<Database>, name: string): Promise<StaffRole[]> {
  const rows = await db.selectFrom('staff_roles').select('role').where('staff', '=', name).execute();
  return orderedRoles(rows.map((row) => row.role));
}

/**
 * `npm run staff:add`: adds an account with `roles`, or gives an existing one the new hash and `roles`:
 * its wrong-password lock and count cleared, its sessions ended (a password replaced may have been known to
 * someone else). An admin's lock stays: only an admin lifts it. Audited as the operator's 'staff.add' or
 * 'staff.roles'. Answers whether the account was new.
 */
export async function upsertStaff(
  db: Kysely<Database>,
  name: string,
  passwordHash: string,
  roles: readonly StaffRole[],
): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('staff')
      .values({ name, password_hash: passwordHash })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!inserted) {
      await trx
        .updateTable('staff')
        .set({
          password_hash: passwordHash,
          failed_logins: 0,
          last_failed_at: null,
          locked_until: null,
          updated_at: new Date(),
        })
        .where('name', '=', name)
        .execute();
      await trx.deleteFrom('staff_sessions').where('staff', '=', name).execute();
    }
    await replaceRoles(trx, name, roles);
    await recordAudit(trx, {
      actor: OPERATOR_ACTOR,
      action: inserted ? 'staff.add' : 'staff.roles',
      targetStaff: name,
      detail: inserted ? `角色：${rolesText(roles)}` : `角色：${rolesText(roles)}；已更換密碼並結束其登入`,
    });
    return { created: Boolean(inserted) };
  });
}

/** An admin adds an account; an existing name is left as it is. Audited as the admin's 'staff.add'. */
export async function addStaff(
  db: Kysely<Database>,
  actor: string,
  account: { name: string; passwordHash: string; roles: readonly StaffRole[] },
): Promise<{ created: boolean }> {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('staff')
      .values({ name: account.name, password_hash: account.passwordHash })
      .onConflict((conflict) => conflict.column('name').doNothing())
      .returning('name')
      .executeTakeFirst();
    if (!inserted) return { created: false };
    await replaceRoles(trx, account.name, account.roles);
    await recordAudit(trx, {
      actor,
      action: 'staff.add',
      targetStaff: account.name,
      detail: `角色：${rolesText(account.roles)}`,
    });
    return { created: true };
  });
}

/** What an admin's change to an account came to. */
export type AccountChange = 'done' | 'notFound';

/** Locks the account's row for the transaction; false when no account has the name. */
async function lockRow(trx: Transaction<Database>, name: string): Promise<boolean> {
  const row = await trx
    .selectFrom('staff')
    .select('name')
    .where('name', '=', name)
    .forUpdate()
    .executeTakeFirst();
  return Boolean(row);
}

/** The account holds `roles` from now on (its sessions too, from their next request). */
export async function setStaffRoles(
  db: Kysely<Database>,
  actor: string,
  name: string,
  roles: readonly StaffRole[],
): Promise<AccountChange> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, name))) return 'notFound';
    const before = await rolesOf(trx, name);
    await replaceRoles(trx, name, roles);
    await trx.updateTable('staff').set({ updated_at: new Date() }).where('name', '=', name).execute();
    await recordAudit(trx, {
      actor,
      action: 'staff.roles',
      targetStaff: name,
      detail: `角色：${rolesText(before)} → ${rolesText(roles)}`,
    });
    return 'done';
  });
}

/** An admin's lock: the account cannot sign in, and its sessions end now. */
export async function suspendStaff(
  db: Kysely<Database>,
  actor: string,
  name: string,
): Promise<AccountChange> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, name))) return 'notFound';
    const now = new Date();
    await trx
      .updateTable('staff')
      .set({ suspended_at: sql<Date>`coalesce(suspended_at, ${now})`, updated_at: now })
      .where('name', '=', name)
      .execute();
    const ended = await trx.deleteFrom('staff_sessions').where('staff', '=', name).executeTakeFirst();
    await recordAudit(trx, {
      actor,
      action: 'staff.lock',
      targetStaff: name,
      detail: `結束登入 ${Number(ended.numDeletedRows)} 個`,
    });
    return 'done';
  });
}

/** Lifts an admin's lock; the wrong-password lock, if any, runs its course. */
export async function unsuspendStaff(
  db: Kysely<Database>,
  actor: string,
  name: string,
): Promise<AccountChange> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, name))) return 'notFound';
    await trx
      .updateTable('staff')
      .set({ suspended_at: null, updated_at: new Date() })
      .where('name', '=', name)
      .execute();
    await recordAudit(trx, { actor, action: 'staff.unlock', targetStaff: name });
    return 'done';
  });
}

/** Ends every session of the account: it signs in again. */
export async function endStaffSessions(
  db: Kysely<Database>,
  actor: string,
  name: string,
): Promise<AccountChange> {
  return db.transaction().execute(async (trx) => {
    if (!(await lockRow(trx, name))) return 'notFound';
    const ended = await trx.deleteFrom('staff_sessions').where('staff', '=', name).executeTakeFirst();
    await recordAudit(trx, {
      actor,
      action: 'staff.endSessions',
      targetStaff: name,
      detail: `結束登入 ${Number(ended.numDeletedRows)} 個`,
    });
    return 'done';
  });
}

/** Every account, by name, as the admin's list shows it. */
export async function listStaff(db: Kysely<Database>, now: Date): Promise<StaffAccount[]> {
  const [accounts, roles] = await Promise.all([
    db
      .selectFrom('staff')
      .select(['name', 'locked_until', 'suspended_at', 'last_signed_in_at', 'created_at'])
      .orderBy('name')
      .execute(),
    db.selectFrom('staff_roles').select(['staff', 'role']).execute(),
  ]);
  return accounts.map((row) => ({
    name: row.name,
    roles: orderedRoles(roles.filter((r) => r.staff === row.name).map((r) => r.role)),
    suspended: row.suspended_at !== null,
    lockedUntil: inForce(row.locked_until, now)?.toISOString() ?? null,
    lastSignedInAt: row.last_signed_in_at ? new Date(row.last_signed_in_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function findStaff(db: Kysely<Database>, name: string): Promise<StoredStaff | null> {
  const row = await db
    .selectFrom('staff')
    .select(['name', 'password_hash', 'locked_until', 'suspended_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row
    ? {
        name: row.name,
        passwordHash: row.password_hash,
        lockedUntil: row.locked_until,
        suspended: row.suspended_at !== null,
      }
    : null;
}

/**
 * One more wrong sign-in, as the columns of a row of `table` are set in one statement (two sign-ins at
 * once both count): a count whose last wrong try is STAFF_LOCK_MINUTES old is forgotten and starts again;
 * the STAFF_LOCK_AFTER-th in a row locks the name for STAFF_LOCK_MINUTES and starts the count again.
 * An account's row and an unknown name's count alike, so the answers tell no names apart.
 */
function countedFailure(table: 'staff' | 'login_failures', now: Date) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const forgotten = sql<boolean>`${column('last_failed_at')} is null or ${column('last_failed_at')} <= ${forgetBefore(now)}`;
  const count = sql<number>`case when ${forgotten} then 1 else ${column('failed_logins')} + 1 end`;
  const reached = sql<boolean>`${count} >= ${STAFF_LOCK_AFTER}`;
  const until = new Date(now.getTime() + STAFF_LOCK_MINUTES * MINUTE);
  return {
    failed_logins: sql<number>`case when ${reached} then 0 else ${count} end`,
    locked_until: sql<Date | null>`case when ${reached} then ${until} else ${column('locked_until')} end`,
    last_failed_at: now,
  };
}

/** Wrong sign-ins before this instant are forgotten: as long ago as the lock they may earn lasts. */
const forgetBefore = (now: Date) => new Date(now.getTime() - STAFF_LOCK_MINUTES * MINUTE);

/** A lock stored, if it is still in force. */
function inForce(lockedUntil: Date | null | undefined, now: Date): Date | null {
  const until = lockedUntil ? new Date(lockedUntil) : null;
  return until && until > now ? until : null;
}

/** Counts a wrong password of an account (countedFailure). Answers the lock, if any. */
export async function recordFailedLogin(db: Kysely<Database>, name: string, now: Date): Promise<Date | null> {
  const row = await db
    .updateTable('staff')
    .set(countedFailure('staff', now))
    .where('name', '=', name)
    .returning('locked_until')
    .executeTakeFirst();
  return inForce(row?.locked_until, now);
}

/** The lock in force on a name no account has, by its subject (an HMAC of it), if any. */
export async function unknownNameLock(
  db: Kysely<Database>,
  subject: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .selectFrom('login_failures')
    .select('locked_until')
    .where('subject', '=', subject)
    .executeTakeFirst();
  return inForce(row?.locked_until, now);
}

/**
 * Counts a wrong sign-in of a name no account has, by its subject, as an account's wrong password is
 * counted (countedFailure; the first is a count of 1, short of any lock). Answers the lock, if any. Rows
 * whose count is forgotten and whose lock is over are deleted here, so the table holds only the names
 * tried in the last STAFF_LOCK_MINUTES, or locked.
 */
export async function recordUnknownNameFailure(
  db: Kysely<Database>,
  subject: string,
  now: Date,
): Promise<Date | null> {
  const row = await db
    .insertInto('login_failures')
    .values({ subject, failed_logins: 1, last_failed_at: now, locked_until: null })
    .onConflict((conflict) => conflict.column('subject').doUpdateSet(countedFailure('login_failures', now)))
    .returning('locked_until')
    .executeTakeFirstOrThrow();
  await db
    .deleteFrom('login_failures')
    .where('last_failed_at', '<=', forgetBefore(now))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
  return inForce(row.locked_until, now);
}

/**
 * A right password: the count of wrong ones starts again, the sign-in is noted and a session of `name`
 * starts; answers its token. Expired sessions (anyone's) are deleted here.
 */
export async function startStaffSession(
  trx: Transaction<Database>,
  name: string,
  now: Date,
): Promise<string> {
  await trx
    .updateTable('staff')
    .set({ failed_logins: 0, last_failed_at: null, locked_until: null, last_signed_in_at: now })
    .where('name', '=', name)
    .execute();
  const id = randomBytes(32).toString('base64url');
  await trx.deleteFrom('staff_sessions').where('expires_at', '<=', now).execute();
  await trx
    .insertInto('staff_sessions')
    .values({
      id,
      staff: name,
      created_at: now,
      expires_at: new Date(now.getTime() + STAFF_SESSION_HOURS * 60 * MINUTE),
    })
    .execute();
  return id;
}

/**
 * Who a session token belongs to, and the roles they hold now; an expired or unknown token, or one of an
 * account an admin locked, has nobody.
 */
export async function findStaffSession(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<{ name: string; roles: StaffRole[] } | null> {
  const rows = await db
    .selectFrom('staff_sessions')
    .innerJoin('staff', 'staff.name', 'staff_sessions.staff')
    .leftJoin('staff_roles', 'staff_roles.staff', 'staff_sessions.staff')
    .select(['staff_sessions.staff as name', 'staff_roles.role'])
    .where('staff_sessions.id', '=', id)
    .where('staff_sessions.expires_at', '>', now)
    .where('staff.suspended_at', 'is', null)
    .execute();
  const first = rows[0];
  if (!first) return null;
  return { name: first.name, roles: orderedRoles(rows.map((row) => row.role).filter(isStaffRole)) };
}

/** Ends one session; answers whose it was, if it was one. */
export async function deleteStaffSession(trx: Transaction<Database>, id: string): Promise<string | null> {
  const row = await trx
    .deleteFrom('staff_sessions')
    .where('id', '=', id)
    .returning('staff')
    .executeTakeFirst();
  return row?.staff ?? null;
}
