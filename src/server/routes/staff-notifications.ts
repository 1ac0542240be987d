import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { parseInput } from '../../domain/api/parse-input';
import { type StaffNotifications, staffNotificationsSchema } from '../../domain/api/staff-notifications';
import { RETURN_CODE } from '../../domain/envelope';
import { staffMessages } from '../../domain/staff-messages';
import { noticesFor, type StaffNoticeKind } from '../../domain/staff-notifications';
import { STAFF_ROLES } from '../../domain/staff-roles';
import { readStaffNotifications, writeStaffNotifications } from '../db/repositories/staff-notifications';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { staffOf } from '../plugins/staff-session';

const ANY_STAFF = { config: { roles: STAFF_ROLES } } as const;
const ANY_STAFF_WRITE = { config: { roles: STAFF_ROLES, budget: 'write' } } as const;

/**
 * A person's e-mail notices (issue 36): each chooses, among the notices their roles offer, which they get
 * and at which address. A notice the roles do not offer is refused.
 */
export const staffNotificationRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  const answer = async (name: string, offered: StaffNoticeKind[]) =>
    ok<StaffNotifications>({ ...(await readStaffNotifications(db, name)), offered });

  app.get('/staff/me/notifications', ANY_STAFF, async (request) => {
    const { name, roles } = staffOf(request);
    return answer(name, noticesFor(roles));
  });

  app.post('/staff/me/notifications', ANY_STAFF_WRITE, async (request) => {
    const { email, kinds } = await parseInput(staffNotificationsSchema, request.body);
    const { name, roles } = staffOf(request);
    const offered = noticesFor(roles);
    const chosen = [...new Set(kinds as StaffNoticeKind[])];
    if (chosen.some((kind) => !offered.includes(kind)))
      return fail(RETURN_CODE.refused, staffMessages.staffNoticeNotOffered());
    await writeStaffNotifications(db, name, { email: email || null, kinds: chosen });
    return answer(name, offered);
  });
};
