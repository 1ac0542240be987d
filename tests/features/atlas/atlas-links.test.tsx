import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { flowPaths } from '../../../machine-paths/paths';
import { machines } from '../../../machine-paths/registry';
import type { Traffic } from '../../../src/domain/api/atlas';
import { BUILD_VERSION } from '../../../src/features/atlas/atlas-links';
import { ok, renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';

/*
 * Issue 37, question 4 (links that stay) in jsdom: the atlas's address names the machine, the view, the path
 * played in 測試路徑, the period of 訪客流量 and 流量與測試, and the build that wrote it, so an analyst can cite
 * a diagram in a ticket; a link of another build says so.
 */

const session = machines.find((m) => m.id === 'session')!;
const sessionPaths = flowPaths(session);
const TRAFFIC: Traffic = { machine: 'session', from: '', to: '', visitors: 0, transitions: [], states: [] };

let answers: Record<string, StaffAnswer | ((call: StaffCall) => StaffAnswer)>;
beforeEach(() => {
  answers = {
    'staff/me': ok({ name: 'analyst.one', roles: ['analyst'] }),
    'atlas/test-runs': ok({ recordedAt: null, levels: {} }),
    'atlas/traffic': ok(TRAFFIC),
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const LONG = { timeout: 10_000 };
const address = () => new URLSearchParams(window.location.search);
const open = async (search: string) => {
  const view = renderStaff(`/groupins/atlas${search}`, answers);
  await screen.findByTestId('drawn-counts', {}, LONG);
  return view;
};
const viewLink = (name: string) =>
  within(screen.getByRole('navigation', { name: '檢視' })).getByRole('link', { name });
const paramsOf = (link: HTMLElement) => new URL(link.getAttribute('href')!, 'http://localhost').searchParams;

describe('links that stay', () => {
  it('shows the build’s version, and every link of the atlas carries it', async () => {
    await open('?machine=session');
    expect(screen.getByTestId('build-version')).toHaveTextContent(`版本 ${BUILD_VERSION}`);
    const links = screen.getAllByRole('link').filter((a) => a.getAttribute('href')?.includes('/atlas?'));
    expect(links.length).toBeGreaterThan(machines.length);
    for (const link of links) expect(paramsOf(link).get('build')).toBe(BUILD_VERSION);
    expect(screen.queryByTestId('other-build')).toBeNull();
  });

  it('says when a link was written by another build, and not when by this one', async () => {
    await open(`?machine=session&view=diagram&build=0.0.9%2Babc1234`);
    expect(screen.getByTestId('other-build')).toHaveTextContent(
      `此連結建立於版本 0.0.9+abc1234，目前為版本 ${BUILD_VERSION}，圖可能已變更。`,
    );
    // moving on in the atlas writes this build's address
    await userEvent.setup().click(viewLink('模擬'));
    expect(address().get('build')).toBe(BUILD_VERSION);
    expect(screen.queryByTestId('other-build')).toBeNull();
  });

  it('names the path played in 測試路徑, and opens it from the address', async () => {
    const user = userEvent.setup();
    await open('?machine=session&view=tests');
    const list = await screen.findByRole('list', { name: '測試路徑' }, LONG);
    await user.click(within(within(list).getAllByRole('listitem')[1]!).getByRole('button'));
    expect(address().get('path')).toBe('2');
    expect(address().get('build')).toBe(BUILD_VERSION);
    const steps = sessionPaths[1]!.steps.length;
    expect(screen.getByTestId('played-step')).toHaveTextContent(`第 1 / ${steps} 步`);
    // pressed again, the diagram alone, and the address without a path
    await user.click(within(within(list).getAllByRole('listitem')[1]!).getByRole('button'));
    expect(address().get('path')).toBeNull();
    expect(screen.queryByTestId('played-step')).toBeNull();
  });

  it('opens a cited path', async () => {
    await open(`?machine=session&view=tests&path=2&build=${encodeURIComponent(BUILD_VERSION)}`);
    const list = await screen.findByRole('list', { name: '測試路徑' }, LONG);
    expect(within(within(list).getAllByRole('listitem')[1]!).getByRole('button')).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.getByTestId('played-step')).toHaveTextContent(`第 1 / ${sessionPaths[1]!.steps.length} 步`);
    expect(screen.queryByTestId('other-build')).toBeNull();
  });

  it('names the period of 訪客流量, asks for it, and keeps it for 流量與測試 and another machine', async () => {
    const { calls } = await open('?machine=session&view=traffic&from=2026-11-01&to=2026-11-07');
    const traffic = () => calls.filter((call) => call.path === 'atlas/traffic');
    await waitFor(() => expect(traffic().length).toBeGreaterThan(0));
    expect(Object.fromEntries(traffic().at(-1)!.query)).toEqual({
      machine: 'session',
      from: '2026-11-01',
      to: '2026-11-07',
    });
    fireEvent.change(screen.getByLabelText('迄日'), { target: { value: '2026-11-10' } });
    expect(address().get('to')).toBe('2026-11-10');
    await waitFor(() => expect(traffic().at(-1)!.query.get('to')).toBe('2026-11-10'));
    const coverage = paramsOf(viewLink('流量與測試'));
    expect([coverage.get('view'), coverage.get('from'), coverage.get('to')]).toEqual([
      'coverage',
      '2026-11-01',
      '2026-11-10',
    ]);
    const cart = paramsOf(
      within(screen.getByRole('navigation', { name: '狀態機' })).getByRole('link', {
        name: /^購物車\s*cart$/,
      }),
    );
    expect([cart.get('machine'), cart.get('view'), cart.get('from')]).toEqual([
      'cart',
      'traffic',
      '2026-11-01',
    ]);
    // a view without a period drops it
    expect(paramsOf(viewLink('狀態圖')).get('from')).toBeNull();
  });
});
