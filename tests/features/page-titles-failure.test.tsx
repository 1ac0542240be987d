import { screen } from '@testing-library/react';
import { expect, it } from 'vitest';
import { envelope, renderApp } from '../support/render-app';

it('keeps the current title and shows nothing when the title call fails (docs/specification.md §7)', async () => {
  document.title = '團體保險網路服務';
  const { fetchMock } = await renderApp('/about/bscknow', { fetch: () => envelope(null, 9) });
  await screen.findByRole('heading', { level: 1, name: '團體保險基本知識' });
  await new Promise((r) => setTimeout(r, 20));
  expect(fetchMock).toHaveBeenCalled();
  expect(document.title).toBe('團體保險網路服務');
  expect(screen.queryByRole('alert')).toBeNull();
});
