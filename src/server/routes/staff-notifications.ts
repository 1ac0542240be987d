import type { FastifyRequest } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import {
  noticeAddressCodeSchema,
  type StaffNotifications,
  staffNotificationsSchema,
} from '../../domain/api/staff-notifications';
import { maskEmail } from '../../domain/email-code';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { staffMessages } from '../../domain/staff-messages';
import { noticesFor, type StaffNoticeKind } from '../../domain/staff-notifications';
import { STAFF_ROLES } from '../../domain/staff-roles';
import { Refusal, refusableWrite } from '../db/refusable-write';
import { recordAudit } from '../db/repositories/audit-log';
import {
  checkEmailCode,
  issueEmailCode,
  readPendingCode,
  withdrawEmailCodes,
} from '../db/repositories/email-codes';
import {
  readStaffNotifications,
  writeNoticeAddress,
  writeNoticeKinds,
} from '../db/repositories/staff-notifications';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { queueNoticeAddressCode } from '../mail/queued-messages';
import { staffOf } from '../plugins/staff-session';
import type { RoutesPlugin } from '../route-input';
import { clientSubjectFor, type SessionKeys } from '../session-keys';

const ANY_STAFF = { config: { roles: STAFF_ROLES } } as const;
const ANY_STAFF_WRITE = { config: { roles: STAFF_ROLES, budget: 'write' } } as const;

/** What the code check's refusals say. */
const CODE_REFUSALS = {
  voided: messages.emailCodeVoided,
  expired: messages.emailCodeExpired,
  none: messages.emailCodeNone,
} as const;

/**
 * A person's e-mail notices (issue 36): each chooses, among the notices their roles offer, which they get
 * and at which address. A notice the roles do not offer is refused. A new address is used only once the
 * code e-mailed to it is typed (issue 45): until then the notices go to the address confirmed before; each
 * change of the address is recorded in the audit log, masked.
 */
export const staffNotificationRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  keys: Pick<SessionKeys, 'codeKey' | 'clientKey'>;
  now: () => Date;
}> = async (app, { db, keys, now }) => {
  const subjectOf = (name: string) => ({ purpose: 'notice.address', subject: name }) as const;

  const answer = async (name: string, offered: StaffNoticeKind[]) => {
    const [chosen, pending] = await Promise.all([
      readStaffNotifications(db, name),
      readPendingCode(db, subjectOf(name), now()),
    ]);
    return ok<StaffNotifications>({
      ...chosen,
      pending: pending ? { ...pending, expiresAt: pending.expiresAt.toISOString() } : null,
      offered,
    });
  };

  /** Sends a code to `address` for `name`, in `trx`; a refusal when too many were sent. */
  const sendCode = async (
    trx: Transaction<Database>,
    request: FastifyRequest,
    name: string,
    address: string,
  ) => {
    const at = now();
    const issued = await issueEmailCode(trx, keys.codeKey, {
      ...subjectOf(name),
      address,
      client: clientSubjectFor(keys, request.ip),
      now: at,
    });
    if ('tooMany' in issued) return new Refusal(messages.emailCodeTooMany(issued.tooMany));
    await queueNoticeAddressCode(trx, { staff: name, email: address, code: issued.code, at });
    return null;
  };

  app.get('/staff/me/notifications', ANY_STAFF, async (request) => {
    const { name, roles } = staffOf(request);
    return answer(name, noticesFor(roles));
  });

  app.post(
    '/staff/me/notifications',
    { ...ANY_STAFF_WRITE, schema: { body: staffNotificationsSchema } },
    async (request) => {
      const { email, kinds } = request.body;
      const { name, roles } = staffOf(request);
      const offered = noticesFor(roles);
      const chosen = [...new Set(kinds as StaffNoticeKind[])];
      if (chosen.some((kind) => !offered.includes(kind)))
        return fail(RETURN_CODE.refused, staffMessages.staffNoticeNotOffered());
      const pending = await readPendingCode(db, subjectOf(name), now());
      // the address already waiting for a code that may still be typed is not sent another
      const waiting = pending?.state === 'issued' && pending.address === email;
      const written = await refusableWrite(db, async (trx) => {
        const confirmed = await writeNoticeKinds(trx, name, chosen);
        // no address: the one waiting for its code is given up too
        if (!email) await withdrawEmailCodes(trx, subjectOf(name));
        if (!email && confirmed) {
          await writeNoticeAddress(trx, name, null);
          await recordAudit(trx, {
            actor: name,
            action: 'notice.address',
            targetStaff: name,
            detail: '移除通知信箱',
          });
        }
        if (email && email !== confirmed && !waiting) return sendCode(trx, request, name, email);
        return null;
      });
      if (written instanceof Refusal) return fail(RETURN_CODE.refused, written.reason);
      return answer(name, offered);
    },
  );

  app.post(
    '/staff/me/notifications/confirm',
    { ...ANY_STAFF_WRITE, schema: { body: noticeAddressCodeSchema } },
    async (request) => {
      const { code } = request.body;
      const { name, roles } = staffOf(request);
      const checked = await checkEmailCode(db, keys.codeKey, { ...subjectOf(name), code, now: now() });
      if (!checked.ok)
        return fail(
          RETURN_CODE.refused,
          checked.reason === 'mismatch'
            ? messages.emailCodeMismatch(checked.triesLeft)
            : CODE_REFUSALS[checked.reason](),
        );
      await db.transaction().execute(async (trx) => {
        await writeNoticeAddress(trx, name, checked.address);
        await recordAudit(trx, {
          actor: name,
          action: 'notice.address',
          targetStaff: name,
          detail: `通知信箱改為 ${maskEmail(checked.address)}`,
        });
      });
      return answer(name, noticesFor(roles));
    },
  );

  app.post('/staff/me/notifications/resend', ANY_STAFF_WRITE, async (request) => {
    const { name, roles } = staffOf(request);
    const pending = await readPendingCode(db, subjectOf(name), now());
    if (!pending) return fail(RETURN_CODE.refused, messages.emailCodeNone());
    const sent = await refusableWrite(db, (trx) => sendCode(trx, request, name, pending.address));
    if (sent instanceof Refusal) return fail(RETURN_CODE.refused, sent.reason);
    return answer(name, noticesFor(roles));
  });
};
