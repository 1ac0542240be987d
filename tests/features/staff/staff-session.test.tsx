import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCaptcha } from '../../../src/server/captcha/captcha';
import { ok, renderStaff, SIGNED_OUT, type StaffAnswer } from '../../support/staff-app';

/*
 * The staff session's reminder and idle end in jsdom (issue 45, point 5; docs/specification.md §6): the
 * server ends a staff session 30 minutes after its last request, so the screens remind the person 5
 * minutes before (25 minutes after the last call the server answered), as the visitor's reminder does;
 * 繼續使用 renews the session on the server; at 30 minutes the person is signed out and sent to the sign-in,
 * which says why and brings them back to the page after it. The sign-in asks for the captcha when the
 * server says so.
 */

const ADMIN = { name: 'admin.one', roles: ['admin'] };
const MINUTE = 60_000;
const SECOND = 1000;
const REMINDER = '工作階段即將結束';
const IDLE_NOTICE = '閒置超過 30 分鐘，已自動登出，請重新登入';
const AUDIT_PAGE = ok({ entries: [], page: 1, pageSize: 50, total: 0 });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  window.history.replaceState(null, '', '/');
});

/** Moves the page's clock (its timers and Date) on by `ms`. */
const wait = (ms: number) => act(() => vi.advanceTimersByTime(ms));

/** 稽核紀錄 signed in, under a clock the test moves; `answers` add to or replace the fake server's. */
async function auditUnderClock(answers: Record<string, StaffAnswer | (() => StaffAnswer)> = {}) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const app = renderStaff('/groupins/staff/audit?person=service.one', {
    'staff/me': ok(ADMIN),
    'staff/audit': AUDIT_PAGE,
    'staff/logout': ok(null),
    ...answers,
  });
  await screen.findByText('沒有符合條件的紀錄。');
  const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
  return { app, user };
}

/** What another tab of the staff's pages tells this one when the server answered one of its calls. */
const anotherTabRenewed = () =>
  act(async () => {
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'gi_staff_renewed', newValue: String(Date.now()) }),
    );
  });

const calls = (app: ReturnType<typeof renderStaff>, path: string) =>
  app.calls.filter((call) => call.path === path);

