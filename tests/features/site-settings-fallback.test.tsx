import { expect, it, vi } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings';
import { loadSiteSettings } from '../../src/lib/site-settings-api';
import { envelope } from '../support/render-app';

// Its own file: the settings are kept for the life of the page once asked for.
it('uses docs/specification.md §9 constants when getExtraSetup fails, and asks only once', async () => {
  const fetchMock = vi.fn(async () => envelope(null, 1));
  vi.stubGlobal('fetch', fetchMock);
  expect(await loadSiteSettings()).toEqual(DEFAULT_SITE_SETTINGS);
  expect(DEFAULT_SITE_SETTINGS).toMatchObject({
    cartMaxItems: 5,
    sessionRemindSeconds: 1440,
    sessionEndSeconds: 1740,
  });
  await loadSiteSettings();
  expect(fetchMock).toHaveBeenCalledTimes(1);
});
