import { screen, waitFor } from '@testing-library/react';
import { expect, it } from 'vitest';
import { defaultFetch, envelope, postedBodies, renderApp } from '../support/render-app';
import { followMenuLink } from '../support/site-menu';

it('logs a page view with the from-route and to-route on each navigation', async () => {
  const { fetchMock } = await renderApp('/question');
  await screen.findByRole('heading', { level: 1, name: '常見問題' });
  await followMenuLink('線上服務', '保費試算');
  await screen.findByRole('heading', { level: 1, name: '保費試算：選擇保障' });
  await waitFor(() =>
    expect(postedBodies(fetchMock, '/DTODGAZ0/addTrace')).toEqual([
      { client_device: 'Desktop', curr_page: '', next_page: 'ODGAF094' },
      { client_device: 'Desktop', curr_page: 'ODGAF094', next_page: 'ODGAF070' },
    ]),
  );
  expect(postedBodies(fetchMock, '/DTODGAZ0/addDetailTrace')).toEqual([]);
});

it('logs a campaign view instead when the query has utm parameters', async () => {
  const { fetchMock } = await renderApp('/product/optionpackage?utm_source=fb&utm_campaign=2026q4&ref=abc');
  await screen.findByRole('heading', { level: 1, name: '團體保險方案' });
  await waitFor(() =>
    expect(postedBodies(fetchMock, '/DTODGAZ0/addDetailTrace')).toEqual([
      {
        utm_source: 'fb',
        utm_campaign: '2026q4',
        ref: 'abc',
        client_device: 'Desktop',
        curr_page: '',
        next_page: 'ODGAF010',
        query: { utm_source: 'fb', utm_campaign: '2026q4', ref: 'abc' },
      },
    ]),
  );
  expect(postedBodies(fetchMock, '/DTODGAZ0/addTrace')).toEqual([]);
});

it('never disturbs the visitor when tracking fails', async () => {
  await renderApp('/about/bscknow', {
    fetch: (url, init) =>
      url.pathname.includes('Trace') ? envelope(null, 500, '系統忙碌中', 500) : defaultFetch(url, init),
  });
  await screen.findByRole('heading', { level: 1, name: '團體保險基本知識' });
  await new Promise((r) => setTimeout(r, 20));
  expect(screen.queryByRole('alert')).toBeNull();
  expect(screen.queryByRole('dialog')).toBeNull();
});
