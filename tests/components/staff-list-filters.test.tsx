import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { number, object, string } from 'yup';
import { FormField } from '../../src/components/form-field';
import { StaffListFilters } from '../../src/components/staff-list-filters';

/*
 * A staff list's filters as one bar (issue 46): the first fields shown, the rest behind 更多條件, which opens
 * by itself for a filter the address sets or a mistake in its fields; at a phone's width all of them folded
 * behind 篩選, which Escape and a search fold again, the focus back on it.
 */

const KEYS = ['from', 'q', 'min'] as const;
const schema = object({
  from: string(),
  q: string(),
  min: number().typeError('下限須為數字').integer(),
});
const none = { from: '', q: '', min: '' };

function renderFilters(filters = none, onSearch = vi.fn()) {
  render(
    <StaffListFilters
      keys={KEYS}
      filters={filters}
      schema={schema}
      onSearch={onSearch}
      more={{ keys: ['min'], fields: <FormField name="min" label="下限" /> }}
    >
      <FormField name="from" label="起日" type="date" />
      <FormField name="q" label="搜尋" type="search" />
    </StaffListFilters>,
  );
  return onSearch;
}

/** A window as narrow as a phone's, as matchMedia answers it. */
function atPhoneWidth() {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query.includes('max-width'),
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
}
afterEach(() => vi.unstubAllGlobals());

it('shows the first fields and keeps the rest behind 更多條件, which opens and closes them', async () => {
  renderFilters();
  const more = screen.getByRole('button', { name: '更多條件' });
  expect(more).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByRole('searchbox', { name: '搜尋' })).toBeVisible();
  expect(screen.getByLabelText('下限')).not.toBeVisible();
  const user = userEvent.setup();
  await user.click(more);
  expect(more).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByLabelText('下限')).toBeVisible();
  // no fold on a wide screen: the heading is there for a screen reader only
  expect(screen.queryByRole('button', { name: /^篩選/ })).toBeNull();
  expect(screen.getByRole('region', { name: '篩選' })).toBeInTheDocument();
});

it('opens 更多條件 for a filter the address sets, and for a mistake in its fields', async () => {
  renderFilters({ from: '', q: '', min: '30' });
  expect(screen.getByRole('button', { name: '更多條件' })).toHaveAttribute('aria-expanded', 'true');
  expect(screen.getByLabelText('下限')).toHaveValue('30');
});

it('opens 更多條件 when a search finds a mistake behind it', async () => {
  const onSearch = renderFilters();
  const user = userEvent.setup();
  const more = screen.getByRole('button', { name: '更多條件' });
  await user.click(more);
  await user.type(screen.getByLabelText('下限'), 'x');
  await user.click(more);
  expect(screen.getByLabelText('下限')).not.toBeVisible();
  await user.click(screen.getByRole('button', { name: '查詢' }));
  expect(await screen.findByText('下限須為數字')).toBeVisible();
  expect(more).toHaveAttribute('aria-expanded', 'true');
  expect(onSearch).not.toHaveBeenCalled();
});

it('folds behind 篩選 at a phone’s width: Escape and a search fold it again, the focus on 篩選', async () => {
  atPhoneWidth();
  const onSearch = renderFilters({ from: '2026-11-01', q: '', min: '' });
  const fold = screen.getByRole('button', { name: '篩選（1 項條件）' });
  expect(fold).toHaveAttribute('aria-expanded', 'false');
  expect(screen.getByRole('searchbox', { hidden: true, name: '搜尋' })).not.toBeVisible();
  const user = userEvent.setup();
  await user.click(fold);
  expect(fold).toHaveAttribute('aria-expanded', 'true');
  await user.tab();
  expect(screen.getByLabelText('起日')).toHaveFocus();
  await user.keyboard('{Escape}');
  expect(fold).toHaveAttribute('aria-expanded', 'false');
  expect(fold).toHaveFocus();

  await user.keyboard('{Enter}');
  await user.type(screen.getByRole('searchbox', { name: '搜尋' }), '山嵐{Enter}');
  await waitFor(() => expect(onSearch).toHaveBeenCalledWith({ from: '2026-11-01', q: '山嵐', min: '' }));
  expect(fold).toHaveAttribute('aria-expanded', 'false');
  expect(fold).toHaveFocus();
});
