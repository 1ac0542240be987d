import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { StaffNotifications } from '../../../src/domain/api/staff-notifications';
import { createTestApp, type TestApp } from '../../support/server';
import { applyForBasic } from '../../support/shopcart';
import { answeredBy, ok, renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';
import { codeSentTo, signedInStaff } from '../../support/staff-visitor';

/*
 * 通知設定 in jsdom (issue 36; docs/specification.md §4 "Staff notices", §6): every staff person chooses,
 * among the notices their roles offer, which they get by e-mail and at which address; no address, no
 * notice. The form checks what the server checks; 儲存 says it is busy, then that it is saved; a refusal is
 * shown in Chinese. Against a fake server, then the real one, where the choice makes a new application's
 * notice go to the address given.
 */

const UNDERWRITER = { name: 'under.one', roles: ['underwriter'] };
const CHOSEN: StaffNotifications = {
  email: 'uw.one@insure.example.com.tw',
  pending: null,
  kinds: ['application.new'],
  offered: ['application.new', 'documents.overdue'],
};
const PATH = '/groupins/staff/notifications';

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

type Answer = StaffAnswer | ((call: StaffCall) => StaffAnswer | Promise<StaffAnswer>);

function openNotices(notices: Answer = ok(CHOSEN), staff: object = UNDERWRITER) {
  return renderStaff(PATH, { 'staff/me': ok(staff), 'staff/me/notifications': notices });
}

const kindsGroup = () => screen.getByRole('group', { name: '通知項目' });
const saves = (calls: StaffCall[]) => calls.filter((call) => call.method === 'POST');

describe('通知設定', () => {
  it('shows the address and the notices the roles offer, those chosen ticked, and says where they go', async () => {
    openNotices();
    expect(await screen.findByLabelText('通知信箱')).toHaveValue(CHOSEN.email);
    expect(screen.getByRole('heading', { level: 1, name: '通知設定' })).toBeVisible();
    expect(
      screen.getByText('系統只會把您勾選的通知寄到下方填寫的通知信箱；通知信箱留空，就不寄送任何通知。'),
    ).toBeVisible();
    const boxes = within(kindsGroup()).getAllByRole('checkbox');
    expect(boxes.map((box) => box.closest('.check-option')!.textContent)).toEqual([
      '新申請案件',
      '待補件逾 7 日',
    ]);
    expect(within(kindsGroup()).getByLabelText('新申請案件')).toBeChecked();
    expect(within(kindsGroup()).getByLabelText('待補件逾 7 日')).not.toBeChecked();
    expect(screen.queryByLabelText('新聯絡訊息')).not.toBeInTheDocument();
  });

  it('saves the address and the notices ticked, busy while it is sent, then says so', async () => {
    let answer: (value: StaffAnswer) => void = () => undefined;
    const app = openNotices((call) =>
      call.method === 'POST'
        ? new Promise<StaffAnswer>((resolve) => {
            answer = resolve;
          })
        : ok(CHOSEN),
    );
    const user = userEvent.setup();
    const email = await screen.findByLabelText('通知信箱');
    await user.clear(email);
    await user.type(email, 'ｕｗ．ｔｗｏ＠ｉｎｓｕｒｅ．ｅｘａｍｐｌｅ．ｃｏｍ．ｔｗ');
    await user.click(within(kindsGroup()).getByLabelText('待補件逾 7 日'));
    await user.click(within(kindsGroup()).getByLabelText('新申請案件'));
    const save = screen.getByRole('button', { name: '儲存' });
    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('aria-disabled', 'true'));
    await user.click(save);
    expect(saves(app.calls)).toHaveLength(1);
    // typed in full width, sent as the server keeps it
    expect(saves(app.calls)[0]!.body).toEqual({
      email: 'uw.two@insure.example.com.tw',
      kinds: ['documents.overdue'],
    });

    answer(ok({ ...CHOSEN, email: 'uw.two@insure.example.com.tw', kinds: ['documents.overdue'] }));
    // the status line is there (empty) before the answer: wait for its words, not for it
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^已儲存通知設定$/));
    expect(save).not.toHaveAttribute('aria-disabled');
    expect(save).toHaveFocus();
    expect(screen.getByLabelText('通知信箱')).toHaveValue('uw.two@insure.example.com.tw');
    expect(within(kindsGroup()).getByLabelText('待補件逾 7 日')).toBeChecked();
  });

  it('sends an emptied address as none, so no notice goes out', async () => {
    const app = openNotices((call) => ok(call.method === 'POST' ? { ...CHOSEN, email: null } : CHOSEN));
    const user = userEvent.setup();
    await user.clear(await screen.findByLabelText('通知信箱'));
    await user.click(screen.getByRole('button', { name: '儲存' }));
    await screen.findByText('已儲存通知設定');
    expect(saves(app.calls)[0]!.body).toEqual({ email: '', kinds: ['application.new'] });
  });

  it('checks the address as the server does, and sends nothing while it is wrong', async () => {
    const app = openNotices();
    const user = userEvent.setup();
    const email = await screen.findByLabelText('通知信箱');
    await user.clear(email);
    await user.type(email, 'desk@');
    await user.tab();
    expect(await screen.findByText('請輸入正確的電子郵件地址')).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(/請輸入正確的電子郵件地址/);
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(saves(app.calls)).toHaveLength(0);
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('shows the server’s refusal in Chinese', async () => {
    openNotices((call) =>
      call.method === 'POST' ? { returnCode: 1, data: null, msg: '您的角色沒有此通知項目' } : ok(CHOSEN),
    );
    await userEvent.setup().click(await screen.findByRole('button', { name: '儲存' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('未完成：您的角色沒有此通知項目');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('is every role’s, and says when the roles offer no notice', async () => {
    openNotices(ok({ email: null, pending: null, kinds: [], offered: [] }), {
      name: 'admin.one',
      roles: ['admin'],
    });
    expect(await screen.findByText('您的角色目前沒有可選擇的通知項目。')).toBeVisible();
    expect(screen.getByLabelText('通知信箱')).toHaveValue('');
    expect(screen.queryByRole('group', { name: '通知項目' })).not.toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '員工作業' });
    expect(within(nav).getByRole('link', { name: '通知設定' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers the service desk its own notice only', async () => {
    openNotices(ok({ email: null, pending: null, kinds: [], offered: ['contact.new'] }), {
      name: 'mei',
      roles: ['service'],
    });
    await screen.findByLabelText('通知信箱');
    expect(within(kindsGroup()).getAllByRole('checkbox')).toHaveLength(1);
    expect(within(kindsGroup()).getByLabelText('新聯絡訊息')).not.toBeChecked();
  });
});

describe('通知設定 against the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('keeps the choice, and once the code e-mailed to it is typed a new application’s notice goes to the address given', async () => {
    const underwriter = await signedInStaff(t, ['underwriter'], 'notices.screen');
    const server = answeredBy(underwriter.visitor);
    renderStaff(PATH, {
      'staff/me': server,
      'staff/me/notifications': server,
      'staff/me/notifications/confirm': server,
    });
    const user = userEvent.setup();
    const email = await screen.findByLabelText('通知信箱');
    expect(email).toHaveValue('');
    expect(
      within(kindsGroup())
        .getAllByRole('checkbox')
        .map((box) => box.closest('.check-option')!.textContent),
    ).toEqual(['新申請案件', '待補件逾 7 日']);
    await user.type(email, 'uw.screen@insure.example.com.tw');
    await user.click(within(kindsGroup()).getByLabelText('新申請案件'));
    await user.click(screen.getByRole('button', { name: '儲存' }));
    expect(
      await screen.findByText(
        '已儲存通知設定；驗證碼已寄至 uw.screen@insure.example.com.tw，輸入後才會改用新信箱。',
      ),
    ).toHaveAttribute('role', 'status');
    const pending = screen.getByRole('region', { name: '確認新的通知信箱' });
    expect(pending).toHaveTextContent('確認前不寄送任何通知。');
    expect(within(pending).getByTestId('code-state')).toHaveTextContent('待輸入');
    await user.type(
      within(pending).getByLabelText(/驗證碼/),
      await codeSentTo(t, 'uw.screen@insure.example.com.tw'),
    );
    await user.click(within(pending).getByRole('button', { name: '確認' }));
    expect(await screen.findByText('已確認通知信箱')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: '確認新的通知信箱' })).not.toBeInTheDocument();
    expect(screen.getByLabelText('通知信箱')).toHaveValue('uw.screen@insure.example.com.tw');

    const kept = (await underwriter.visitor.read('staff/me/notifications')).json().data;
    expect(kept).toEqual({
      email: 'uw.screen@insure.example.com.tw',
      pending: null,
      kinds: ['application.new'],
      offered: ['application.new', 'documents.overdue'],
    });
    const { applicationNo } = await applyForBasic(t);
    const notices = await t.db
      .selectFrom('outbox')
      .select(['kind', 'recipient'])
      .where('application_no', '=', applicationNo)
      .where('kind', '=', 'staff.application')
      .execute();
    expect(notices).toEqual([{ kind: 'staff.application', recipient: 'uw.screen@insure.example.com.tw' }]);
  }, 60_000);
});
