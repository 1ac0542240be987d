import { randomUUID } from 'node:crypto';
import cookie from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { API_BASE, CSRF_COOKIE } from '../../domain/envelope';
import { rememberingSigner } from '../cookie-signer';
import { remembered } from '../remembered';
import { csrfTokenFor, type SessionKeys } from '../session-keys';
import { sharedPlugin } from './shared-plugin';
import { isClientRoute, SITE_BASE } from './static-site';

export const SESSION_COOKIE = 'gi_sid';

declare module 'fastify' {
  interface FastifyRequest {
    /** the visitor's session id; empty on requests that carry no session (health, static files) */
    sessionId: string;
    /** true when the session came with the request's cookie, false when this answer starts it */
    sessionResumed: boolean;
    /** the session's CSRF token (session-keys.ts), worked out once a request; empty without a session */
    csrfToken: string;
  }
  interface FastifyContextConfig {
    /** false: the route neither reads nor creates a session (probes) */
    session?: boolean;
  }
}

/** Sessions whose CSRF token a process keeps worked out (an HMAC each), as many as the cookies it keeps checked. */
const REMEMBERED_TOKENS = 20_000;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Every API call and every HTML page belongs to a session: a random id in a signed, HttpOnly cookie.
 * The signature is what makes a session ours, so starting one writes nothing; a row in `sessions` is made
 * only by the route that needs one (addSession). The readable XSRF-TOKEN cookie carries its CSRF token.
 */
export const sessionPlugin = sharedPlugin<{ keys: SessionKeys }>(async (app, { keys }) => {
  await app.register(cookie, { secret: rememberingSigner(keys.cookieSecret) });
  const tokenOf = remembered((sessionId) => csrfTokenFor(keys, sessionId), REMEMBERED_TOKENS);
  app.decorateRequest('sessionId', '');
  app.decorateRequest('sessionResumed', false);
  app.decorateRequest('csrfToken', '');

  app.addHook('onRequest', async (request, reply) => {
    if (!hasSession(request)) return;
    const resumed = resumedSession(request);
    request.sessionId = resumed ?? startSession(request, reply);
    request.sessionResumed = resumed !== undefined;
    const token = tokenOf(request.sessionId);
    request.csrfToken = token;
    if (request.cookies[CSRF_COOKIE] !== token) {
      reply.setCookie(CSRF_COOKIE, token, {
        path: '/',
        sameSite: 'lax',
        secure: request.protocol === 'https',
      });
    }
  });
});

function resumedSession(request: FastifyRequest): string | undefined {
  const signed = request.cookies[SESSION_COOKIE];
  const unsigned = signed ? request.unsignCookie(signed) : undefined;
  return unsigned?.valid && unsigned.value !== null && UUID.test(unsigned.value) ? unsigned.value : undefined;
}

function startSession(request: FastifyRequest, reply: FastifyReply): string {
  const id = randomUUID();
  reply.setCookie(SESSION_COOKIE, id, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: request.protocol === 'https',
    signed: true,
  });
  return id;
}

/** API calls and pages have one. Decided on the matched route, never on the raw URL. */
function hasSession(request: FastifyRequest): boolean {
  const { url, config } = request.routeOptions;
  if (url === undefined || config.session === false) return false;
  if (url.startsWith(`${API_BASE}/`)) return true;
  const sitePath = (request.params as { '*'?: string })['*'];
  return (
    url === `${SITE_BASE}/*` &&
    sitePath !== undefined &&
    (isClientRoute(sitePath) || sitePath.endsWith('.html'))
  );
}
