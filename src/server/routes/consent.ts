import type { Kysely } from 'kysely';
import { consentAcceptSchema } from '../../domain/api/consent';
import { insertConsent } from '../db/repositories/consents';
import type { Database } from '../db/schema';
import { ok } from '../envelope';
import type { RoutesPlugin } from '../route-input';

/** The cookie-consent record: which version this session accepted, and when. */
export const consentRoutes: RoutesPlugin<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.post(
    '/consent/accept',
    { config: { budget: 'write' }, schema: { body: consentAcceptSchema } },
    async (request) => {
      const body = request.body;
      const { acceptedAt } = await insertConsent(db, {
        sessionId: request.sessionId,
        version: body.version,
        clientDevice: body.client_device,
      });
      return ok({ acceptedAt: acceptedAt.toISOString() });
    },
  );
};
