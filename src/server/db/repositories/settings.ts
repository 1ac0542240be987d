import type { Kysely } from 'kysely';
import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../../../domain/site-settings';
import { cachedRead } from '../read-cache';
import type { Database } from '../schema';

// site_settings keys are the SiteSettings field names; each value is the field's JSON.
const KEYS = Object.keys(DEFAULT_SITE_SETTINGS) as (keyof SiteSettings)[];

/**
 * The run-time settings; a missing or malformed row gives the default, so a bad edit cannot break the cart.
 * Kept in memory until site_settings changes (db/read-cache.ts).
 */
export function readSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  return cachedSettings(db, null);
}

const cachedSettings = cachedRead(['site_settings'], loadSiteSettings);

async function loadSiteSettings(db: Kysely<Database>): Promise<SiteSettings> {
  const rows = await db
    .selectFrom('site_settings')
    .select(['key', 'value'])
    .where('key', 'in', KEYS)
    .execute();
  const stored = new Map<string, unknown>(rows.map((row) => [row.key, row.value]));
  const setup: Record<string, unknown> = {};
  for (const key of KEYS) {
    const value = stored.get(key);
    setup[key] =
      stored.has(key) && sameShape(value, DEFAULT_SITE_SETTINGS[key]) ? value : DEFAULT_SITE_SETTINGS[key];
  }
  return setup as unknown as SiteSettings;
}

/** Writes the settings that are not stored yet; values already there (an operator's edits) stay. */
export async function insertMissingSettings(db: Kysely<Database>, setup: SiteSettings): Promise<void> {
  await db
    .insertInto('site_settings')
    .values(KEYS.map((key) => ({ key, value: JSON.stringify(setup[key]) })))
    .onConflict((conflict) => conflict.column('key').doNothing())
    .execute();
}

// The announcement's default is null and it may hold text; every other value keeps its default's type.
function sameShape(value: unknown, model: unknown): boolean {
  if (model === null) return value === null || typeof value === 'string';
  if (typeof model !== 'object') return typeof value === typeof model;
  return (
    typeof value === 'object' &&
    value !== null &&
    Object.entries(model).every(([key, entry]) => sameShape((value as Record<string, unknown>)[key], entry))
  );
}
