import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getStateNodes } from 'xstate/graph';
import { flowPaths } from '../../../machine-paths/paths';
import { machines } from '../../../machine-paths/registry';
import type { TestRuns, Traffic } from '../../../src/domain/api/atlas';
import { ok, renderStaff, type StaffAnswer } from '../../support/staff-app';

/* The atlas in jsdom, its server answers stubbed: every machine listed, simulated by its buttons, its paths. */

const session = machines.find((m) => m.id === 'session')!;
const sessionPaths = flowPaths(session);

const RUNS: TestRuns = {
  recordedAt: '2026-11-25T02:00:00.000Z',
  levels: {
    machine: { session: sessionPaths.map((p) => p.key) },
    jsdom: { session: [sessionPaths[0]!.key] },
  },
};
const TRAFFIC: Traffic = {
  machine: 'session',
  from: '2026-11-20',
  to: '2026-11-26',
  visitors: 2,
  transitions: [
    { from: 'starting', event: 'xstate.done.actor.startSession', to: 'active', visitors: 2, times: 3 },
  ],
  states: [
    { state: 'starting', visitors: 2 },
    { state: 'active', visitors: 2 },
  ],
};

let answers: Record<string, StaffAnswer>;

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

const openAtlas = async (search: string) => {
  renderStaff(`/groupins/atlas${search}`, answers);
  await screen.findByTestId('drawn-counts', {}, { timeout: 10_000 });
};

describe('the atlas', () => {
  it('lists every machine of the registry and draws the chosen one with its states and transitions', async () => {
    await openAtlas('?machine=session');
    const nav = screen.getByRole('navigation', { name: '狀態機' });
    const link = (entry: (typeof machines)[number]) =>
      within(nav).getByRole('link', { name: new RegExp(`^${entry.title}\\s*${entry.id}$`) });
    for (const entry of machines) expect(link(entry)).toBeVisible();
    expect(link(session)).toHaveAttribute('aria-current', 'page');
    const states = getStateNodes(session.machine.root).length;
    expect(screen.getByTestId('drawn-counts')).toHaveTextContent(`${states} 個狀態`);
    expect(document.querySelectorAll('svg [data-state]')).toHaveLength(states);
    expect(screen.getByText('analyst.one')).toBeVisible();
  });

  it('simulates by the events the state takes, with undo and reset (docs/specification.md §4: start, reminder, continue)', async () => {
    const user = userEvent.setup();
    await openAtlas('?machine=session&view=simulate');
    const state = () => screen.getByTestId('simulated-state').textContent;
    expect(state()).toBe('starting');
    await user.click(screen.getByRole('button', { name: /done: startSession/ }));
    expect(state()).toBe('active');
    expect(document.querySelector('[data-state="session.active"]')).toHaveAttribute('data-active', 'true');
    await user.click(screen.getByRole('button', { name: /after remindAfter/ }));
    expect(state()).toBe('reminding');
    await user.click(screen.getByRole('button', { name: /session\.continue/ }));
    expect(state()).toBe('starting');
    await user.click(screen.getByRole('button', { name: '復原上一步' }));
    expect(state()).toBe('reminding');
    await user.click(screen.getByRole('button', { name: '重新開始' }));
    expect(state()).toBe('starting');
    expect(screen.getByRole('button', { name: '復原上一步' })).toBeDisabled();
  });

  it('lists the generated paths with the last run’s result per level, and plays one step by step', async () => {
    const user = userEvent.setup();
    await openAtlas('?machine=session&view=tests');
    const list = await screen.findByRole('list', { name: '測試路徑' }, { timeout: 10_000 });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(sessionPaths.length);
    expect(items[0]).toHaveTextContent('機器 通過');
    expect(items[0]).toHaveTextContent('jsdom 通過');
    expect(items[0]).toHaveTextContent('Chromium 未執行');
    expect(items[1]).toHaveTextContent('jsdom 未通過');
    await user.click(within(items[0]!).getByRole('button'));
    const last = sessionPaths[0]!.steps.length;
    expect(screen.getByTestId('played-step')).toHaveTextContent(`第 1 / ${last} 步`);
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(screen.getByTestId('played-step')).toHaveTextContent(`第 2 / ${last} 步`);
  });

  it('shows the visitors and each traced transition of the period', async () => {
    await openAtlas('?machine=session&view=traffic');
    await waitFor(() => expect(screen.getByTestId('traffic-visitors')).toHaveTextContent('2 位訪客'));
    const table = screen.getByTestId('traffic-transitions');
    expect(within(table).getByRole('cell', { name: 'xstate.done.actor.startSession' })).toBeVisible();
    await waitFor(() =>
      expect(document.querySelector('[data-state="session.active"] text')).toHaveTextContent('active（2）'),
    );
  });
});

describe('the atlas to staff without the analyst role', () => {
  it('says they may not use it, and draws nothing', async () => {
    answers['staff/me'] = ok({ name: 'service.one', roles: ['service'] });
    renderStaff('/groupins/atlas?machine=session', answers);
    expect(await screen.findByText('您沒有使用此功能的權限')).toBeVisible();
    expect(screen.queryByTestId('drawn-counts')).toBeNull();
  });
});

describe('the staff’s login', () => {
  it('asks for the name, then the password, before calling the server', async () => {
    const user = userEvent.setup();
    renderStaff('/groupins/login', answers);
    await screen.findByRole('button', { name: '登入' });
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('帳號不可為空白');
    expect(screen.getByLabelText('帳號')).toHaveFocus();
    await user.type(screen.getByLabelText('帳號'), 'analyst.one');
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('密碼不可為空白');
    expect(screen.getByLabelText('密碼')).toHaveFocus();
    expect(fetch).not.toHaveBeenCalled();
  });

  it('says what the server answers to a wrong password', async () => {
    answers['staff/login'] = { returnCode: 1, data: 'loginRefused', msg: '帳號或密碼錯誤' };
    const user = userEvent.setup();
    renderStaff('/groupins/login', answers);
    await screen.findByRole('button', { name: '登入' });
    await user.type(screen.getByLabelText('帳號'), 'analyst.one');
    await user.type(screen.getByLabelText('密碼'), 'not the password');
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('帳號或密碼錯誤');
    expect(screen.getByRole('button', { name: '登入' })).toBeEnabled();
  });
});
