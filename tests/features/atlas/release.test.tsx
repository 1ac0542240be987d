import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { machines } from '../../../machine-paths/registry';
import releaseUrl from '../../../machine-paths/release.json?url';
import type { TestRuns } from '../../../src/domain/api/atlas';
import { releaseFixture } from '../../support/release-fixture';
import { ok, renderStaff, type StaffAnswer, type StaffFile } from '../../support/staff-app';

/*
 * 自發布以來的變更 in jsdom (issue 37: "The atlas shows what changed since the release the build was made
 * from"), the release the build ships replaced by a fixture (tests/support/release-fixture.ts) in which, since
 * the release, the cart added a transition, changed a guard and removed a state with its transition, and a
 * machine was retired. The view names the release, lists exactly those changes by kind, marks them on the
 * diagram in their three styles with the legend, and counts each machine's changes in the machine list.
 */

const RELEASE_PATH = new URL(releaseUrl, 'http://localhost').pathname;
const LONG = { timeout: 10_000 };

let answers: Record<string, StaffAnswer | StaffFile>;
// The atlas's chunk is compiled on its first import: before the tests, so that a busy machine's compile time
// is not counted against the first test's wait for the page.
beforeAll(() => import('../../../src/features/atlas/atlas-screen'), 120_000);

beforeEach(() => {
  answers = {
    'staff/me': ok({ name: 'analyst.one', roles: ['analyst'] }),
    'atlas/test-runs': ok({ recordedAt: null, levels: {} } satisfies TestRuns),
    [RELEASE_PATH]: {
      file: JSON.stringify(releaseFixture()),
      headers: { 'content-type': 'application/json' },
    },
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const open = async (machine: string) => {
  const rendered = renderStaff(`/groupins/atlas?machine=${machine}&view=release`, answers);
  await screen.findByTestId('release-summary', {}, LONG);
  return rendered;
};
const group = (kind: string) =>
  within(screen.getByTestId(`release-${kind}`))
    .queryAllByRole('listitem')
    .map((item) => item.textContent);
const diffOf = (selector: string) => document.querySelector(selector)?.getAttribute('data-diff');

describe('自發布以來的變更', () => {
  it('names the release and lists exactly what the cart added, changed and removed since', async () => {
    const { calls } = await open('cart');
    expect(calls.filter((call) => call.path === RELEASE_PATH)).toHaveLength(1);
    expect(screen.getByRole('link', { name: '自發布以來的變更' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByTestId('release-against')).toHaveTextContent(
      '與此建置所依據的發布版本 0.0.9（commit abcdef0）比較。',
    );
    expect(screen.getByTestId('release-summary')).toHaveTextContent(
      `${machines.length} 個狀態機中有 1 個自發布以來有變更，狀態機清單上標示各自的變更數。發布後移除的狀態機：舊流程（legacy）。`,
    );
    const headings = within(
      screen.getByRole('heading', { level: 2, name: '自發布以來的變更' }).parentElement!,
    )
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    expect(headings).toEqual(['圖例', '新增：1 項', '變更：1 項', '移除：2 項']);
    expect(group('added')).toEqual(['轉換 ready —cart.refresh→ reloading']);
    expect(group('changed')).toEqual(['轉換 ready —cart.add [hasRoom]→ adding條件 hadRoom → hasRoom']);
    expect(group('removed')).toEqual(['狀態 archivedatomic', '轉換 ready —cart.archive→ archived']);
    expect(screen.queryByTestId('release-none')).toBeNull();
  });

  it('marks them on the diagram in three styles, the removed drawn from the release, with the legend in view', async () => {
    await open('cart');
    await screen.findByRole('application', { name: /購物車狀態圖/ }, LONG);
    expect(diffOf('[data-edge="cart.ready|cart.refresh|0|0"]')).toBe('added');
    expect(diffOf('[data-edge="cart.ready|cart.add|0|0"]')).toBe('changed');
    expect(diffOf('[data-state="cart.archived"]')).toBe('removed');
    expect(diffOf('[data-edge="removed:cart.ready|cart.archive|0|0"]')).toBe('removed');
    expect(document.querySelectorAll('svg [data-diff]')).toHaveLength(4);
    // in its style and badge, and worded in its tooltip
    const changed = document.querySelector('[data-edge="cart.ready|cart.add|0|0"]')!;
    expect(changed.querySelector('path')).toHaveAttribute('stroke-dasharray', '9 4');
    expect(changed.querySelector('[data-diff-badge] text')).toHaveTextContent('變');
    expect(changed.querySelector('title')).toHaveTextContent(
      '［變更］轉換 ready —cart.add [hasRoom]→ adding：條件 hadRoom → hasRoom',
    );
    expect(document.querySelector('[data-diff-badge="added"]')).not.toBeNull();
    // the legend below the diagram, inside the view the diagram is fitted to
    const svg = document.querySelector('.diagram-frame svg')!;
    expect(svg.getAttribute('aria-label')).toMatch(
      /^購物車狀態圖：12 個狀態、23 個轉換；與 發布版本 0\.0\.9（abcdef0） 比較：新增 1、變更 1、移除 2$/,
    );
    const legend = svg.querySelector('[data-diff-legend]')!;
    expect(legend).toHaveTextContent('與 發布版本 0.0.9（abcdef0） 比較：');
    const [, y, , height] = svg.getAttribute('viewBox')!.split(' ').map(Number);
    const legendTop = Number(legend.querySelector('text')!.getAttribute('y'));
    expect(legendTop).toBeLessThan(y! + height!);
    expect(legendTop).toBeGreaterThan(y! + height! - 30);
  });

  it('counts each machine’s changes in the machine list; a machine as released says it has none', async () => {
    const user = userEvent.setup();
    await open('cart');
    const nav = screen.getByRole('navigation', { name: '狀態機' });
    const count = (title: string) =>
      within(nav)
        .getByRole('link', { name: new RegExp(`^${title}`) })
        .querySelector('.atlas-change-count')?.textContent;
    expect(count('購物車')).toBe('4 項變更');
    for (const entry of machines.filter((m) => m.id !== 'cart')) expect(count(entry.title)).toBe('無變更');
    // another machine keeps the view
    await user.click(within(nav).getByRole('link', { name: /^工作階段/ }));
    expect(await screen.findByTestId('release-none', {}, LONG)).toHaveTextContent(
      '自發布以來，此狀態機沒有變更。',
    );
    expect(new URL(window.location.href).searchParams.get('view')).toBe('release');
    expect(new URL(window.location.href).searchParams.get('machine')).toBe('session');
    expect(screen.queryByTestId('release-added')).toBeNull();
  });

  it('moves from the legend to its group', async () => {
    const user = userEvent.setup();
    await open('cart');
    await user.click(screen.getByRole('button', { name: /^移除（細點線、淡色）：2 項/ }));
    expect(document.activeElement).toBe(screen.getByRole('heading', { level: 3, name: '移除：2 項' }));
  });

  it('says so when the release cannot be read, and counts nothing', async () => {
    delete answers[RELEASE_PATH];
    renderStaff('/groupins/atlas?machine=cart&view=release', answers);
    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent(
      '無法讀取發布版本的狀態機，請重新整理頁面再試一次。',
    );
    expect(document.querySelector('.atlas-change-count')).toBeNull();
  });

  it('reads no release in the other views', async () => {
    const { calls } = renderStaff('/groupins/atlas?machine=cart', answers);
    await screen.findByTestId('drawn-counts', {}, LONG);
    expect(calls.filter((call) => call.path === RELEASE_PATH)).toEqual([]);
    expect(document.querySelector('.atlas-change-count')).toBeNull();
  });
});
