import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { purgeExpiredSessions } from './db/repositories/sessions';
import type { Database } from './db/schema';

const PURGE_EVERY_MS = 60 * 60 * 1000;

/**
 * Deletes the sessions idle for `retentionHours`, now and then every hour. A failed purge is logged and
 * tried again at the next hour; it never stops the server.
 */
export function scheduleSessionPurge(
  db: Kysely<Database>,
  retentionHours: number,
  log: FastifyBaseLogger,
): { first: Promise<void>; stop(): void } {
  const purge = () =>
    purgeExpiredSessions(db, retentionHours * 60 * 60).then(
      (count) => {
        if (count > 0) log.info({ count }, 'expired sessions purged');
      },
      (error: { code?: unknown }) => log.warn({ errCode: error.code }, 'session purge failed'),
    );
  const timer = setInterval(purge, PURGE_EVERY_MS).unref();
  return { first: purge(), stop: () => clearInterval(timer) };
}
