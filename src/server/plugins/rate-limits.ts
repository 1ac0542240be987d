import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '../../domain/envelope';
import { purgeRateLimitHits } from '../db/repositories/rate-limit-hits';
import type { Database } from '../db/schema';
import { databaseRateLimitStore } from './rate-limit-store';
import { sharedPlugin } from './shared-plugin';

/** What an API route draws on: a visitor's writes, its page views and activity pings, or its reads. */
export type Budget = 'write' | 'tracking' | 'read';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the visitor's budget the route draws on; API routes without one draw on 'read' */
    budget?: Budget;
    /** the route renders a PDF from the body's `token`: limited per token and in flight per session too */
    prints?: boolean;
  }
}

const MINUTE = 60_000;
/** Per visitor session (its signed cookie), a minute. */
export const SESSION_LIMITS: Record<Budget, number> = { write: 30, tracking: 120, read: 240 };
/** Prints per token (the body's `token`), a minute: a visitor prints its choice a few times, not more. */
export const TOKEN_PRINT_LIMIT = 6;
/** Prints one session may have in flight at once: a second click waits for none, a third is refused. */
export const PRINTS_IN_FLIGHT = 2;
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
 * budget; unknown paths have a low limit of their own. A route printing a PDF (`prints`) is limited per
 * token too, once its body is parsed, and in the session's prints in flight (counted in this process).
 * Decided on the matched route, never the raw URL.
 *
 * Counted in this process's memory, or, given `shared` (servers sharing one PostgreSQL), in the database,
 * so the limits hold across processes; its past windows are deleted every minute. While the database does
 * not answer, the shared limits are not counted: the request's own queries answer 503 meanwhile.
 */
export const rateLimitsPlugin = sharedPlugin<{
  allowList: string[];
  perAddress: number;
  shared?: Kysely<Database>;
}>(async (app, { allowList, perAddress, shared }) => {
  await app.register(
    rateLimit,
    shared ? { global: false, store: databaseRateLimitStore(shared), skipOnError: true } : { global: false },
  );
  if (shared) purgeEveryMinute(app, shared);
  const allowed = new Set(allowList);
  // each limiter's keys are its own: one store (the database's) holds them all
  const byAddress = app.createRateLimit({
    max: perAddress,
    timeWindow: MINUTE,
    keyGenerator: addressKey('all'),
  });
  const notFound = app.createRateLimit({
    max: NOT_FOUND_LIMIT,
    timeWindow: MINUTE,
    keyGenerator: addressKey('notFound'),
  });
  const bySession = Object.fromEntries(
    Object.entries(SESSION_LIMITS).map(([budget, max]) => [
      budget,
      app.createRateLimit({
        max,
        timeWindow: MINUTE,
        keyGenerator: (request) => `${budget} ${sessionKey(request)}`,
      }),
    ]),
  ) as Record<Budget, ReturnType<typeof app.createRateLimit>>;

  const byToken = app.createRateLimit({
    max: TOKEN_PRINT_LIMIT,
    timeWindow: MINUTE,
    keyGenerator: (request) => `printToken ${tokenKey(request.body)}`,
  });
  const printing = new Map<string, number>();

  app.addHook('onRequest', async (request, reply) => {
    if (allowed.has(request.ip)) return;
    const { url, config } = request.routeOptions;
    const limits = [byAddress];
    if (url === undefined) limits.push(notFound);
    else if (url.startsWith(`${API_BASE}/`) && config.session !== false)
      limits.push(bySession[config.budget ?? 'read']);
    for (const limit of limits) await check(limit, request, reply);
  });

  // the token is in the body: counted once it is parsed, then the session's prints in flight
  app.addHook('preHandler', async (request, reply) => {
    if (allowed.has(request.ip) || !request.routeOptions.config.prints) return;
    await check(byToken, request, reply);
    const session = sessionKey(request);
    const inFlight = printing.get(session) ?? 0;
    if (inFlight >= PRINTS_IN_FLIGHT) {
      reply.header('retry-after', 1);
      throw new TooManyRequests('prints in flight');
    }
    printing.set(session, inFlight + 1);
    // 'close' comes once the answer is sent or the client has gone, whichever the request ends with
    reply.raw.once('close', () => {
      const left = (printing.get(session) ?? 1) - 1;
      if (left > 0) printing.set(session, left);
      else printing.delete(session);
    });
  });
});

async function check(
  limit: ReturnType<FastifyInstance['createRateLimit']>,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const result = await limit(request);
  if (!result.isAllowed && result.isExceeded) {
    reply.header('retry-after', result.ttlInSeconds);
    throw new TooManyRequests('rate limit exceeded');
  }
}

/** A hash of the body's token, never the token itself: the database store keeps its keys. */
function tokenKey(body: unknown): string {
  const token = (body as { token?: unknown } | null)?.token;
  return createHash('sha256')
    .update(typeof token === 'string' ? token : '')
    .digest('base64url');
}

function addressKey(limit: string) {
  return (request: FastifyRequest) => `${limit} ${normalizeIP(request.ip)}`;
}

/** The visitor's session when its cookie came with the request; a request without one counts for its address. */
function sessionKey(request: FastifyRequest): string {
  return request.sessionResumed ? `session ${request.sessionId}` : `address ${normalizeIP(request.ip)}`;
}

/** Deletes the windows that have ended, every minute while the app runs; a failed purge waits for the next. */
function purgeEveryMinute(app: FastifyInstance, db: Kysely<Database>): void {
  const timer = setInterval(() => {
    purgeRateLimitHits(db, new Date(Date.now() - MINUTE)).catch((error: unknown) =>
      app.log.warn({ errCode: (error as { code?: unknown }).code }, 'rate limit purge failed'),
    );
  }, MINUTE).unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
