import { randomBytes } from 'node:crypto';
import { type Kysely, sql, type Transaction } from 'kysely';
import { STAFF_IDLE_SECONDS, type StaffAccount } from '../../../domain/api/staff';
import { OPERATOR_ACTOR } from '../../../domain/audit-actions';
import { isStaffRole, rolesLabel, STAFF_ROLES, type StaffRole } from '../../../domain/staff-roles';
import type { Database } from '../schema';
import { recordAudit } from './audit-log';

/** How long a staff sign-in lasts at most; it ends sooner after STAFF_IDLE_SECONDS without a request. */
export const STAFF_SESSION_HOURS = 8;

const MINUTE = 60_000;

export interface StoredStaff {
  name: string;
  passwordHash: string;
  /** the name's count of wrong passwords from every address, as stored (sign-in-counts.ts reads it) */
  failures: { failed_logins: number; last_failed_at: Date | null; locked_until: Date | null };
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
 * its wrong-password counts and locks cleared (the name's and every address's), its sessions ended and the
 * addresses it signed in from forgotten (a password replaced may have been known to someone else). An
 * admin's lock stays: only an admin lifts it. Audited as the operator's 'staff.add' or 'staff.roles'.
 * Answers whether the account was new.
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
      await trx.deleteFrom('login_failures').where('staff', '=', name).execute();
      await trx.deleteFrom('staff_known_clients').where('staff', '=', name).execute();
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

/**
 * Every account, by name, as the admin's list shows it; its wrong-password lock is the last to end of the
 * name's (from the addresses it never signed in from) and of each address's.
 */
export async function listStaff(db: Kysely<Database>, now: Date): Promise<StaffAccount[]> {
  const [accounts, roles, addressLocks] = await Promise.all([
    db
      .selectFrom('staff')
      .select(['name', 'locked_until', 'suspended_at', 'last_signed_in_at', 'created_at'])
      .orderBy('name')
      .execute(),
    db.selectFrom('staff_roles').select(['staff', 'role']).execute(),
    db
      .selectFrom('login_failures')
      .select(['staff', 'locked_until'])
      .where('staff', 'is not', null)
      .where('locked_until', '>', now)
      .execute(),
  ]);
  const lockOf = (row: { name: string; locked_until: Date | null }) =>
    [
      row.locked_until,
      ...addressLocks.filter((lock) => lock.staff === row.name).map((lock) => lock.locked_until),
    ]
      .map((until) => inForce(until, now))
      .reduce<Date | null>((last, until) => (until && (!last || until > last) ? until : last), null);
  return accounts.map((row) => ({
    name: row.name,
    roles: orderedRoles(roles.filter((r) => r.staff === row.name).map((r) => r.role)),
    suspended: row.suspended_at !== null,
    lockedUntil: lockOf(row)?.toISOString() ?? null,
    lastSignedInAt: row.last_signed_in_at ? new Date(row.last_signed_in_at).toISOString() : null,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

export async function findStaff(db: Kysely<Database>, name: string): Promise<StoredStaff | null> {
  const row = await db
    .selectFrom('staff')
    .select(['name', 'password_hash', 'failed_logins', 'last_failed_at', 'locked_until', 'suspended_at'])
    .where('name', '=', name)
    .executeTakeFirst();
  return row
    ? {
        name: row.name,
        passwordHash: row.password_hash,
        failures: {
          failed_logins: row.failed_logins,
          last_failed_at: row.last_failed_at,
          locked_until: row.locked_until,
        },
        suspended: row.suspended_at !== null,
      }
    : null;
}

/** A lock stored, if it is still in force. */
function inForce(lockedUntil: Date | null | undefined, now: Date): Date | null {
  const until = lockedUntil ? new Date(lockedUntil) : null;
  return until && until > now ? until : null;
}

/** Sessions without a request since this instant have ended. */
const idleBefore = (now: Date) => new Date(now.getTime() - STAFF_IDLE_SECONDS * 1000);

/**
 * A right password: the sign-in is noted and a session of `name` starts; answers its token. Sessions over
 * (8 hours old, or idle) are deleted here, anyone's.
 */
export async function startStaffSession(
  trx: Transaction<Database>,
  name: string,
  now: Date,
): Promise<string> {
  await trx.updateTable('staff').set({ last_signed_in_at: now }).where('name', '=', name).execute();
  const id = randomBytes(32).toString('base64url');
  await trx
    .deleteFrom('staff_sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now), eb('last_active_at', '<=', idleBefore(now))]))
    .execute();
  await trx
    .insertInto('staff_sessions')
    .values({
      id,
      staff: name,
      created_at: now,
      last_active_at: now,
      expires_at: new Date(now.getTime() + STAFF_SESSION_HOURS * 60 * MINUTE),
    })
    .execute();
  return id;
}

/**
 * Who a session token belongs to, and the roles they hold now; the request renews the session's last
 * activity. An unknown token, one 8 hours old or STAFF_IDLE_SECONDS without a request, or one of an account
 * an admin locked, has nobody (and is not renewed).
 */
export async function renewStaffSession(
  db: Kysely<Database>,
  id: string,
  now: Date,
): Promise<{ name: string; roles: StaffRole[] } | null> {
  const rows = await db
    .with('renewed', (cte) =>
      cte
        .updateTable('staff_sessions')
        .set({ last_active_at: now })
        .where('id', '=', id)
        .where('expires_at', '>', now)
        .where('last_active_at', '>', idleBefore(now))
        .where(({ exists, selectFrom }) =>
          exists(
            selectFrom('staff')
              .select('staff.name')
              .whereRef('staff.name', '=', 'staff_sessions.staff')
              .where('staff.suspended_at', 'is', null),
          ),
        )
        .returning('staff'),
    )
    .selectFrom('renewed')
    .leftJoin('staff_roles', 'staff_roles.staff', 'renewed.staff')
    .select(['renewed.staff as name', 'staff_roles.role'])
    .execute();
  const first = rows[0];
  if (!first) return null;
  return { name: first.name, roles: orderedRoles(rows.map((row) => row.role).filter(isStaffRole)) };
}

/**
 * Ends a session that went STAFF_IDLE_SECONDS without a request (within its 8 hours): answers whether the
 * token named one, so the refusal can say why.
 */
export async function endIdleStaffSession(db: Kysely<Database>, id: string, now: Date): Promise<boolean> {
  const row = await db
    .deleteFrom('staff_sessions')
    .where('id', '=', id)
    .where('expires_at', '>', now)
    .where('last_active_at', '<=', idleBefore(now))
    .returning('id')
    .executeTakeFirst();
  return Boolean(row);
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
