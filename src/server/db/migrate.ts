import { type Kysely, type Migration, type MigrationProvider, Migrator } from 'kysely';
import * as foundation from './migrations/0001_foundation';
import * as catalogue from './migrations/0002_catalogue';
import * as cartSessionTracking from './migrations/0003_cart_session_tracking';
import * as catalogueExtra from './migrations/0004_catalogue_extra';
import * as sessionsOnDemand from './migrations/0005_sessions_on_demand';
import * as sessionCarts from './migrations/0006_session_carts';
import * as captchaUses from './migrations/0007_captcha_uses';
import * as applications from './migrations/0008_applications';
import * as lookupFailures from './migrations/0009_lookup_failures';
import * as content from './migrations/0010_content';
import * as atlas from './migrations/0011_atlas';
import * as changeNotices from './migrations/0012_change_notices';
import * as rateLimitHits from './migrations/0013_rate_limit_hits';
import * as cartNotices from './migrations/0014_cart_notices';
import * as cartRevisions from './migrations/0015_cart_revisions';
import * as sessionRequestIds from './migrations/0016_session_request_ids';
import * as loginFailures from './migrations/0017_login_failures';
import * as staff from './migrations/0018_staff';
import * as applicationVersions from './migrations/0019_application_versions';
import * as contactInbox from './migrations/0020_contact_inbox';
import * as applicationWaiting from './migrations/0021_application_waiting';
import * as applicationQueueReads from './migrations/0022_application_queue_reads';
import * as outbox from './migrations/0023_outbox';
import * as staffNotifications from './migrations/0024_staff_notifications';
import * as machineTraceVisitors from './migrations/0025_machine_trace_visitors';
import * as staffSignInAddresses from './migrations/0026_staff_sign_in_addresses';
import * as contactAcknowledgements from './migrations/0027_contact_acknowledgements';
import * as emailCodes from './migrations/0028_email_codes';
import type { Database } from './schema';

// Listed in code, not read from disk: the server ships as one bundled file.
export const MIGRATIONS: Record<string, Migration> = {
  '0001_foundation': foundation,
  '0002_catalogue': catalogue,
  '0003_cart_session_tracking': cartSessionTracking,
  '0004_catalogue_extra': catalogueExtra,
  '0005_sessions_on_demand': sessionsOnDemand,
  '0006_session_carts': sessionCarts,
  '0007_captcha_uses': captchaUses,
  '0008_applications': applications,
  '0009_lookup_failures': lookupFailures,
  '0010_content': content,
  '0011_atlas': atlas,
  '0012_change_notices': changeNotices,
  '0013_rate_limit_hits': rateLimitHits,
  '0014_cart_notices': cartNotices,
  '0015_cart_revisions': cartRevisions,
  '0016_session_request_ids': sessionRequestIds,
  '0017_login_failures': loginFailures,
  '0018_staff': staff,
  '0019_application_versions': applicationVersions,
  '0020_contact_inbox': contactInbox,
  '0021_application_waiting': applicationWaiting,
  '0022_application_queue_reads': applicationQueueReads,
  '0023_outbox': outbox,
  '0024_staff_notifications': staffNotifications,
  '0025_machine_trace_visitors': machineTraceVisitors,
  '0026_staff_sign_in_addresses': staffSignInAddresses,
  '0027_contact_acknowledgements': contactAcknowledgements,
  '0028_email_codes': emailCodes,
};

const provider: MigrationProvider = { getMigrations: async () => MIGRATIONS };

/** Applies every pending migration; throws the first failure. */
export async function migrateToLatest(db: Kysely<Database>): Promise<void> {
  const { error } = await new Migrator({ db, provider }).migrateToLatest();
  if (error) throw error;
}
