import type { Kysely } from 'kysely';
import { EXTRA_SETUP_DEFAULTS } from '../../domain/api/cart-service';
import { insertMissingSettings } from './repositories/settings';
import type { Database } from './schema';

/** Seeds the site settings with the constants of SPEC §9; safe on every start, keeps edited values. */
export async function seedSettings(db: Kysely<Database>): Promise<void> {
  await insertMissingSettings(db, EXTRA_SETUP_DEFAULTS);
}
