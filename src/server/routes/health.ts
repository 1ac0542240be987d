import type { FastifyPluginAsync } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { RETURN_CODE } from '../../domain/envelope';
import type { Database } from '../db/schema';
import { FAILURE_MESSAGES, fail, ok } from '../envelope';

/**
 * Probe for load balancers and orchestrators: up only when the database answers, and the server is not
 * going (from SIGTERM on it still answers requests for the grace period, so the balancer can stop sending).
 */
export const healthRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/health', { config: { session: false } }, async (request, reply) => {
    if (app.draining) {
      return reply
        .code(503)
        .send(fail(RETURN_CODE.unavailable, FAILURE_MESSAGES.unavailable, { server: 'stopping' }));
    }
    try {
      await sql`select 1`.execute(db);
    } catch (error) {
      request.log.warn(
        { errCode: (error as { code?: unknown }).code },
        'health check: database not answering',
      );
      return reply
        .code(503)
        .send(fail(RETURN_CODE.unavailable, FAILURE_MESSAGES.unavailable, { database: 'unavailable' }));
    }
    return ok({ status: 'ok' });
  });
};
