import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { StaffAccount } from '../../../src/domain/api/staff';
import { ok, renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';

/*
 * 帳號管理 in jsdom against a fake server (issue 35: add, roles, lock, unlock, end sessions; the server's
 * refusals in Traditional Chinese beside what caused them; keyboard: focus back where it came from).
 */

const ADMIN = { name: 'admin.one', roles: ['admin'] };
const account = (name: string, more: Partial<StaffAccount> = {}): StaffAccount => ({
  name,
  roles: ['service'],
  suspended: false,
  lockedUntil: null,
  lastSignedInAt: null,
  createdAt: '2026-11-20T01:00:00.000Z',
  ...more,
});
const LIST = [
  account('admin.one', { roles: ['admin'], lastSignedInAt: '2026-11-27T06:05:09.000Z' }),
  account('service.one', { roles: ['service', 'underwriter'] }),
  account('locked.one', { suspended: true }),
  account('typo.one', { roles: ['analyst'], lockedUntil: '2026-11-27T07:30:00.000Z' }),
];
const refused = (data: string, msg: string): StaffAnswer => ({ returnCode: 1, data, msg });

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function openAccounts(answers: Record<string, StaffAnswer | ((call: StaffCall) => StaffAnswer)>) {
  const app = renderStaff('/groupins/staff/accounts', {
    'staff/me': ok(ADMIN),
    'staff/accounts': ok(LIST),
    ...answers,
  });
  await screen.findByRole('table', { name: '人員帳號' });
  return app;
}

const row = (name: string) => screen.getByRole('rowheader', { name }).closest('tr')!;

describe('帳號管理', () => {
  it('lists each account with its roles, locks and last sign-in (Taipei time)', async () => {
    await openAccounts({});
    expect(
      within(row('admin.one'))
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['管理', '可登入', '2026-11-27 14:05:09', expect.stringContaining('設定角色')]);
    expect(row('service.one')).toHaveTextContent('客服、核保');
    expect(row('service.one')).toHaveTextContent('尚未登入');
    expect(row('locked.one')).toHaveTextContent('已停用');
    expect(within(row('locked.one')).getByRole('button', { name: '啟用（locked.one）' })).toBeVisible();
    expect(row('typo.one')).toHaveTextContent('密碼錯誤鎖定至 2026-11-27 15:30:00');
  });

  it('adds a person with their roles and a password typed twice, with the CSRF header', async () => {
    document.cookie = 'XSRF-TOKEN=the-token; path=/';
    const added = [...LIST, account('new.person')];
    const app = await openAccounts({ 'staff/accounts': (call) => ok(call.method === 'POST' ? added : LIST) });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^帳號/), 'new.person');
    await user.click(screen.getByRole('checkbox', { name: '客服' }));
    await user.type(screen.getByLabelText(/^初始密碼/), 'first-password-1');
    await user.type(screen.getByLabelText(/^再次輸入初始密碼/), 'first-password-2');
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByText('兩次輸入的密碼不一致')).toBeVisible();
    expect(app.calls.filter((c) => c.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText(/^再次輸入初始密碼/));
    await user.type(screen.getByLabelText(/^再次輸入初始密碼/), 'first-password-1');
    await user.click(screen.getByRole('button', { name: '新增' }));
    // the status line is there (empty) before the answer: wait for its words, not for it
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('已新增 new.person'));
    const post = app.calls.find((c) => c.method === 'POST')!;
    expect(post.path).toBe('staff/accounts');
    expect(post.body).toEqual({ name: 'new.person', roles: ['service'], password: 'first-password-1' });
    expect(post.headers.get('x-csrf-token')).toBe('the-token');
    expect(row('new.person')).toBeVisible();
    expect(screen.getByLabelText(/^帳號/)).toHaveValue('');
  });

  it('asks for a role, and shows 此帳號已存在 beside the name', async () => {
    await openAccounts({
      'staff/accounts': (call) =>
        call.method === 'POST' ? refused('staffExists', '此帳號已存在') : ok(LIST),
    });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^帳號/), 'service.one');
    await user.type(screen.getByLabelText(/^初始密碼/), 'first-password-1');
    await user.type(screen.getByLabelText(/^再次輸入初始密碼/), 'first-password-1');
    await user.click(screen.getByRole('button', { name: '新增' }));
    expect(await screen.findByRole('group', { name: /角色/ })).toHaveAccessibleDescription('請選擇角色');
    await user.click(screen.getByRole('checkbox', { name: '分析' }));
    await user.click(screen.getByRole('button', { name: '新增' }));
    const name = screen.getByLabelText(/^帳號/);
    await waitFor(() => expect(name).toHaveAccessibleDescription(expect.stringContaining('此帳號已存在')));
    expect(name).toHaveAttribute('aria-invalid', 'true');
    expect(name).toHaveFocus();
  });

  it('locks and unlocks in a dialog, focus back on the row’s button', async () => {
    let suspended = false;
    const list = () => [LIST[0]!, account('service.one', { suspended })];
    const app = await openAccounts({
      'staff/accounts': () => ok(list()),
      'staff/accounts/lock': () => {
        suspended = true;
        return ok(list());
      },
      'staff/accounts/unlock': () => {
        suspended = false;
        return ok(list());
      },
    });
    const user = userEvent.setup();
    const lock = screen.getByRole('button', { name: '停用（service.one）' });
    await user.click(lock);
    const dialog = screen.getByRole('dialog', { name: '停用帳號：service.one' });
    expect(within(dialog).getByRole('button', { name: '停用' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('status')).toHaveTextContent('已停用 service.one');
    expect(row('service.one')).toHaveTextContent('已停用');
    const unlock = screen.getByRole('button', { name: '啟用（service.one）' });
    expect(unlock).toHaveFocus();
    await user.keyboard('{Enter}');
    await user.click(
      within(screen.getByRole('dialog', { name: '啟用帳號：service.one' })).getByRole('button', {
        name: '啟用',
      }),
    );
    await waitFor(() => expect(row('service.one')).toHaveTextContent('可登入'));
    expect(app.calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body])).toEqual([
      ['staff/accounts/lock', { name: 'service.one' }],
      ['staff/accounts/unlock', { name: 'service.one' }],
    ]);
  });

  it('shows 不可停用自己的帳號 in the lock’s dialog; Escape closes it and gives the focus back', async () => {
    await openAccounts({ 'staff/accounts/lock': refused('staffOwnLock', '不可停用自己的帳號') });
    const user = userEvent.setup();
    const lock = screen.getByRole('button', { name: '停用（admin.one）' });
    await user.click(lock);
    const dialog = screen.getByRole('dialog', { name: '停用帳號：admin.one' });
    await user.click(within(dialog).getByRole('button', { name: '停用' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('不可停用自己的帳號');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(lock).toHaveFocus();
  });

  it('sets roles by checkboxes, and shows 不可移除自己的管理角色 beside them', async () => {
    const app = await openAccounts({
      'staff/accounts/roles': (call) =>
        (call.body as { name: string }).name === 'admin.one'
          ? refused('staffOwnAdmin', '不可移除自己的管理角色')
          : ok([LIST[0]!, account('service.one', { roles: ['service', 'analyst'] })]),
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '設定角色（admin.one）' }));
    let dialog = screen.getByRole('dialog', { name: '設定角色：admin.one' });
    await user.click(within(dialog).getByRole('checkbox', { name: '管理' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '分析' }));
    await user.click(within(dialog).getByRole('button', { name: '儲存' }));
    await waitFor(() =>
      expect(within(dialog).getByRole('group', { name: /角色/ })).toHaveAccessibleDescription(
        '不可移除自己的管理角色',
      ),
    );
    await user.click(within(dialog).getByRole('button', { name: '取消' }));

    await user.click(screen.getByRole('button', { name: '設定角色（service.one）' }));
    dialog = screen.getByRole('dialog', { name: '設定角色：service.one' });
    expect(within(dialog).getByRole('checkbox', { name: '客服' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: '核保' }));
    await user.click(within(dialog).getByRole('checkbox', { name: '分析' }));
    await user.click(within(dialog).getByRole('button', { name: '儲存' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(row('service.one')).toHaveTextContent('客服、分析');
    expect(app.calls.filter((c) => c.path === 'staff/accounts/roles').map((c) => c.body)).toEqual([
      { name: 'admin.one', roles: ['analyst'] },
      { name: 'service.one', roles: ['service', 'analyst'] },
    ]);
  });

  it('ends a person’s sessions, and says 查無此帳號 when the account is gone, reading the list again', async () => {
    const app = await openAccounts({
      'staff/accounts/end-sessions': { returnCode: 404, data: null, msg: '查無此帳號', status: 404 },
    });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: '結束登入（service.one）' }));
    const dialog = screen.getByRole('dialog', { name: '結束登入：service.one' });
    await user.click(within(dialog).getByRole('button', { name: '結束登入' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('查無此帳號');
    await waitFor(() => expect(app.calls.filter((c) => c.path === 'staff/accounts')).toHaveLength(2));
  });
});
