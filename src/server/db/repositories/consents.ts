import type { Kysely } from 'kysely';
import type { Database } from '../schema';

export interface NewConsent {
  sessionId: string;
  version: string;
  clientDevice: string;
}

export async function insertConsent(
  db: Kysely<Database>,
  consent: NewConsent,
): Promise<{ acceptedAt: Date }> {
  const row = await db
    .insertInto('consents')
    .values({ session_id: consent.sessionId, version: consent.version, client_device: consent.clientDevice })
    .returning('accepted_at')
    .executeTakeFirstOrThrow();
  return { acceptedAt: row.accepted_at };
}
