import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { parseInput } from '../../domain/api/parse-input';
import {
  loginSchema,
  STAFF_LOCK_AFTER,
  STAFF_LOCK_MINUTES,
  STAFF_NAME,
  type StaffSession,
} from '../../domain/api/staff';
import { UNKNOWN_ACTOR } from '../../domain/audit-actions';
import { RETURN_CODE } from '../../domain/envelope';
import { STAFF_ROLES } from '../../domain/staff-roles';
import { recordAudit } from '../db/repositories/audit-log';
import {
  deleteStaffSession,
  findStaff,
  recordFailedLogin,
  recordUnknownNameFailure,
  rolesOf,
  startStaffSession,
  unknownNameLock,
} from '../db/repositories/staff';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { clearStaffCookie, setStaffCookie, staffOf, staffToken } from '../plugins/staff-session';
import { loginSubjectFor, type SessionKeys } from '../session-keys';
import { dummyHash, verifyNobody, verifyPassword } from '../staff/passwords';

const WRITE = { config: { budget: 'write' } } as const;
const ANY_STAFF = { config: { roles: STAFF_ROLES } } as const;

/** Why a sign-in got no session: `data` of the refusal. */
export type LoginRefusal = 'loginRefused' | 'loginLocked' | 'loginSuspended';

export const LOGIN_MESSAGES: Record<LoginRefusal, string> = {
  loginRefused: '帳號或密碼錯誤',
  loginLocked: `密碼連續輸入錯誤 ${STAFF_LOCK_AFTER} 次，請於 ${STAFF_LOCK_MINUTES} 分鐘後再試`,
  loginSuspended: '此帳號已停用，請洽系統管理者',
};

/** What the audit log says of each refusal. */
const REFUSAL_DETAIL: Record<LoginRefusal, string> = {
  loginRefused: '密碼錯誤',
  loginLocked: '密碼錯誤次數過多，鎖定中',
  loginSuspended: '帳號已停用',
};

const refusal = (reason: LoginRefusal) => fail(RETURN_CODE.refused, LOGIN_MESSAGES[reason], reason);

export interface StaffSignInRouteOptions {
  db: Kysely<Database>;
  keys: Pick<SessionKeys, 'loginKey'>;
}

/**
 * The staff's sign-in, one for every role (the /groupins/login and /groupins/logout pages call it), and
 * who is signed in. A sign-in, each failed one and a sign-out are audited in the transaction of what they
 * change; a failed sign-in of a name no account has is recorded without the name (it may be a password
 * typed in the wrong field).
 */
export const staffSignInRoutes: FastifyPluginAsync<StaffSignInRouteOptions> = async (app, { db, keys }) => {
  // made now: were it made by the first unknown name, that answer would take twice as long
  void dummyHash();

  app.post('/staff/login', WRITE, async (request, reply) => {
    const { name, password } = await parseInput(loginSchema, request.body);
    const now = new Date();
    // a name no account has is counted and locked as an account is, under an HMAC of it: the answers, and
    // the queries that make them, are the same for every name
    const subject = loginSubjectFor(keys, name);
    const [staff, unknownLock] = await Promise.all([
      STAFF_NAME.test(name) ? findStaff(db, name) : null,
      unknownNameLock(db, subject, now),
    ]);
    const refused = (reason: LoginRefusal) =>
      db.transaction().execute(async (trx) => {
        await recordAudit(trx, {
          action: 'signInFailed',
          ...(staff ? { actor: staff.name, targetStaff: staff.name } : { actor: UNKNOWN_ACTOR }),
          detail: REFUSAL_DETAIL[reason],
        });
        return refusal(reason);
      });
    // a locked name's password is not even checked: the lock stops guessing, right or wrong
    const lockedUntil = staff ? staff.lockedUntil : unknownLock;
    if (lockedUntil && lockedUntil > now) return refused('loginLocked');
    if (!staff) {
      await verifyNobody(password);
      return db.transaction().execute(async (trx) => {
        const locked = await recordUnknownNameFailure(trx, subject, now);
        await recordAudit(trx, {
          actor: UNKNOWN_ACTOR,
          action: 'signInFailed',
          detail: locked ? REFUSAL_DETAIL.loginLocked : '無此帳號',
        });
        return refusal(locked ? 'loginLocked' : 'loginRefused');
      });
    }
    if (!(await verifyPassword(staff.passwordHash, password))) {
      return db.transaction().execute(async (trx) => {
        const reason = (await recordFailedLogin(trx, name, now)) ? 'loginLocked' : 'loginRefused';
        await recordAudit(trx, {
          actor: name,
          action: 'signInFailed',
          targetStaff: name,
          detail: REFUSAL_DETAIL[reason],
        });
        return refusal(reason);
      });
    }
    if (staff.suspended) return refused('loginSuspended');
    const { token, roles } = await db.transaction().execute(async (trx) => {
      const started = await startStaffSession(trx, name, now);
      await recordAudit(trx, { actor: name, action: 'signIn' });
      return { token: started, roles: await rolesOf(trx, name) };
    });
    setStaffCookie(request, reply, token);
    return ok<StaffSession>({ name, roles });
  });

  app.post('/staff/logout', WRITE, async (request, reply) => {
    const token = staffToken(request);
    if (token) {
      await db.transaction().execute(async (trx) => {
        const name = await deleteStaffSession(trx, token);
        if (name) await recordAudit(trx, { actor: name, action: 'signOut' });
      });
    }
    clearStaffCookie(request, reply);
    return ok(null);
  });

  app.get('/staff/me', ANY_STAFF, async (request) => ok<StaffSession>(staffOf(request)));
};
