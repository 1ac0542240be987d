import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FORBIDDEN, ok, renderStaff, SIGNED_OUT } from '../../support/staff-app';

/*
 * The staff's shell in jsdom (issue 35, docs/specification.md §6): a person lands on the first screen their
 * roles allow, the header names them and lists only those screens, a role with no screen yet is told so,
 * a lost session goes to the sign-in and back, a refused call says 您沒有使用此功能的權限.
 */

const ADMIN = { name: 'admin.one', roles: ['admin'] };
const SERVICE = { name: 'service.one', roles: ['service'] };

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

async function signIn(name: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('帳號'), name);
  await user.type(screen.getByLabelText('密碼'), 'a password long enough');
  await user.click(screen.getByRole('button', { name: '登入' }));
}

describe('the staff’s shell', () => {
  it('lands an admin on 帳號管理 after the sign-in, with their name, roles and only their screens', async () => {
    const app = renderStaff('/groupins/login', {
      'staff/login': ok(ADMIN),
      'staff/me': ok(ADMIN),
      'staff/accounts': ok([]),
    });
    expect(await screen.findByRole('heading', { level: 1, name: '員工登入' })).toBeVisible();
    await signIn('admin.one');
    expect(await screen.findByRole('heading', { level: 1, name: '帳號管理' })).toBeVisible();
    expect(app.location()).toBe('/groupins/staff/accounts');
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('admin.one')).toBeVisible();
    expect(within(banner).getByText('（管理）')).toBeVisible();
    const nav = screen.getByRole('navigation', { name: '員工作業' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['帳號管理', '稽核紀錄', '通知設定']);
    expect(within(nav).getByRole('link', { name: '帳號管理' })).toHaveAttribute('aria-current', 'page');
    expect(within(banner).getByRole('link', { name: '登出' })).toHaveAttribute('href', '/groupins/logout');
  });

  it('lands the service desk on 聯絡訊息, its inbox, with 寄件匣, 案件查詢 and 通知設定 beside it', async () => {
    const app = renderStaff('/groupins/login', {
      'staff/login': ok(SERVICE),
      'staff/me': ok(SERVICE),
      'staff/contacts': ok({
        messages: [],
        total: 0,
        page: 1,
        pageSize: 20,
        counts: { new: 0, handling: 0, replied: 0, closed: 0 },
      }),
    });
    await signIn('service.one');
    expect(await screen.findByRole('heading', { level: 1, name: '聯絡訊息' })).toBeVisible();
    expect(app.location()).toBe('/groupins/staff/contacts');
    expect(await screen.findByText('沒有符合條件的訊息。')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '員工作業' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['聯絡訊息', '寄件匣', '案件查詢', '通知設定']);
  });

  it('lands an underwriter on 申請案件, the work queue, whatever other roles they hold', async () => {
    const underwriter = { name: 'underwriter.one', roles: ['service', 'underwriter'] };
    const app = renderStaff('/groupins/login', {
      'staff/login': ok(underwriter),
      'staff/me': ok(underwriter),
      'staff/applications': FORBIDDEN,
    });
    await signIn('underwriter.one');
    expect(await screen.findByRole('heading', { level: 1, name: '申請案件' })).toBeVisible();
    expect(app.location()).toBe('/groupins/staff/applications');
    const nav = screen.getByRole('navigation', { name: '員工作業' });
    expect(within(nav).getByRole('link', { name: '申請案件' })).toHaveAttribute('aria-current', 'page');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['申請案件', '聯絡訊息', '寄件匣', '案件查詢', '通知設定']);
    expect(within(screen.getByRole('banner')).getByText('（客服、核保）')).toBeVisible();
  });

  it('refuses a screen the roles do not allow without calling it', async () => {
    const app = renderStaff('/groupins/staff/accounts', { 'staff/me': ok(SERVICE) });
    expect(await screen.findByRole('alert')).toHaveTextContent('您沒有使用此功能的權限');
    expect(screen.getByRole('heading', { level: 1, name: '帳號管理' })).toBeVisible();
    expect(app.calls.map((call) => call.path)).toEqual(['staff/me']);
  });

  it('sends a visit without a session to the sign-in, and back to the same page and query after it', async () => {
    let signedIn = false;
    const app = renderStaff('/groupins/staff/audit?person=service.one', {
      'staff/me': () => (signedIn ? ok(ADMIN) : SIGNED_OUT),
      'staff/login': () => {
        signedIn = true;
        return ok(ADMIN);
      },
      'staff/audit': ok({ entries: [], page: 1, pageSize: 50, total: 0 }),
    });
    await screen.findByRole('heading', { level: 1, name: '員工登入' });
    expect(app.location()).toBe('/groupins/login');
    await signIn('admin.one');
    expect(await screen.findByRole('heading', { level: 1, name: '稽核紀錄' })).toBeVisible();
    expect(app.location()).toBe('/groupins/staff/audit?person=service.one');
    await waitFor(() => expect(app.calls.at(-1)?.query.get('person')).toBe('service.one'));
  });

  it('sends to the sign-in when a screen’s call finds the session gone', async () => {
    const app = renderStaff('/groupins/staff/accounts', {
      'staff/me': ok(ADMIN),
      'staff/accounts': SIGNED_OUT,
    });
    await screen.findByRole('heading', { level: 1, name: '員工登入' });
    expect(app.location()).toBe('/groupins/login');
  });

  it('says 您沒有使用此功能的權限 when the server refuses a screen’s call', async () => {
    renderStaff('/groupins/staff/accounts', { 'staff/me': ok(ADMIN), 'staff/accounts': FORBIDDEN });
    expect(await screen.findByRole('alert')).toHaveTextContent('您沒有使用此功能的權限');
  });

  it('lands where an analyst’s sign-in always landed: the atlas', async () => {
    const analyst = { name: 'analyst.one', roles: ['analyst', 'service'] };
    const app = renderStaff('/groupins/login', {
      'staff/login': ok(analyst),
      'staff/me': ok(analyst),
      'atlas/test-runs': ok({ recordedAt: null, levels: {} }),
    });
    await signIn('analyst.one');
    await waitFor(() => expect(app.location()).toBe('/groupins/atlas'));
    const nav = await screen.findByRole('navigation', { name: '員工作業' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['狀態機圖集', '聯絡訊息', '寄件匣', '案件查詢', '通知設定']);
  });
});
