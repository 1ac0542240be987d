import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { machineGraph } from '../../../atlas-engine/machine-graph';
import { machines } from '../../../machine-paths/registry';
import type { Journey, JourneysPage, Traffic } from '../../../src/domain/api/atlas';
import { ok, renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';

/*
 * Issue 37, question 1 (訪客旅程) in jsdom, the server's answers stubbed: the visitors of a period, one
 * visitor's journey opened from its link or from the address, its transitions as lanes in time order, and
 * 上一步 / 下一步 playing it on the diagram of each step's machine, by keyboard too. The journey is a visitor
 * who adds a package to the cart (the cart machine) and then applies (the shopcart machine, to its done
 * state); times are instants, shown in Taipei time (UTC+8).
 */

const APPLICANT = 'a1b2c3d4e5f60718';
const WRITER = '0f1e2d3c4b5a6978';

const JOURNEY: Journey = {
  visitor: APPLICANT,
  total: 8,
  transitions: [
    {
      at: '2026-11-27T02:00:00.000Z',
      machine: 'cart',
      from: 'loading',
      event: 'xstate.done.actor.loadCart',
      to: 'ready',
    },
    { at: '2026-11-27T02:01:00.000Z', machine: 'cart', from: 'ready', event: 'cart.add', to: 'adding' },
    {
      at: '2026-11-27T02:01:01.000Z',
      machine: 'cart',
      from: 'adding',
      event: 'xstate.done.actor.insertCartItem',
      to: 'reloading',
    },
    {
      at: '2026-11-27T02:01:02.000Z',
      machine: 'cart',
      from: 'reloading',
      event: 'xstate.done.actor.loadCart',
      to: 'ready',
    },
    {
      at: '2026-11-27T02:03:00.000Z',
      machine: 'shopcart',
      from: 'cart',
      event: 'plan.confirm',
      to: 'details',
    },
    {
      at: '2026-11-27T02:08:00.000Z',
      machine: 'shopcart',
      from: 'details',
      event: 'applicant.confirm',
      to: 'review.answered',
    },
    {
      at: '2026-11-27T02:09:29.000Z',
      machine: 'shopcart',
      from: 'review.answered',
      event: 'application.submit',
      to: 'review.submitting',
    },
    {
      at: '2026-11-27T02:09:30.000Z',
      machine: 'shopcart',
      from: 'review.submitting',
      event: 'xstate.done.actor.submitApplication',
      to: 'done',
    },
  ],
};

const LIST: JourneysPage = {
  from: '2026-11-22',
  to: '2026-11-28',
  machine: null,
  page: 1,
  pageSize: 20,
  total: 2,
  visitors: [
    {
      visitor: APPLICANT,
      firstAt: '2026-11-27T02:00:00.000Z',
      lastAt: '2026-11-27T02:09:30.000Z',
      transitions: 8,
      machines: ['cart', 'shopcart'],
    },
    {
      visitor: WRITER,
      firstAt: '2026-11-26T01:00:00.000Z',
      lastAt: '2026-11-26T01:00:05.000Z',
      transitions: 2,
      machines: ['consent', 'contact'],
    },
  ],
};

const EMPTY: JourneysPage = { ...LIST, from: '2025-01-01', to: '2025-01-07', total: 0, visitors: [] };

const TRAFFIC: Traffic = { machine: 'session', from: '', to: '', visitors: 0, transitions: [], states: [] };

let answers: Record<string, StaffAnswer | ((call: StaffCall) => StaffAnswer)>;

beforeEach(() => {
  answers = {
    'staff/me': ok({ name: 'analyst.one', roles: ['analyst'] }),
    'atlas/test-runs': ok({ recordedAt: null, levels: {} }),
    'atlas/traffic': ok(TRAFFIC),
    'atlas/journeys': (call) => ok(call.query.get('from') === '2025-01-01' ? EMPTY : LIST),
    [`atlas/journeys/${APPLICANT}`]: ok(JOURNEY),
  };
});
afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

const address = () => new URLSearchParams(window.location.search);
const journeysCalls = (calls: StaffCall[]) => calls.filter((call) => call.path === 'atlas/journeys');
const LONG = { timeout: 10_000 };

/** The row of the lanes holding step `n` (1-based): its cells, the time first, then one per lane. */
const stepRow = (n: number) => {
  const rows = within(screen.getByTestId('journey-lanes')).getAllByRole('row');
  return rows[n]!;
};
const laneTexts = (n: number) =>
  within(stepRow(n))
    .getAllByRole('cell')
    .slice(1)
    .map((cell) => cell.textContent);
const playedStep = () => screen.getByTestId('journey-step').textContent;
/** Whether the diagram shows a state highlighted, by its id in the drawing. */
const active = (selector: string) => document.querySelector(selector)?.getAttribute('data-active');
/**
 * The transitions the diagram shows highlighted: each as `source --event--> target`, read from the
 * machine's own definition (a guarded event has one drawn transition per target).
 */
function activeTransitions(): string[] {
  const ids = [...document.querySelectorAll('[data-edge][data-active="true"]')].map((g) =>
    g.getAttribute('data-edge'),
  );
  return machines.flatMap((entry) =>
    machineGraph(entry.machine)
      .edges.filter((edge) => ids.includes(edge.id))
      .map((edge) => `${edge.source} --${edge.eventType}--> ${edge.target}`),
  );
}

describe('訪客旅程: the visitors of a period', () => {
  it('lists each visitor with its id as a link, its last and first time in Taipei, its count and machines', async () => {
    const { calls } = renderStaff(
      '/groupins/atlas?machine=shopcart&view=journeys&from=2026-11-22&to=2026-11-28',
      answers,
    );
    const table = await screen.findByRole('table', { name: '期間內的訪客' }, LONG);
    expect(journeysCalls(calls).map((call) => Object.fromEntries(call.query))).toEqual([
      { from: '2026-11-22', to: '2026-11-28' },
    ]);
    expect(screen.getByTestId('journeys-count')).toHaveTextContent('共 2 筆，第 1 / 1 頁');
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getByRole('rowheader').textContent)).toEqual([APPLICANT, WRITER]);
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2026-11-27 10:09:30', '2026-11-27 10:00:00', '8', '購物車（cart）、投保申請（shopcart）']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual([
      '2026-11-26 09:00:05',
      '2026-11-26 09:00:00',
      '2',
      'Cookie 同意（consent）、聯絡我們（contact）',
    ]);
    const link = within(rows[0]!).getByRole('link', { name: APPLICANT });
    expect(new URL(link.getAttribute('href')!, 'http://localhost').searchParams.get('visitor')).toBe(
      APPLICANT,
    );
  });

  it('asks for the machine and period chosen, and keeps them in the address', async () => {
    const user = userEvent.setup();
    const { calls } = renderStaff('/groupins/atlas?machine=cart&view=journeys', answers);
    await screen.findByRole('table', { name: '期間內的訪客' }, LONG);
    await user.selectOptions(screen.getByLabelText('流程'), '投保申請（shopcart）');
    await user.clear(screen.getByLabelText('起日'));
    await user.type(screen.getByLabelText('起日'), '2026-11-01');
    await user.clear(screen.getByLabelText('迄日'));
    await user.type(screen.getByLabelText('迄日'), '2026-11-30');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    await waitFor(() =>
      expect(Object.fromEntries(journeysCalls(calls).at(-1)!.query)).toEqual({
        from: '2026-11-01',
        to: '2026-11-30',
        machine: 'shopcart',
      }),
    );
    expect(address().get('view')).toBe('journeys');
    expect(address().get('flow')).toBe('shopcart');
    expect(address().get('from')).toBe('2026-11-01');
    expect(address().get('to')).toBe('2026-11-30');
  });

  it('says when the period has no visitor', async () => {
    renderStaff('/groupins/atlas?machine=cart&view=journeys&from=2025-01-01&to=2025-01-07', answers);
    expect(await screen.findByText('此期間沒有訪客的紀錄。', {}, LONG)).toBeVisible();
    expect(screen.getByTestId('journeys-count')).toHaveTextContent('共 0 筆');
    expect(screen.queryByRole('table', { name: '期間內的訪客' })).toBeNull();
  });

  it('shows the server’s refusal of a period', async () => {
    answers['atlas/journeys'] = { returnCode: 400, data: null, msg: '起日不可晚於迄日', status: 400 };
    renderStaff('/groupins/atlas?machine=cart&view=journeys&from=2026-11-28&to=2026-11-01', answers);
    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent('起日不可晚於迄日');
  });

  it('is reached from the traffic view: 查看訪客旅程 lists the visitors of that machine and period', async () => {
    const user = userEvent.setup();
    const { calls } = renderStaff('/groupins/atlas?machine=shopcart&view=traffic', answers);
    const link = await screen.findByRole('link', { name: '查看訪客旅程' }, LONG);
    await waitFor(() => expect(calls.some((call) => call.path === 'atlas/traffic')).toBe(true));
    const traffic = calls.find((call) => call.path === 'atlas/traffic')!.query;
    await user.click(link);
    await screen.findByRole('table', { name: '期間內的訪客' }, LONG);
    // the link is gone with the traffic view: the list's heading has the focus
    expect(screen.getByRole('heading', { name: '期間內的訪客' })).toHaveFocus();
    expect(Object.fromEntries(journeysCalls(calls).at(-1)!.query)).toEqual({
      from: traffic.get('from'),
      to: traffic.get('to'),
      machine: 'shopcart',
    });
    expect(address().get('view')).toBe('journeys');
    expect(screen.getByRole('combobox', { name: '流程' })).toHaveValue('shopcart');
  });
});

