import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  AUDIT_PAGE_SIZE,
  type AuditPage,
  addStaffSchema,
  auditQuerySchema,
  type StaffAccount,
  setRolesSchema,
  staffNameSchema,
} from '../../domain/api/staff';
import { RETURN_CODE } from '../../domain/envelope';
import { staffMessages } from '../../domain/staff-messages';
import { trafficPeriod } from '../atlas/traffic-period';
import { readAuditLog } from '../db/repositories/audit-log';
import {
  type AccountChange,
  addStaff,
  endStaffSessions,
  listStaff,
  setStaffRoles,
  suspendStaff,
  unsuspendStaff,
} from '../db/repositories/staff';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { staffOf } from '../plugins/staff-session';
import type { RoutesPlugin } from '../route-input';
import { hashPassword } from '../staff/passwords';

const ADMIN = { config: { roles: ['admin'] } } as const;
const ADMIN_WRITE = { config: { roles: ['admin'], budget: 'write' } } as const;

/** The longest period the audit log is read over at once, in days: ten years. */
const AUDIT_DAYS_MAX = 3_660;

/** Why an account change was refused: `data` of the refusal. */
export type AccountRefusal = 'staffExists' | 'staffOwnAdmin' | 'staffOwnLock';

const refusal = (reason: AccountRefusal) => fail(RETURN_CODE.refused, staffMessages[reason](), reason);

/** An account change answered: the account list as it is now, or 404 when no account has the name. */
async function answer(db: Kysely<Database>, now: Date, reply: FastifyReply, change: AccountChange) {
  if (change === 'notFound')
    return reply.code(404).send(fail(RETURN_CODE.notFound, staffMessages.staffNotFound()));
  return ok<StaffAccount[]>(await listStaff(db, now));
}

/**
 * The admin's account management and the audit log (docs/specification.md §6). Each change is its own
 * transaction with its audit entry; an admin keeps their own admin role and cannot lock themself, so there
 * is always someone to undo a change.
 */
export const staffAccountRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  /** the clock the server reads (buildApp's `now`) */
  now: () => Date;
}> = async (app, { db, now }) => {
  app.get('/staff/accounts', ADMIN, async () => ok<StaffAccount[]>(await listStaff(db, now())));

  app.post(
    '/staff/accounts',
    { ...ADMIN_WRITE, schema: { body: addStaffSchema } },
    async (request, reply) => {
      const { name, roles, password } = request.body;
      const { created } = await addStaff(db, staffOf(request).name, {
        name,
        roles,
        passwordHash: await hashPassword(password),
      });
      if (!created) return refusal('staffExists');
      return answer(db, now(), reply, 'done');
    },
  );

  app.post(
    '/staff/accounts/roles',
    { ...ADMIN_WRITE, schema: { body: setRolesSchema } },
    async (request, reply) => {
      const { name, roles } = request.body;
      const actor = staffOf(request).name;
      if (name === actor && !roles.includes('admin')) return refusal('staffOwnAdmin');
      return answer(db, now(), reply, await setStaffRoles(db, actor, name, roles));
    },
  );

  app.post(
    '/staff/accounts/lock',
    { ...ADMIN_WRITE, schema: { body: staffNameSchema } },
    async (request, reply) => {
      const { name } = request.body;
      const actor = staffOf(request).name;
      if (name === actor) return refusal('staffOwnLock');
      return answer(db, now(), reply, await suspendStaff(db, actor, name));
    },
  );

  app.post(
    '/staff/accounts/unlock',
    { ...ADMIN_WRITE, schema: { body: staffNameSchema } },
    async (request, reply) => {
      const { name } = request.body;
      return answer(db, now(), reply, await unsuspendStaff(db, staffOf(request).name, name));
    },
  );

  app.post(
    '/staff/accounts/end-sessions',
    { ...ADMIN_WRITE, schema: { body: staffNameSchema } },
    async (request, reply) => {
      const { name } = request.body;
      return answer(db, now(), reply, await endStaffSessions(db, staffOf(request).name, name));
    },
  );

  app.get('/staff/audit', { ...ADMIN, schema: { querystring: auditQuerySchema } }, async (request, reply) => {
    const query = request.query;
    let start: Date | undefined;
    let end: Date | undefined;
    if (query.from || query.to) {
      // one end alone: the period runs from or to it
      const checked = trafficPeriod(query.from || query.to!, query.to || query.from!, AUDIT_DAYS_MAX);
      if ('problem' in checked) return reply.code(400).send(fail(RETURN_CODE.badInput, checked.problem));
      if (query.from) start = checked.period.start;
      if (query.to) end = checked.period.end;
    }
    return ok<AuditPage>(
      await readAuditLog(db, {
        person: query.person || undefined,
        applicationNo: query.applicationNo || undefined,
        start,
        end,
        page: query.page,
        pageSize: AUDIT_PAGE_SIZE,
      }),
    );
  });
};
