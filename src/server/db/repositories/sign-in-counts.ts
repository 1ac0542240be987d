import { type Kysely, sql } from 'kysely';
import {
  STAFF_LOCK_AFTER,
  STAFF_LOCK_MINUTES,
  STAFF_NAME,
  STAFF_NAME_LOCK_AFTER,
} from '../../../domain/api/staff';
import type { Database } from '../schema';
import { findStaff, type StoredStaff } from './staff';

/*
 * The staff sign-in's guard against guessing (docs/specification.md §6): wrong passwords are counted per
 * name and client address, and per name from every address. A stranger's count locks the name only from
 * the stranger's address; the name-wide count locks it only from addresses the account never signed in
 * from. Names no account has are counted in the same way, so nothing tells names apart. No address and no
 * such name is stored: only HMACs of them (session-keys.ts).
 */

/** How many addresses an account remembers having signed in from, and for how long. */
const KNOWN_CLIENTS_KEPT = 10;
const KNOWN_CLIENT_DAYS = 90;

const MINUTE = 60_000;

/** What a sign-in is counted under. */
export interface SignInSubjects {
  /** HMAC of the name: a name no account has is counted under it (an account in its `staff` row) */
  name: string;
  /** HMAC of the name and the client: the count of that name from that address, whatever the name */
  pair: string;
  /** HMAC of the client's address: what an account remembers of where it signed in */
  client: string;
}

export interface FailureCount {
  /** wrong passwords in a row, not yet forgotten */
  failures: number;
  /** the lock they earned, while in force */
  lockedUntil: Date | null;
}

/** What the sign-in knows of a name before it checks a password. */
export interface SignInRecord {
  staff: StoredStaff | null;
  /** the name's count from every address */
  name: FailureCount;
  /** the name's count from this address */
  pair: FailureCount;
  /** the account signed in from this address in the last KNOWN_CLIENT_DAYS */
  knownClient: boolean;
}

/** Wrong sign-ins before this instant are forgotten: as long ago as the lock they may earn lasts. */
const forgetBefore = (now: Date) => new Date(now.getTime() - STAFF_LOCK_MINUTES * MINUTE);

function countOf(
  row: { failed_logins: number; last_failed_at: Date | null; locked_until: Date | null } | undefined,
  now: Date,
): FailureCount {
  const last = row?.last_failed_at ? new Date(row.last_failed_at) : null;
  const kept = row && last && last > forgetBefore(now);
  const until = row?.locked_until ? new Date(row.locked_until) : null;
  return { failures: kept ? row.failed_logins : 0, lockedUntil: until && until > now ? until : null };
}

/**
 * Reads everything a sign-in decides by, with the same queries whatever the name: the account, the count
 * of a name no account has, the count from this address, and whether the account knows the address.
 */
export async function readSignIn(
  db: Kysely<Database>,
  name: string,
  subjects: SignInSubjects,
  now: Date,
): Promise<SignInRecord> {
  const failures = (subject: string) =>
    db
      .selectFrom('login_failures')
      .select(['failed_logins', 'last_failed_at', 'locked_until'])
      .where('subject', '=', subject)
      .executeTakeFirst();
  const [staff, unknownName, pair, known] = await Promise.all([
    STAFF_NAME.test(name) ? findStaff(db, name) : null,
    failures(subjects.name),
    failures(subjects.pair),
    db
      .selectFrom('staff_known_clients')
      .select('client')
      .where('staff', '=', name)
      .where('client', '=', subjects.client)
      .where('signed_in_at', '>', new Date(now.getTime() - KNOWN_CLIENT_DAYS * 24 * 60 * MINUTE))
      .executeTakeFirst(),
  ]);
  return {
    staff,
    name: countOf(staff ? staff.failures : unknownName, now),
    pair: countOf(pair, now),
    knownClient: Boolean(staff && known),
  };
}

/**
 * One more wrong sign-in, as the columns of a row of `table` are set in one statement (two at once both
 * count): a count whose last wrong try is STAFF_LOCK_MINUTES old is forgotten and starts again; the
 * `limit`-th in a row locks for STAFF_LOCK_MINUTES. While locked, tries are still counted but the last
 * try's time stays, so the count is forgotten when the lock ends.
 */