describe('訪客旅程: one visitor’s journey', () => {
  it('opens from the visitor’s link, its heading focused, at the first step on that step’s machine', async () => {
    const user = userEvent.setup();
    renderStaff('/groupins/atlas?machine=consent&view=journeys&from=2026-11-22&to=2026-11-28', answers);
    const link = await screen.findByRole('link', { name: APPLICANT }, LONG);
    link.focus();
    await user.keyboard('{Enter}');
    const heading = await screen.findByRole('heading', { name: `訪客 ${APPLICANT} 的旅程` });
    await waitFor(() => expect(heading).toHaveFocus());
    await waitFor(() => expect(playedStep()).toMatch(/^第 1 \/ 8 步/));
    expect(address().get('visitor')).toBe(APPLICANT);
    expect(address().get('step')).toBe('1');
    expect(address().get('machine')).toBe('cart');
    // back to the same list, its heading focused
    await user.click(screen.getByRole('link', { name: '回到訪客列表' }));
    const list = await screen.findByRole('heading', { name: '期間內的訪客' });
    await waitFor(() => expect(list).toHaveFocus());
    expect(address().get('from')).toBe('2026-11-22');
    expect(address().get('visitor')).toBeNull();
  });

  it('draws a lane per machine touched, in the order first taken, and each transition in its lane, in time order', async () => {
    renderStaff(`/groupins/atlas?view=journeys&visitor=${APPLICANT}`, answers);
    const lanes = await screen.findByTestId('journey-lanes', {}, LONG);
    expect(
      within(lanes)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['步驟', '時間', '購物車（cart）', '投保申請（shopcart）']);
    expect(
      within(lanes)
        .getAllByRole('rowheader')
        .map((th) => th.textContent),
    ).toEqual(JOURNEY.transitions.map((_, i) => `第 ${i + 1} 步`));
    expect(laneTexts(1)).toEqual(['購物車（cart）：loading —xstate.done.actor.loadCart→ ready', '']);
    expect(laneTexts(2)).toEqual(['購物車（cart）：ready —cart.add→ adding', '']);
    expect(laneTexts(5)).toEqual(['', '投保申請（shopcart）：cart —plan.confirm→ details']);
    expect(laneTexts(8)).toEqual([
      '',
      '投保申請（shopcart）：review.submitting —xstate.done.actor.submitApplication→ done',
    ]);
    expect(within(stepRow(8)).getAllByRole('cell')[0]).toHaveTextContent('2026-11-27 10:09:30');
    expect(screen.getByTestId('journey-summary')).toHaveTextContent(
      '8 個轉換、2 個流程，2026-11-27 10:00:00 至 2026-11-27 10:09:30',
    );
    expect(stepRow(1)).toHaveAttribute('aria-current', 'step');
  });

  it('plays the journey: 下一步 and 上一步 move the highlight, switching to the step’s machine’s diagram', async () => {
    const user = userEvent.setup();
    renderStaff(`/groupins/atlas?view=journeys&visitor=${APPLICANT}`, answers);
    await screen.findByRole('img', { name: /^購物車狀態圖/ }, LONG);
    expect(active('[data-state="cart.ready"]')).toBe('true');
    expect(activeTransitions()).toEqual(['cart.loading --xstate.done.actor.loadCart--> cart.ready']);
    expect(active('[data-state="cart.loading"]')).toBeNull();

    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(playedStep()).toMatch(/^第 2 \/ 8 步：購物車（cart） ready —cart\.add→ adding/);
    expect(active('[data-state="cart.adding"]')).toBe('true');
    expect(activeTransitions()).toEqual(['cart.ready --cart.add--> cart.adding']);
    expect(active('[data-state="cart.ready"]')).toBeNull();
    expect(stepRow(2)).toHaveAttribute('aria-current', 'step');
    expect(stepRow(1)).not.toHaveAttribute('aria-current');

    for (let i = 0; i < 3; i += 1) await user.click(screen.getByRole('button', { name: '下一步' }));
    // step 5 is the shopcart's: the atlas shows that machine, its diagram drawn with the step highlighted
    expect(playedStep()).toMatch(/^第 5 \/ 8 步：投保申請（shopcart）/);
    expect(screen.getByRole('heading', { level: 2, name: '投保申請（shopcart）' })).toBeVisible();
    await screen.findByRole('img', { name: /^投保申請狀態圖/ }, LONG);
    expect(active('[data-state="shopcart.details"]')).toBe('true');
    expect(activeTransitions()).toEqual(['shopcart.cart --plan.confirm--> shopcart.details']);
    expect(address().get('machine')).toBe('shopcart');
    expect(address().get('step')).toBe('5');

    await user.click(screen.getByRole('button', { name: '上一步' }));
    await screen.findByRole('img', { name: /^購物車狀態圖/ }, LONG);
    expect(playedStep()).toMatch(/^第 4 \/ 8 步/);
    expect(active('[data-state="cart.ready"]')).toBe('true');
    expect(activeTransitions()).toEqual(['cart.reloading --xstate.done.actor.loadCart--> cart.ready']);
    expect(address().get('machine')).toBe('cart');

    // a step picked in the lanes
    await user.click(within(stepRow(7)).getByRole('button', { name: '第 7 步' }));
    await screen.findByRole('img', { name: /^投保申請狀態圖/ }, LONG);
    expect(active('[data-state="shopcart.review.submitting"]')).toBe('true');
    expect(active('[data-state="shopcart.review"]')).toBe('true');
    expect(activeTransitions()).toEqual([
      'shopcart.review.answered --application.submit--> shopcart.review.submitting',
    ]);
  });

  it('opens at the step the address names, on that step’s machine, whatever machine it says', async () => {
    renderStaff(`/groupins/atlas?machine=consent&view=journeys&visitor=${APPLICANT}&step=6`, answers);
    await screen.findByRole('img', { name: /^投保申請狀態圖/ }, LONG);
    expect(playedStep()).toMatch(
      /^第 6 \/ 8 步：投保申請（shopcart） details —applicant\.confirm→ review\.answered/,
    );
    expect(active('[data-state="shopcart.review.answered"]')).toBe('true');
    expect(activeTransitions()).toEqual(['shopcart.details --applicant.confirm--> shopcart.review']);
    expect(address().get('machine')).toBe('shopcart');
  });

  it('is played by keyboard alone: the focus stays on the button as the diagram changes machine', async () => {
    const user = userEvent.setup();
    renderStaff(`/groupins/atlas?view=journeys&visitor=${APPLICANT}&step=4`, answers);
    await screen.findByRole('img', { name: /^購物車狀態圖/ }, LONG);
    const next = screen.getByRole('button', { name: '下一步' });
    next.focus();
    await user.keyboard('{Enter}');
    await screen.findByRole('img', { name: /^投保申請狀態圖/ }, LONG);
    expect(playedStep()).toMatch(/^第 5 \/ 8 步/);
    expect(next).toHaveFocus();
    for (let i = 0; i < 3; i += 1) await user.keyboard(' ');
    expect(playedStep()).toMatch(
      /^第 8 \/ 8 步：投保申請（shopcart） review\.submitting —xstate\.done\.actor\.submitApplication→ done/,
    );
    expect(active('[data-state="shopcart.done"]')).toBe('true');
    expect(activeTransitions()).toEqual([
      'shopcart.review.submitting --xstate.done.actor.submitApplication--> shopcart.done',
    ]);
    // the last step: 下一步 says it is unavailable, keeps the focus and does nothing
    expect(next).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}');
    expect(playedStep()).toMatch(/^第 8 \/ 8 步/);
    expect(next).toHaveFocus();
    // Tab goes on to 最後一步, then back with Shift+Tab; 上一步 by keyboard
    await user.tab({ shift: true });
    expect(screen.getByRole('button', { name: '上一步' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(playedStep()).toMatch(/^第 7 \/ 8 步/);
  });

  it('says so for an id no trace carries', async () => {
    answers['atlas/journeys/0123456789abcdef'] = {
      returnCode: 404,
      data: null,
      msg: '查無此訪客的旅程',
      status: 404,
    };
    renderStaff('/groupins/atlas?view=journeys&visitor=0123456789abcdef', answers);
    expect(await screen.findByRole('alert', {}, LONG)).toHaveTextContent('查無此訪客的旅程');
    expect(screen.getByRole('link', { name: '回到訪客列表' })).toBeVisible();
  });
});
