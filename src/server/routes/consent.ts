import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { consentAcceptSchema } from '../../domain/api/consent';
import { parseInput } from '../../domain/api/parse-input';
import { insertConsent } from '../db/repositories/consents';
import type { Database } from '../db/schema';
import { ok } from '../envelope';

/** The cookie-consent record: which version this session accepted, and when. */
export const consentRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.post('/consent/accept', { config: { budget: 'write' } }, async (request) => {
    const body = await parseInput(consentAcceptSchema, request.body);
    const { acceptedAt } = await insertConsent(db, {
      sessionId: request.sessionId,
      version: body.version,
      clientDevice: body.client_device,
    });
    return ok({ acceptedAt: acceptedAt.toISOString() });
  });
};
