import { DEFAULT_SITE_SETTINGS, type SiteSettings } from '../domain/site-settings';
import { apiPost } from './api-client';

let settings: Promise<SiteSettings> | undefined;

/** getExtraSetup, asked once per page; docs/specification.md §9's constants stand in when it cannot be loaded. */
export function loadSiteSettings(): Promise<SiteSettings> {
  settings ??= apiPost<Partial<SiteSettings>>('DTODGAZ0/getExtraSetup', {}).then(
    (loaded) => ({ ...DEFAULT_SITE_SETTINGS, ...loaded }),
    () => DEFAULT_SITE_SETTINGS,
  );
  return settings;
}
