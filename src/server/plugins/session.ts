import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE, CSRF_COOKIE } from '../../domain/envelope';
import { createSession, touchSession } from '../db/repositories/sessions';
import type { Database } from '../db/schema';
import { csrfTokenFor, type SessionKeys } from '../session-keys';
import { sharedPlugin } from './shared-plugin';
import { isClientRoute, SITE_BASE } from './static-site';

export const SESSION_COOKIE = 'gi_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** the visitor's session id; empty on requests that carry no session (health, static files) */
    sessionId: string;
  }
  interface FastifyContextConfig {
    /** false: the route neither reads nor creates a session (probes) */
    session?: boolean;
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Every API call and every HTML page belongs to a session: a random id in a signed, HttpOnly cookie,
 * with a row in `sessions`. The readable XSRF-TOKEN cookie carries the session's CSRF token.
 */
export const sessionPlugin = sharedPlugin<{ db: Kysely<Database>; keys: SessionKeys }>(
  async (app, { db, keys }) => {
    await app.register(cookie, { secret: keys.cookieSecret });
    app.decorateRequest('sessionId', '');

    app.addHook('onRequest', async (request, reply) => {
      const scope = sessionScope(request);
      if (scope === 'none') return;
      try {
        request.sessionId = await resumeOrStart(request, reply);
      } catch (error) {
        // The page shell must still load when the database is down; API calls answer 503 instead.
        if (scope === 'api') throw error;
        request.log.warn({ errCode: (error as { code?: unknown }).code }, 'session unavailable for page');
        return;
      }
      const token = csrfTokenFor(keys, request.sessionId);
      if (request.cookies[CSRF_COOKIE] !== token) {
        reply.setCookie(CSRF_COOKIE, token, {
          path: '/',
          sameSite: 'lax',
          secure: request.protocol === 'https',
        });
      }
    });

    async function resumeOrStart(request: FastifyRequest, reply: FastifyReply): Promise<string> {
      const signed = request.cookies[SESSION_COOKIE];
      const unsigned = signed ? request.unsignCookie(signed) : undefined;
      if (unsigned?.valid && UUID.test(unsigned.value) && (await touchSession(db, unsigned.value))) {
        return unsigned.value;
      }
      const id = randomUUID();
      await createSession(db, id);
      reply.setCookie(SESSION_COOKIE, id, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: request.protocol === 'https',
        signed: true,
      });
      return id;
    }
  },
);

/** Decided on the matched route, never on the raw URL, which may spell the same path differently. */
function sessionScope(request: FastifyRequest): 'api' | 'page' | 'none' {
  const { url, config } = request.routeOptions;
  if (url === undefined || config.session === false) return 'none';
  if (url.startsWith(`${API_BASE}/`)) return 'api';
  const sitePath = (request.params as { '*'?: string })['*'];
  if (url === `${SITE_BASE}/*` && sitePath !== undefined) {
    return isClientRoute(sitePath) || sitePath.endsWith('.html') ? 'page' : 'none';
  }
  return 'none';
}
