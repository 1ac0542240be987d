import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { STAFF_IDLE_ENDED, STAFF_IDLE_SECONDS } from '../../domain/api/staff';
import { RETURN_CODE } from '../../domain/envelope';
import { staffMessages } from '../../domain/staff-messages';
import type { StaffRole } from '../../domain/staff-roles';
import { endIdleStaffSession, renewStaffSession, STAFF_SESSION_HOURS } from '../db/repositories/staff';
import type { Database } from '../db/schema';
import { FAILURE_MESSAGES, fail } from '../envelope';
import { sharedPlugin } from './shared-plugin';

export const STAFF_COOKIE = 'gi_staff';

/** Who is signed in, on a route that declares its roles. */
export interface SignedInStaff {
  name: string;
  roles: StaffRole[];
}

declare module 'fastify' {
  interface FastifyRequest {
    /** the person signed in, on routes with `config.roles`; null elsewhere */
    staff: SignedInStaff | null;
  }
  interface FastifyContextConfig {
    /** only a staff session holding one of these roles may call the route */
    roles?: readonly StaffRole[];
  }
}

/** 32 random bytes, base64url */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Routes that declare `config: { roles: [...] }` answer 401 unless the signed gi_staff cookie names a
 * session that has not expired (8 hours after the sign-in, STAFF_IDLE_SECONDS after its last request), of
 * an account no admin has locked, and 403 unless that person holds one of the roles. Every request that
 * passes the first check renews the session's last activity. A session found idle is deleted and refused
 * with its own message, `data` STAFF_IDLE_ENDED. Decided on the matched route, never on the raw URL;
 * registered after the session, rate limits and CSRF, so a refused request has been counted and checked
 * like any other.
 */
export const staffSessionPlugin = sharedPlugin<{ db: Kysely<Database>; now: () => Date }>(
  async (app, { db, now }) => {
    app.decorateRequest('staff', null);

    app.addHook('onRequest', async (request, reply) => {
      const { roles } = request.routeOptions.config;
      if (!roles) return;
      const token = staffToken(request);
      const at = now();
      const staff = token ? await renewStaffSession(db, token, at) : null;
      if (!staff) {
        const idle = token ? await endIdleStaffSession(db, token, at) : false;
        return reply
          .code(RETURN_CODE.unauthorized)
          .send(
            idle
              ? fail(
                  RETURN_CODE.unauthorized,
                  staffMessages.staffIdleEnded(STAFF_IDLE_SECONDS / 60),
                  STAFF_IDLE_ENDED,
                )
              : fail(RETURN_CODE.unauthorized, FAILURE_MESSAGES.staffSignIn),
          );
      }
      if (!staff.roles.some((role) => roles.includes(role))) {
        return reply
          .code(RETURN_CODE.forbidden)
          .send(fail(RETURN_CODE.forbidden, FAILURE_MESSAGES.notPermitted));
      }
      request.staff = staff;
    });
  },
);

/** The session token of the request's gi_staff cookie, when its signature is ours. */
export function staffToken(request: FastifyRequest): string | undefined {
  const signed = request.cookies[STAFF_COOKIE];
  const unsigned = signed ? request.unsignCookie(signed) : undefined;
  return unsigned?.valid && unsigned.value !== null && TOKEN.test(unsigned.value)
    ? unsigned.value
    : undefined;
}

/** The person a route that declares its roles was called by (the plugin let them through). */
export function staffOf(request: FastifyRequest): SignedInStaff {
  if (!request.staff) throw new Error('staffOf on a route that declares no roles');
  return request.staff;
}

/** Strict: no other site's link or form carries a staff sign-in. */
const cookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const;

export function setStaffCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(STAFF_COOKIE, token, {
    ...cookieOptions(request),
    signed: true,
    maxAge: STAFF_SESSION_HOURS * 3600,
  });
}

export function clearStaffCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(STAFF_COOKIE, cookieOptions(request));
}
