import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { DEFAULT_SITE_SETTINGS } from '../../src/domain/site-settings';
import { defaultFetch, envelope, renderApp } from '../support/render-app';

it('shows the announcement getExtraSetup serves', async () => {
  await renderApp('/', {
    fetch: (url, init) =>
      url.pathname.endsWith('getExtraSetup')
        ? envelope({ ...DEFAULT_SITE_SETTINGS, announcement: '12/1 02:00–04:00 系統維護，暫停服務' })
        : defaultFetch(url, init),
  });
  expect(await screen.findByRole('complementary', { name: '公告' })).toHaveTextContent(
    '12/1 02:00–04:00 系統維護',
  );
});
