import type { Kysely } from 'kysely';
import {
  loginSchema,
  STAFF_CAPTCHA_AFTER,
  STAFF_LOCK_AFTER,
  STAFF_LOCK_MINUTES,
  STAFF_NAME_LOCK_AFTER,
  type StaffSession,
} from '../../domain/api/staff';
import { UNKNOWN_ACTOR } from '../../domain/audit-actions';
import { RETURN_CODE } from '../../domain/envelope';
import { STAFF_ROLES } from '../../domain/staff-roles';
import { recordAudit } from '../db/repositories/audit-log';
import {
  countRight,
  countTry,
  readSignIn,
  rememberClient,
  type SignInSubjects,
} from '../db/repositories/sign-in-counts';
import { deleteStaffSession, rolesOf, startStaffSession } from '../db/repositories/staff';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { clearStaffCookie, setStaffCookie, staffOf, staffToken } from '../plugins/staff-session';
import type { RoutesPlugin } from '../route-input';
import { clientSubjectFor, loginPairSubjectFor, loginSubjectFor, type SessionKeys } from '../session-keys';
import { dummyHash, verifyNobody, verifyPassword } from '../staff/passwords';

const WRITE = { config: { budget: 'write' } } as const;
const ANY_STAFF = { config: { roles: STAFF_ROLES } } as const;

/** Why a sign-in got no session: `data` of the refusal. */
export type LoginRefusal = 'loginRefused' | 'loginCaptcha' | 'loginLocked' | 'loginSuspended';

/** Each answer a sign-in may be refused with: its words, and its `data`. */
const ANSWERS = {
  loginRefused: { data: 'loginRefused', msg: '帳號或密碼錯誤' },
  /** a wrong password after which the next try needs the captcha */
  loginRefusedCaptcha: {
    data: 'loginCaptcha',
    msg: '帳號或密碼錯誤；請完成「我不是機器人」驗證後再登入',
  },
  /** a try that needed the captcha and came without a good one: its password was not checked */
  loginCaptcha: { data: 'loginCaptcha', msg: '請完成「我不是機器人」驗證後再登入' },
  /** the lock of the name from this address */
  loginLocked: {
    data: 'loginLocked',
    msg: `密碼連續輸入錯誤 ${STAFF_LOCK_AFTER} 次，請於 ${STAFF_LOCK_MINUTES} 分鐘後再試`,
  },
  /** the lock of the name from every address it never signed in from */
  loginNameLocked: {
    data: 'loginLocked',
    msg: `此帳號登入失敗次數過多，請於 ${STAFF_LOCK_MINUTES} 分鐘後再試，或從曾登入過的地點登入`,
  },
  loginSuspended: { data: 'loginSuspended', msg: '此帳號已停用，請洽系統管理者' },
} as const satisfies Record<string, { data: LoginRefusal; msg: string }>;
type Answer = keyof typeof ANSWERS;

/** What the audit log says of each refusal. */
const REFUSAL_DETAIL: Record<Exclude<Answer, 'loginCaptcha'>, string> = {
  loginRefused: '密碼錯誤',
  loginRefusedCaptcha: '密碼錯誤',
  loginLocked: '密碼錯誤次數過多，鎖定中',
  loginNameLocked: '密碼錯誤次數過多，鎖定中',
  loginSuspended: '帳號已停用',
};

const refusal = (answer: Answer) => fail(RETURN_CODE.refused, ANSWERS[answer].msg, ANSWERS[answer].data);

/** The wait before answering a sign-in after `failures` wrong passwords: 0.25 s, doubling, at most 2 s. */
const slowdownMs = (failures: number) => (failures > 0 ? Math.min(2000, 250 * 2 ** (failures - 1)) : 0);

/**
 * What counts of wrong passwords (this address's, the name's from every address) lead to. From an address
 * the account signed in from before, only that address's count stands: nobody elsewhere locks it there.
 */
