import { act, screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { renderApp } from '../support/render-app';
import { followMenuLink } from '../support/site-menu';

// Its own file: the title table is cached for the life of the page, so it must start empty here.
it('loads the page titles once and titles each screen from them', async () => {
  const { fetchMock } = await renderApp('/product/optionpackage');
  await waitFor(() => expect(document.title).toBe('團體保險方案｜團體保險網路服務'));
  await act(() => followMenuLink('線上服務', '進度查詢'));
  await screen.findByRole('heading', { level: 1, name: '進度查詢' });
  // ODGAF060 has no title in the fake table: the groupins_index default applies
  await waitFor(() => expect(document.title).toBe('團體保險網路服務'));
  const titleCalls = fetchMock.mock.calls.filter(([url]) => String(url).includes('queryAllMeta'));
  expect(titleCalls).toHaveLength(1);
  expect(String(titleCalls[0]?.[0])).toBe('/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title');
});
