import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { machineGraph } from '../../../atlas-engine/machine-graph';
import { flowPaths } from '../../../machine-paths/paths';
import { machines } from '../../../machine-paths/registry';
import type { TestRuns, Traffic } from '../../../src/domain/api/atlas';
import { ok, renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';

/*
 * Issue 37, question 2 (流量與測試) in jsdom, the server's answers stubbed: the cart's transitions for a
 * period, in four groups listed risk first with their counts, drawn in four styles with a legend. The report's
 * paths all passed on every level but those adding a package (cart.add [hasRoom]), which passed on the machine
 * and in jsdom only, so adding a package, taken by visitors, is on the risk list. With no report recorded the
 * view says so and groups nothing.
 */

const cart = machines.find((m) => m.id === 'cart')!;
const graph = machineGraph(cart.machine);
const paths = flowPaths(cart);
const edgeOf = (source: string, event: string, guard?: string) =>
  graph.edges.find(
    (e) =>
      e.source === `cart.${source}` &&
      e.eventType === event &&
      (guard === undefined ? !e.label.includes('[') : e.label.includes(`[${guard}]`)),
  )!;
const ADD = edgeOf('ready', 'cart.add', 'hasRoom');
const LOADED = edgeOf('loading', 'xstate.done.actor.loadCart');
const INSERTED = edgeOf('adding', 'xstate.done.actor.insertCartItem');
const REFRESH = edgeOf('ready', 'cart.refresh');
const FULL = edgeOf('adding', 'xstate.error.actor.insertCartItem', 'isCartFull');

const keys = paths.map((p) => p.key);
const adding = (key: string) => paths.find((p) => p.key === key)!.transitions.includes(ADD.transition);
const RUNS: TestRuns = {
  recordedAt: '2026-11-28T01:00:00.000Z',
  levels: {
    machine: { cart: keys },
    jsdom: { cart: keys },
    chromium: { cart: keys.filter((key) => !adding(key)) },
  },
};
const TRAFFIC: Traffic = {
  machine: 'cart',
  from: '2026-11-22',
  to: '2026-11-28',
  visitors: 5,
  transitions: [
    { from: 'loading', event: 'xstate.done.actor.loadCart', to: 'ready', visitors: 5, times: 9 },
    { from: 'ready', event: 'cart.add', to: 'adding', visitors: 4, times: 6 },
    { from: 'adding', event: 'xstate.done.actor.insertCartItem', to: 'reloading', visitors: 3, times: 5 },
  ],
  states: [],
};

let answers: Record<string, StaffAnswer | ((call: StaffCall) => StaffAnswer)>;
// The atlas's chunk is compiled on its first import: before the tests, so that a busy machine's compile time
// is not counted against the first test's wait for the page.
beforeAll(() => import('../../../src/features/atlas/atlas-screen'), 120_000);

beforeEach(() => {
  answers = {
    'staff/me': ok({ name: 'analyst.one', roles: ['analyst'] }),
    'atlas/test-runs': ok(RUNS),
    'atlas/traffic': ok(TRAFFIC),
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const LONG = { timeout: 10_000 };
const ADDRESS = '/groupins/atlas?machine=cart&view=coverage&from=2026-11-22&to=2026-11-28';
const group = (standing: string) => screen.getByTestId(`fourway-${standing}`);
const moves = (standing: string) =>
  within(group(standing))
    .queryAllByRole('listitem')
    .map((item) => within(item).getByRole('button').textContent);
const drawn = (id: string) => document.querySelector(`[data-edge="${id}"]`)!;

describe('流量與測試: where traffic and tests disagree', () => {
  it('lists the transitions in four groups, the risk list first, each with its count and traffic', async () => {
    const { calls } = renderStaff(ADDRESS, answers);
    await screen.findByTestId('fourway-risk', {}, LONG);
    expect(Object.fromEntries(calls.filter((call) => call.path === 'atlas/traffic').at(-1)!.query)).toEqual({
      machine: 'cart',
      from: '2026-11-22',
      to: '2026-11-28',
    });
    const headings = within(screen.getByRole('heading', { level: 2, name: '流量與測試' }).parentElement!)
      .getAllByRole('heading', { level: 3 })
      .map((h) => h.textContent);
    const count = (standing: string) => within(group(standing)).queryAllByRole('listitem').length;
    expect(headings).toEqual([
      '圖例',
      `有流量、未涵蓋：${count('risk')} 條（風險清單）`,
      `有流量、已涵蓋：${count('both')} 條`,
      `已涵蓋、無流量：${count('tested')} 條`,
      `皆無：${count('neither')} 條`,
    ]);
    expect(count('risk') + count('both') + count('tested') + count('neither')).toBe(graph.edges.length);
    // taken by visitors, and covered on two levels only: the risk list, the most visitors first
    expect(moves('risk')).toEqual([
      'ready —cart.add [hasRoom]→ adding',
      'adding —done: insertCartItem→ reloading',
    ]);
    const risk = within(group('risk')).getAllByRole('listitem');
    expect(risk.map((item) => item.lastChild!.textContent)).toEqual(['4 位訪客、6 次', '3 位訪客、5 次']);
    expect(moves('both')).toEqual(['loading —done: loadCart→ ready']);
    expect(moves('tested')).toContain('ready —cart.refresh→ reloading');
    expect(moves('neither')).toContain('adding —error: insertCartItem [isCartFull]→ cartFull');
    expect(within(group('neither')).getAllByRole('listitem')[0]!.lastChild!.textContent).toBe('無訪客');
    expect(screen.getByRole('link', { name: '流量與測試' })).toHaveAttribute('aria-current', 'page');
  });

  it('draws each transition in its standing’s style and badge, and explains them in a legend', async () => {
    renderStaff(ADDRESS, answers);
    await screen.findByTestId('fourway-risk', {}, LONG);
    const style = (id: string) => {
      const g = drawn(id);
      const line = g.querySelector('path')!;
      return {
        standing: g.getAttribute('data-standing'),
        width: line.getAttribute('stroke-width'),
        dash: line.getAttribute('stroke-dasharray'),
        badge: g.querySelector('[data-standing-badge] text')?.textContent,
      };
    };
    expect(style(ADD.id)).toEqual({ standing: 'risk', width: '4', dash: null, badge: '險' });
    expect(style(INSERTED.id)).toMatchObject({ standing: 'risk', badge: '險' });
    expect(style(LOADED.id)).toEqual({ standing: 'both', width: '2.5', dash: null, badge: '全' });
    expect(style(REFRESH.id)).toEqual({ standing: 'tested', width: '2', dash: '8 4', badge: '測' });
    expect(style(FULL.id)).toEqual({ standing: 'neither', width: '1.2', dash: '2 3', badge: '無' });
    // the visitors on the label, as 訪客流量 draws them: a guarded add is a branch of cart.add's choice point
    expect(drawn(ADD.id).querySelector('text:not([data-standing-badge] text)')?.textContent).toBe(
      '[hasRoom]（4）',
    );
    expect(drawn(ADD.id)).toHaveAttribute('data-via', expect.stringContaining('|cart.add::choice'));
    const legend = screen.getByRole('list', { name: '圖例' });
    expect(
      within(legend)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      `險有流量、未涵蓋（粗實線）：2 條`,
      `全有流量、已涵蓋（實線）：1 條`,
      `測已涵蓋、無流量（虛線）：${moves('tested').length} 條`,
      `無皆無（細點線）：${moves('neither').length} 條`,
    ]);
  });

  it('works by keyboard: the legend moves to its group, a transition of the list is marked on the diagram', async () => {
    const user = userEvent.setup();
    renderStaff(ADDRESS, answers);
    await screen.findByTestId('fourway-risk', {}, LONG);
    const legend = within(screen.getByRole('list', { name: '圖例' })).getAllByRole('button');
    legend[0]!.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(group('risk')).getByRole('heading'));
    await user.tab();
    expect(document.activeElement).toHaveTextContent('ready —cart.add [hasRoom]→ adding');
    await user.keyboard(' ');
    expect(document.activeElement).toHaveAttribute('aria-pressed', 'true');
    expect(drawn(ADD.id)).toHaveAttribute('data-active', 'true');
    // picked, it keeps its standing's dash and badge
    expect(drawn(ADD.id)).toHaveAttribute('data-standing', 'risk');
    expect(document.querySelectorAll('[data-edge][data-active]')).toHaveLength(1);
    expect(screen.getByTestId('fourway-picked')).toHaveTextContent(
      '狀態圖上標示：ready —cart.add [hasRoom]→ adding',
    );
    legend[3]!.focus();
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(within(group('neither')).getByRole('heading'));
  });

  it('keeps the period chosen in the address and asks for it', async () => {
    const { calls } = renderStaff(ADDRESS, answers);
    await screen.findByTestId('fourway-risk', {}, LONG);
    // a date picked (a date input's change: typing into it is the browser's own control)
    fireEvent.change(screen.getByLabelText('起日'), { target: { value: '2026-11-01' } });
    await waitFor(() => expect(new URLSearchParams(window.location.search).get('from')).toBe('2026-11-01'));
    expect(new URLSearchParams(window.location.search).get('view')).toBe('coverage');
    await waitFor(() =>
      expect(
        calls
          .filter((call) => call.path === 'atlas/traffic')
          .at(-1)!
          .query.get('from'),
      ).toBe('2026-11-01'),
    );
    // another machine keeps the view and the period
    const link = within(screen.getByRole('navigation', { name: '狀態機' })).getByRole('link', {
      name: /session/,
    });
    const href = new URL(link.getAttribute('href')!, 'http://localhost').searchParams;
    expect([href.get('view'), href.get('from'), href.get('to')]).toEqual([
      'coverage',
      '2026-11-01',
      '2026-11-28',
    ]);
  });

  it('says so when no test report is recorded, rather than calling every transition uncovered', async () => {
    answers['atlas/test-runs'] = ok({ recordedAt: null, levels: {} });
    renderStaff(ADDRESS, answers);
    expect(await screen.findByTestId('fourway-note', {}, LONG)).toHaveTextContent(
      /^尚無測試紀錄，無法判斷哪些轉換已由測試涵蓋，因此不分組/,
    );
    expect(screen.queryByTestId('fourway-risk')).toBeNull();
    expect(document.querySelector('[data-standing]')).toBeNull();
  });

  it('says which level the report did not run the machine on, and then covers nothing', async () => {
    answers['atlas/test-runs'] = ok({ ...RUNS, levels: { machine: { cart: keys }, jsdom: { cart: keys } } });
    renderStaff(ADDRESS, answers);
    expect(await screen.findByTestId('fourway-note', {}, LONG)).toHaveTextContent(
      '上次測試紀錄中，此流程沒有 Chromium 的結果，因此沒有轉換算作已涵蓋。',
    );
    expect(moves('risk')).toEqual([
      'loading —done: loadCart→ ready',
      'ready —cart.add [hasRoom]→ adding',
      'adding —done: insertCartItem→ reloading',
    ]);
    expect(moves('both')).toEqual([]);
    expect(within(group('both')).getByText('沒有。')).toBeVisible();
  });

  it('says a staff machine has no traffic to compare, and asks for none', async () => {
    const { calls } = renderStaff('/groupins/atlas?machine=application&view=coverage', answers);
    expect(await screen.findByTestId('fourway-note', {}, LONG)).toHaveTextContent('此流程不記錄訪客流量');
    expect(calls.some((call) => call.path === 'atlas/traffic')).toBe(false);
  });
});