function standing(
  pair: number,
  name: number,
  knownClient: boolean,
): { lock: Answer | null; captcha: boolean; failures: number } {
  const nameCounts = !knownClient;
  return {
    lock:
      pair >= STAFF_LOCK_AFTER
        ? 'loginLocked'
        : nameCounts && name >= STAFF_NAME_LOCK_AFTER
          ? 'loginNameLocked'
          : null,
    captcha: pair >= STAFF_CAPTCHA_AFTER || (nameCounts && name >= STAFF_CAPTCHA_AFTER),
    failures: nameCounts ? Math.max(pair, name) : pair,
  };
}

export interface StaffSignInRouteOptions {
  db: Kysely<Database>;
  keys: Pick<SessionKeys, 'loginKey' | 'clientKey'>;
  now: () => Date;
  /** waits `ms` before a sign-in is answered */
  pause: (ms: number) => Promise<void>;
}

/**
 * The staff's sign-in, one for every role (the /groupins/login and /groupins/logout pages call it), and
 * who is signed in. Wrong passwords are counted per name and client address and per name
 * (db/repositories/sign-in-counts.ts): after STAFF_CAPTCHA_AFTER the captcha is asked, each answer waits
 * longer (slowdownMs), and STAFF_LOCK_AFTER lock the name from that address; a name no account has goes
 * through the same steps. A sign-in, each failed one and a sign-out are audited; a failed sign-in of a name
 * no account has is recorded without the name (it may be a password typed in the wrong field), and no
 * address is recorded.
 */
export const staffSignInRoutes: RoutesPlugin<StaffSignInRouteOptions> = async (
  app,
  { db, keys, now, pause },
) => {
  // made now: were it made by the first unknown name, that answer would take twice as long
  void dummyHash();

  app.post('/staff/login', { ...WRITE, schema: { body: loginSchema } }, async (request, reply) => {
    const { name, password, captcha } = request.body;
    const at = now();
    const client = clientSubjectFor(keys, request.ip);
    const subjects: SignInSubjects = {
      name: loginSubjectFor(keys, name),
      pair: loginPairSubjectFor(keys, name, client),
      client,
    };
    const { staff, knownClient, ...counts } = await readSignIn(db, name, subjects, at);
    // a try refused for want of the captcha checked no password: it is no failed sign-in
    const refused = async (answer: Answer) => {
      if (answer !== 'loginCaptcha') {
        const wrong = answer === 'loginRefused' || answer === 'loginRefusedCaptcha';
        await db.transaction().execute((trx) =>
          recordAudit(trx, {
            action: 'signInFailed',
            ...(staff ? { actor: staff.name, targetStaff: staff.name } : { actor: UNKNOWN_ACTOR }),
            detail: !staff && wrong ? '無此帳號' : REFUSAL_DETAIL[answer],
          }),
        );
      }
      return refusal(answer);
    };

    const before = standing(counts.pair.failures, counts.name.failures, knownClient);
    await pause(slowdownMs(before.failures));
    // a locked name's password is not even checked: the lock stops guessing, right or wrong
    if (counts.pair.lockedUntil) return refused('loginLocked');
    if (!knownClient && counts.name.lockedUntil) return refused('loginNameLocked');
    let captchaChecked: Promise<boolean> | undefined;
    // the captcha is spent when the try needs it, before anything is counted: a try without it guesses nothing
    const captchaPassed = () =>
      (captchaChecked ??= captcha ? app.captcha.verify(db, captcha) : Promise.resolve(false));
    if (before.captcha && !(await captchaPassed())) return refused('loginCaptcha');

    const tried = await countTry(db, name, subjects, staff !== null, at);
    // tries sent at once each have a number: one past a limit is not checked
    const ahead = standing(tried.pair - 1, tried.name - 1, knownClient);
    if (ahead.lock) return refused(ahead.lock);
    if (ahead.captcha && !(await captchaPassed())) return refused('loginCaptcha');

    if (!staff || !(await verifyPassword(staff.passwordHash, password))) {
      if (!staff) await verifyNobody(password);
      const after = standing(tried.pair, tried.name, knownClient);
      return refused(after.lock ?? (after.captcha ? 'loginRefusedCaptcha' : 'loginRefused'));
    }
    await countRight(db, name, subjects);
    if (staff.suspended) return refused('loginSuspended');
    const { token, roles } = await db.transaction().execute(async (trx) => {
      await rememberClient(trx, name, client, at);
      const started = await startStaffSession(trx, name, at);
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