function countedFailure(table: 'staff' | 'login_failures', now: Date, limit: number) {
  const column = (name: string) => sql.ref(`${table}.${name}`);
  const forgotten = sql<boolean>`${column('last_failed_at')} is null or ${column('last_failed_at')} <= ${forgetBefore(now)}`;
  const count = sql<number>`case when ${forgotten} then 1 else ${column('failed_logins')} + 1 end`;
  const until = new Date(now.getTime() + STAFF_LOCK_MINUTES * MINUTE);
  return {
    failed_logins: count,
    last_failed_at: sql<Date>`case when not (${forgotten}) and ${column('failed_logins')} >= ${limit} then ${column('last_failed_at')} else ${now} end`,
    locked_until: sql<Date | null>`case when ${forgotten} then null when ${count} = ${limit} then ${until} else ${column('locked_until')} end`,
  };
}

/** The counts a try made, itself included: the name's from every address, and from this address. */
export interface TryNumbers {
  name: number;
  pair: number;
}

/**
 * Counts a try as a wrong password before its password is checked, so that tries sent at once each get a
 * number of their own and no more of them are checked than the limits allow; a right password then clears
 * its address's count and takes the try back (countRight). An account's name-wide count is its `staff` row; a name no
 * account has is counted under its subject. Rows of login_failures forgotten and no longer locked are
 * deleted here, so the table holds only what was tried in the last STAFF_LOCK_MINUTES, or is locked.
 */
export async function countTry(
  db: Kysely<Database>,
  name: string,
  subjects: SignInSubjects,
  account: boolean,
  now: Date,
): Promise<TryNumbers> {
  const upsert = (subject: string, limit: number, staff: string | null) =>
    db
      .insertInto('login_failures')
      .values({ subject, staff, failed_logins: 1, last_failed_at: now, locked_until: null })
      .onConflict((conflict) =>
        conflict
          .column('subject')
          .doUpdateSet({ ...countedFailure('login_failures', now, limit), staff: sql`excluded.staff` }),
      )
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
  const nameCount = account
    ? db
        .updateTable('staff')
        .set(countedFailure('staff', now, STAFF_NAME_LOCK_AFTER))
        .where('name', '=', name)
        .returning('failed_logins')
        .executeTakeFirstOrThrow()
    : upsert(subjects.name, STAFF_NAME_LOCK_AFTER, null);
  const pairCount = upsert(subjects.pair, STAFF_LOCK_AFTER, account ? name : null);
  const [named, paired] = await Promise.all([nameCount, pairCount]);
  await db
    .deleteFrom('login_failures')
    .where('last_failed_at', '<=', forgetBefore(now))
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
    .execute();
  return { name: named.failed_logins, pair: paired.failed_logins };
}

/**
 * A right password for an account: the count from this address starts again, and the try countTry
 * counted is taken back from the name's count, which otherwise runs its course (a person's sign-in does not
 * wipe out a stranger's wrong tries from elsewhere).
 */
export async function countRight(
  db: Kysely<Database>,
  name: string,
  subjects: SignInSubjects,
): Promise<void> {
  await db.deleteFrom('login_failures').where('subject', '=', subjects.pair).execute();
  await db
    .updateTable('staff')
    .set({ failed_logins: sql<number>`greatest(failed_logins - 1, 0)` })
    .where('name', '=', name)
    .execute();
}

/**
 * Remembers that the account signed in from this address, and forgets all but the KNOWN_CLIENTS_KEPT it
 * signed in from last, and those of more than KNOWN_CLIENT_DAYS ago.
 */
export async function rememberClient(
  db: Kysely<Database>,
  name: string,
  client: string,
  now: Date,
): Promise<void> {
  await db
    .insertInto('staff_known_clients')
    .values({ staff: name, client, signed_in_at: now })
    .onConflict((conflict) => conflict.columns(['staff', 'client']).doUpdateSet({ signed_in_at: now }))
    .execute();
  await db
    .deleteFrom('staff_known_clients')
    .where('staff', '=', name)
    .where((eb) =>
      eb.or([
        eb('signed_in_at', '<=', new Date(now.getTime() - KNOWN_CLIENT_DAYS * 24 * 60 * MINUTE)),
        eb(
          'client',
          'not in',
          eb
            .selectFrom('staff_known_clients as kept')
            .select('kept.client')
            .where('kept.staff', '=', name)
            .orderBy('kept.signed_in_at', 'desc')
            .limit(KNOWN_CLIENTS_KEPT),
        ),
      ]),
    )
    .execute();
}
