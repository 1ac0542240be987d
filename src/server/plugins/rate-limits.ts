import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyRequest } from 'fastify';
import { API_BASE } from '../../domain/envelope';
import { sharedPlugin } from './shared-plugin';

/** What an API route draws on: a visitor's writes, its page views and activity pings, or its reads. */
export type Budget = 'write' | 'tracking' | 'read';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the visitor's budget the route draws on; API routes without one draw on 'read' */
    budget?: Budget;
  }
}

const MINUTE = 60_000;
/** Per visitor session (its signed cookie), a minute. */
export const SESSION_LIMITS: Record<Budget, number> = { write: 30, tracking: 120, read: 240 };
/** Per address, a minute, for paths no route serves. */
export const NOT_FOUND_LIMIT = 120;
/** Per address, a minute, for every request: a ceiling against floods, far above what an office sends. */
export const ADDRESS_LIMIT = 3_000;

class TooManyRequests extends Error {
  readonly statusCode = 429;
}

/**
 * A visitor's API calls are counted against its session, so employees sharing one address each have
 * their own budget, and its page views never use up its cart writes. Every request also counts against
 * its address, with a far higher ceiling, which stops a client that starts a new session to get a new
 * budget; unknown paths have a low limit of their own. Decided on the matched route, never the raw URL.
 */
export const rateLimitsPlugin = sharedPlugin<{ allowList: string[]; perAddress: number }>(
  async (app, { allowList, perAddress }) => {
    await app.register(rateLimit, { global: false });
    const allowed = new Set(allowList);
    const byAddress = app.createRateLimit({ max: perAddress, timeWindow: MINUTE });
    const notFound = app.createRateLimit({ max: NOT_FOUND_LIMIT, timeWindow: MINUTE });
    const bySession = Object.fromEntries(
      Object.entries(SESSION_LIMITS).map(([budget, max]) => [
        budget,
        app.createRateLimit({ max, timeWindow: MINUTE, keyGenerator: sessionKey }),
      ]),
    ) as Record<Budget, ReturnType<typeof app.createRateLimit>>;

    app.addHook('onRequest', async (request, reply) => {
      if (allowed.has(request.ip)) return;
      const { url, config } = request.routeOptions;
      const limits = [byAddress];
      if (url === undefined) limits.push(notFound);
      else if (url.startsWith(`${API_BASE}/`) && config.session !== false)
        limits.push(bySession[config.budget ?? 'read']);
      for (const limit of limits) {
        const result = await limit(request);
        if (!result.isAllowed && result.isExceeded) {
          reply.header('retry-after', result.ttlInSeconds);
          throw new TooManyRequests('rate limit exceeded');
        }
      }
    });
  },
);

/** The visitor's session when its cookie came with the request; a request without one counts for its address. */
function sessionKey(request: FastifyRequest): string {
  return request.sessionResumed ? `session ${request.sessionId}` : `address ${normalizeIP(request.ip)}`;
}
