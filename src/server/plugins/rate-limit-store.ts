import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { Kysely } from 'kysely';
import { countRateLimitHit } from '../db/repositories/rate-limit-hits';
import type { Database } from '../db/schema';

/**
 * @fastify/rate-limit's store over the database (table rate_limit_hits, migration 0013), for servers that
 * share one PostgreSQL: each check is one atomic insert-or-count-up of its key's row in the current fixed
 * window (windows start at multiples of the window's length), so every process sees the same count. The
 * limiters' keys carry their limiter's name (plugins/rate-limits.ts), so one table serves them all.
 */
export function databaseRateLimitStore(db: Kysely<Database>): FastifyRateLimitStoreCtor {
  return class DatabaseRateLimitStore implements FastifyRateLimitStore {
    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ): void {
      const now = Date.now();
      const windowStart = now - (now % timeWindow);
      countRateLimitHit(db, key, new Date(windowStart)).then(
        (current) => callback(null, { current, ttl: windowStart + timeWindow - now }),
        (error: Error) => callback(error),
      );
    }

    child(): FastifyRateLimitStore {
      return new DatabaseRateLimitStore();
    }
  };
}
