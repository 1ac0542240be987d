import { createHash } from 'node:crypto';
import rateLimit, { normalizeIP } from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { API_BASE } from '../../domain/envelope';
import { purgeRateLimitHits } from '../db/repositories/rate-limit-hits';
import type { Database } from '../db/schema';
import { databaseRateLimitStore } from './rate-limit-store';
import { sharedPlugin } from './shared-plugin';
import { staffToken } from './staff-session';

/**
 * What an API route draws on: a visitor's writes, its page views and activity pings, or its reads; on a
 * staff route (one declaring its roles), the staff session's reads, writes or exports.
 */
export type Budget = 'write' | 'tracking' | 'read' | 'export';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the budget the route draws on; API routes without one draw on 'read' */
    budget?: Budget;
    /**
     * the route renders a PDF: a visitor's from the body's `token`, limited per token and in flight per
     * visitor session; a staff route's in flight per staff session
     */
    prints?: boolean;
  }
}

const MINUTE = 60_000;
/** Per visitor session (its signed cookie), a minute. */
export const SESSION_LIMITS = { write: 30, tracking: 120, read: 240 } as const satisfies Partial<
  Record<Budget, number>
>;
/**
 * Per staff session (its signed gi_staff cookie), a minute, apart from every visitor's: a CSV export reads
 * up to 10,000 applications, so a person has a few a minute.
 */
export const STAFF_LIMITS = { write: 30, read: 240, export: 4 } as const satisfies Partial<
  Record<Budget, number>
>;
/** Prints per token (the body's `token`), a minute: a visitor prints its choice a few times, not more. */
export const TOKEN_PRINT_LIMIT = 6;
/**
 * Prints one visitor session, or one staff session, may have in flight at once: a second click waits for
 * none, a third is refused.
 */
export const PRINTS_IN_FLIGHT = 2;
/** Per address, a minute, for paths no route serves. */
export const NOT_FOUND_LIMIT = 120;

class TooManyRequests extends Error {
  readonly statusCode = 429;
}

/**
 * A visitor's API calls are counted against its session, so employees sharing one address each have
 * their own budget, and its page views never use up its cart writes. A staff route's calls are counted
 * against the staff session instead, in budgets of their own, so no staff work spends a visitor's. Every
 * request also counts against its address, with a far higher ceiling, which stops a client that starts a
 * new session to get a new budget; unknown paths have a low limit of their own. A visitor's route printing
 * a PDF (`prints`) is limited per token too, once its body is parsed; every printing route, in the
 * session's prints in flight (counted in this process). Decided on the matched route, never the raw URL.
 * A route declaring a budget its kind of session does not have is refused when it is added.
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
  app.addHook('onRoute', ({ url, config }) => {
    const budgets: Partial<Record<Budget, number>> = config?.roles ? STAFF_LIMITS : SESSION_LIMITS;
    if (config?.budget && !(config.budget in budgets))
      throw new Error(`${url}: no ${config.roles ? 'staff' : 'visitor'} budget '${config.budget}'`);
  });
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
  const perSession = (limits: Partial<Record<Budget, number>>, key: (request: FastifyRequest) => string) =>
    Object.fromEntries(
      Object.entries(limits).map(([budget, max]) => [
        budget,
        app.createRateLimit({
          max,
          timeWindow: MINUTE,
          keyGenerator: (request) => `${budget} ${key(request)}`,
        }),
      ]),
    ) as Partial<Record<Budget, ReturnType<typeof app.createRateLimit>>>;
  const bySession = perSession(SESSION_LIMITS, sessionKey);
  const byStaff = perSession(STAFF_LIMITS, staffKey);

  const byToken = app.createRateLimit({
    max: TOKEN_PRINT_LIMIT,
    timeWindow: MINUTE,
    keyGenerator: (request) => `printToken ${hashed(bodyToken(request.body))}`,
  });
  const printing = new Map<string, number>();

  app.addHook('onRequest', async (request, reply) => {
    if (allowed.has(request.ip)) return;
    const { url, config } = request.routeOptions;
    const limits = [byAddress];
    if (url === undefined) limits.push(notFound);
    else if (url.startsWith(`${API_BASE}/`)) {
      // checked when the route was added: its kind of session has the budget
      if (config.roles) limits.push(byStaff[config.budget ?? 'read']!);
      else if (config.session !== false) limits.push(bySession[config.budget ?? 'read']!);
    }
    for (const limit of limits) await check(limit, request, reply);
  });

  // a visitor's token is in the body: counted once it is parsed, before the route validates it (a refused
  // print counts too); then the session's prints in flight
  app.addHook('preValidation', async (request, reply) => {
    const { config } = request.routeOptions;
    if (allowed.has(request.ip) || !config.prints) return;
    if (!config.roles) await check(byToken, request, reply);
    const session = config.roles ? staffKey(request) : sessionKey(request);
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

function bodyToken(body: unknown): string {
  const token = (body as { token?: unknown } | null)?.token;
  return typeof token === 'string' ? token : '';
}

/** A hash of a token, never the token itself: the database store keeps its keys. */
function hashed(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

function addressKey(limit: string) {
  return (request: FastifyRequest) => `${limit} ${normalizeIP(request.ip)}`;
}

/** The visitor's session when its cookie came with the request; a request without one counts for its address. */
function sessionKey(request: FastifyRequest): string {
  return request.sessionResumed ? `session ${request.sessionId}` : `address ${normalizeIP(request.ip)}`;
}

/**
 * The staff session of the request's gi_staff cookie (hashed) when its signature is ours; a request without
 * one, which the staff session plugin answers 401, counts as its visitor session's (or address's) instead.
 */
function staffKey(request: FastifyRequest): string {
  const token = staffToken(request);
  return token ? `staff ${hashed(token)}` : `staff ${sessionKey(request)}`;
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
