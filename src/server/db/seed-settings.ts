import type { Kysely } from 'kysely';
import { DEFAULT_SITE_SETTINGS } from '../../domain/site-settings';
import { insertMissingSettings } from './repositories/settings';
import type { Database } from './schema';

/** Seeds the site settings with the constants of docs/specification.md §9; safe on every start, keeps edited values. */
export async function seedSettings(db: Kysely<Database>): Promise<void> {
  await insertMissingSettings(db, DEFAULT_SITE_SETTINGS);
}