describe('the staff session’s reminder and idle end', () => {
  it('reminds 25 minutes after the last call, focused on 繼續使用, which renews the session on the server', async () => {
    const { app, user } = await auditUnderClock();
    const before = calls(app, 'staff/me').length;
    await wait(25 * MINUTE - 2 * SECOND);
    expect(screen.queryByRole('dialog', { name: REMINDER })).toBeNull();
    await wait(3 * SECOND);
    const dialog = await screen.findByRole('dialog', { name: REMINDER });
    expect(dialog).toHaveTextContent('5 分 0 秒');
    const keep = screen.getByRole('button', { name: '繼續使用' });
    expect(keep).toHaveFocus();
    // nothing was asked of the server for the reminder itself
    expect(calls(app, 'staff/me')).toHaveLength(before);

    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: REMINDER })).toBeNull());
    expect(calls(app, 'staff/me')).toHaveLength(before + 1);
    // counted again from the renewal: no reminder until 25 minutes after it
    await wait(25 * MINUTE - 2 * SECOND);
    expect(screen.queryByRole('dialog', { name: REMINDER })).toBeNull();
    await wait(3 * SECOND);
    expect(await screen.findByRole('dialog', { name: REMINDER })).toBeInTheDocument();
  });

  it('counts again from each call a screen makes: no reminder 25 minutes after the page opened', async () => {
    const { app, user } = await auditUnderClock();
    await wait(20 * MINUTE);
    await user.clear(screen.getByLabelText('人員'));
    await user.type(screen.getByLabelText('人員'), 'admin.one');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    await waitFor(() => expect(calls(app, 'staff/audit')).toHaveLength(2));
    await wait(24 * MINUTE);
    expect(screen.queryByRole('dialog', { name: REMINDER })).toBeNull();
    await wait(MINUTE + SECOND);
    expect(await screen.findByRole('dialog', { name: REMINDER })).toBeInTheDocument();
  });

  it('counts from another tab’s calls too: the session is one for the browser', async () => {
    await auditUnderClock();
    await wait(20 * MINUTE);
    await anotherTabRenewed();
    await wait(24 * MINUTE);
    expect(screen.queryByRole('dialog', { name: REMINDER })).toBeNull();
    await wait(MINUTE + SECOND);
    expect(await screen.findByRole('dialog', { name: REMINDER })).toBeInTheDocument();
  });

  it('signs nothing out at its end when another tab kept the session on while the reminder showed', async () => {
    const { app } = await auditUnderClock();
    await wait(25 * MINUTE + SECOND);
    await screen.findByRole('dialog', { name: REMINDER });
    await wait(MINUTE);
    await anotherTabRenewed();
    await wait(4 * MINUTE);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: REMINDER })).toBeNull());
    expect(calls(app, 'staff/logout')).toEqual([]);
    expect(app.location()).toBe('/groupins/staff/audit?person=service.one');
  });

  it('signs out at 30 minutes, goes to the sign-in saying why, and back to the page after it', async () => {
    let signedIn = true;
    const { app, user } = await auditUnderClock({
      'staff/me': () => (signedIn ? ok(ADMIN) : SIGNED_OUT),
      'staff/logout': () => {
        signedIn = false;
        return ok(null);
      },
      'staff/login': () => {
        signedIn = true;
        return ok(ADMIN);
      },
    });
    await wait(25 * MINUTE + SECOND);
    await screen.findByRole('dialog', { name: REMINDER });
    await wait(5 * MINUTE);
    await screen.findByRole('heading', { level: 1, name: '員工登入' });
    expect(app.location()).toBe('/groupins/login');
    expect(calls(app, 'staff/logout').map((call) => call.method)).toEqual(['POST']);
    expect(screen.getByRole('status')).toHaveTextContent(IDLE_NOTICE);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.type(screen.getByLabelText('帳號'), 'admin.one');
    await user.type(screen.getByLabelText('密碼'), 'a password long enough');
    await user.click(screen.getByRole('button', { name: '登入' }));
    await screen.findByText('沒有符合條件的紀錄。');
    expect(app.location()).toBe('/groupins/staff/audit?person=service.one');
    expect(screen.queryByText(IDLE_NOTICE)).toBeNull();
  });

  it('says why on the sign-in when the server ended the session for want of requests', async () => {
    const idle: StaffAnswer = { returnCode: 401, data: 'staffIdle', msg: IDLE_NOTICE, status: 401 };
    const app = renderStaff('/groupins/staff/accounts', { 'staff/me': ok(ADMIN), 'staff/accounts': idle });
    await screen.findByRole('heading', { level: 1, name: '員工登入' });
    expect(app.location()).toBe('/groupins/login');
    expect(screen.getByRole('status')).toHaveTextContent(IDLE_NOTICE);
  });

  it('says nothing of it when the session was simply not there', async () => {
    renderStaff('/groupins/staff/accounts', { 'staff/me': ok(ADMIN), 'staff/accounts': SIGNED_OUT });
    await screen.findByRole('heading', { level: 1, name: '員工登入' });
    expect(screen.queryByText(IDLE_NOTICE)).toBeNull();
  });
});

describe('the sign-in’s captcha', () => {
  const captcha = createCaptcha({ hmacKey: 'staff jsdom', maxNumber: 1_000, expiresSeconds: 600 });
  const CAPTCHA_NEXT: StaffAnswer = {
    returnCode: 1,
    data: 'loginCaptcha',
    msg: '帳號或密碼錯誤；請完成「我不是機器人」驗證後再登入',
  };

  it('shows 我不是機器人 once the server asks for it, and sends the solved payload with the next try', async () => {
    const app = renderStaff('/groupins/login', {
      'staff/login': (call) => ((call.body as { captcha?: string }).captcha ? ok(ADMIN) : CAPTCHA_NEXT),
      'staff/me': ok(ADMIN),
      'staff/accounts': ok([]),
      'captcha/challenge': async () => ok(await captcha.challenge()),
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('帳號'), 'admin.one');
    await user.type(screen.getByLabelText('密碼'), 'a wrong password');
    expect(screen.queryByRole('checkbox', { name: '我不是機器人' })).toBeNull();
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(CAPTCHA_NEXT.msg);
    const box = await screen.findByRole('checkbox', { name: '我不是機器人' });

    // not solved: nothing is sent
    await user.click(screen.getByRole('button', { name: '登入' }));
    expect(await screen.findByText('請先完成「我不是機器人」驗證')).toBeInTheDocument();
    expect(app.calls.filter((call) => call.path === 'staff/login')).toHaveLength(1);

    await user.click(box);
    await screen.findByText('驗證完成', {}, { timeout: 10_000 });
    await user.click(screen.getByRole('button', { name: '登入' }));
    await screen.findByRole('heading', { level: 1, name: '帳號管理' });
    const sent = app.calls.filter((call) => call.path === 'staff/login').at(-1)!.body as {
      captcha: string;
    };
    expect(sent.captcha).toMatch(/\S{20,}/);
  });
});
