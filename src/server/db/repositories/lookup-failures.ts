import { type Kysely, sql } from 'kysely';
import type { Database, LookupFailuresTable } from '../schema';

type Scope = LookupFailuresTable['scope'];

/**
 * How many wrong lookups lock further tries, and for how long: per typed 受理編號 (someone guessing one
 * company's identifiers), and per client (someone trying many numbers). An office sharing one address
 * stays far below the client figure; the captcha already makes each try cost a second.
 */
export const LOOKUP_LIMITS: Readonly<
  Record<Scope, { failures: number; windowMinutes: number; lockMinutes: number }>
> = {
  application: { failures: 5, windowMinutes: 15, lockMinutes: 15 },
  client: { failures: 20, windowMinutes: 60, lockMinutes: 60 },
};

const MINUTE = 60_000;

/** Who a lookup is counted against: the 受理編號 typed, and the client (an HMAC of its address). */
export type LookupSubjects = Readonly<Record<Scope, string>>;

const scopes = Object.keys(LOOKUP_LIMITS) as Scope[];

/** The end of the latest lock in force on either subject, or null when the lookup may be tried. */
export async function lookupLockedUntil(
  db: Kysely<Database>,
  subjects: LookupSubjects,
  now: Date,
): Promise<Date | null> {
  const rows = await db
    .selectFrom('lookup_failures')
    .select('locked_until')
    .where((eb) => eb.or(scopes.map((scope) => eb.and({ scope, subject: subjects[scope] }))))
    .where('locked_until', '>', now)
    .execute();
  const ends = rows.map((row) => new Date(row.locked_until!).getTime());
  return ends.length === 0 ? null : new Date(Math.max(...ends));
}

/**
 * Counts a wrong lookup against both subjects; a subject reaching its limit within its window is locked.
 * Answers the lock now in force, if any. Rows whose window and lock have both passed are deleted here.
 */
export async function recordLookupFailure(
  db: Kysely<Database>,
  subjects: LookupSubjects,
  now: Date,
): Promise<Date | null> {
  for (const scope of scopes) {
    const { failures, windowMinutes, lockMinutes } = LOOKUP_LIMITS[scope];
    const windowStart = new Date(now.getTime() - windowMinutes * MINUTE);
    const expired = sql<boolean>`lookup_failures.window_started_at <= ${windowStart}`;
    const { count } = await db
      .insertInto('lookup_failures')
      .values({ scope, subject: subjects[scope], failures: 1, window_started_at: now, locked_until: null })
      .onConflict((conflict) =>
        conflict.columns(['scope', 'subject']).doUpdateSet({
          failures: sql`case when ${expired} then 1 else lookup_failures.failures + 1 end`,
          window_started_at: sql`case when ${expired} then ${now} else lookup_failures.window_started_at end`,
        }),
      )
      .returning('failures as count')
      .executeTakeFirstOrThrow();
    if (count >= failures) {
      await db
        .updateTable('lookup_failures')
        .set({ locked_until: new Date(now.getTime() + lockMinutes * MINUTE) })
        .where('scope', '=', scope)
        .where('subject', '=', subjects[scope])
        .execute();
    }
  }
  await db
    .deleteFrom('lookup_failures')
    .where('window_started_at', '<', new Date(now.getTime() - maxMinutes() * MINUTE))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', now)]))
    .execute();
  return lookupLockedUntil(db, subjects, now);
}

/** A right lookup clears its application's count; the client's stays until its window passes. */
export async function clearLookupFailures(db: Kysely<Database>, applicationNo: string): Promise<void> {
  await db
    .deleteFrom('lookup_failures')
    .where('scope', '=', 'application')
    .where('subject', '=', applicationNo)
    .execute();
}

function maxMinutes(): number {
  return Math.max(
    ...scopes.map((scope) => Math.max(LOOKUP_LIMITS[scope].windowMinutes, LOOKUP_LIMITS[scope].lockMinutes)),
  );
}
