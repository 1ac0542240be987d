import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { RETURN_CODE } from '../../domain/envelope';
import { ANALYST_SESSION_HOURS, findAnalystSession } from '../db/repositories/analysts';
import type { Database } from '../db/schema';
import { FAILURE_MESSAGES, fail } from '../envelope';
import { sharedPlugin } from './shared-plugin';

export const ANALYST_COOKIE = 'gi_analyst';

declare module 'fastify' {
  interface FastifyRequest {
    /** the analyst logged in, on routes with `config.analyst`; empty elsewhere */
    analyst: string;
  }
  interface FastifyContextConfig {
    /** true: only an analyst's session may call the route (the machine atlas) */
    analyst?: boolean;
  }
}

/** 32 random bytes, base64url */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * Routes marked `config: { analyst: true }` answer 401 unless the signed gi_analyst cookie names a
 * session that has not expired. Decided on the matched route, never on the raw URL; registered after the
 * session, rate limits and CSRF, so a refused request has been counted and checked like any other.
 */
export const analystSessionPlugin = sharedPlugin<{ db: Kysely<Database> }>(async (app, { db }) => {
  app.decorateRequest('analyst', '');

  app.addHook('onRequest', async (request, reply) => {
    if (request.routeOptions.config.analyst !== true) return;
    const token = analystToken(request);
    const session = token ? await findAnalystSession(db, token, new Date()) : null;
    if (session) {
      request.analyst = session.analyst;
      return;
    }
    return reply
      .code(RETURN_CODE.unauthorized)
      .send(fail(RETURN_CODE.unauthorized, FAILURE_MESSAGES.analystLogin));
  });
});

/** The session token of the request's gi_analyst cookie, when its signature is ours. */
export function analystToken(request: FastifyRequest): string | undefined {
  const signed = request.cookies[ANALYST_COOKIE];
  const unsigned = signed ? request.unsignCookie(signed) : undefined;
  return unsigned?.valid && unsigned.value !== null && TOKEN.test(unsigned.value)
    ? unsigned.value
    : undefined;
}

/** Strict: no other site's link or form carries an analyst's login. */
const cookieOptions = (request: FastifyRequest) =>
  ({ path: '/', httpOnly: true, sameSite: 'strict', secure: request.protocol === 'https' }) as const;

export function setAnalystCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(ANALYST_COOKIE, token, {
    ...cookieOptions(request),
    signed: true,
    maxAge: ANALYST_SESSION_HOURS * 3600,
  });
}

export function clearAnalystCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(ANALYST_COOKIE, cookieOptions(request));
}
