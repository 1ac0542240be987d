import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactInboxPage } from '../../../src/domain/api/contact-inbox';
import { inboxCase, INBOX_ROW as ROW } from '../../support/contact-inbox-views';
import { ok, renderStaff, type StaffAnswer } from '../../support/staff-app';

/*
 * 聯絡訊息's list while it reads, when a read fails, a page at a time, and with an address that names no
 * message; and one message whose read fails (issue 35; the staff screens' states: 正在讀取…, a failure with
 * 再試一次, 上一頁 / 下一頁).
 */

const pageOf = (page: number): ContactInboxPage => ({
  messages: [{ ...ROW, contactNo: `CT1151127000${String(page).padStart(2, '0')}` }],
  total: 21,
  page,
  pageSize: 20,
  counts: { new: 21, handling: 0, replied: 0, closed: 0 },
});
const SERVICE = ok({ name: 'mei', roles: ['service'] });

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

describe('the inbox’s list', () => {
  it('says it is reading until the messages come, then shows only them', async () => {
    let answer: (value: StaffAnswer) => void = () => undefined;
    renderStaff('/groupins/staff/contacts', {
      'staff/me': SERVICE,
      'staff/contacts': () =>
        new Promise<StaffAnswer>((resolve) => {
          answer = resolve;
        }),
    });
    expect(await screen.findByText('正在讀取訊息列表…')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    answer(ok(pageOf(1)));
    await screen.findByRole('table', { name: '訊息列表' });
    expect(screen.queryByText('正在讀取訊息列表…')).not.toBeInTheDocument();
  });

  it('says why a read failed and reads again on 再試一次', async () => {
    let reads = 0;
    renderStaff('/groupins/staff/contacts', {
      'staff/me': SERVICE,
      'staff/contacts': () =>
        ++reads === 1 ? { returnCode: 500, data: null, msg: '系統發生錯誤', status: 500 } : ok(pageOf(1)),
    });
    const alert = await screen.findByRole('alert');
    expect(screen.queryByText('正在讀取訊息列表…')).not.toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '訊息列表' })).not.toBeInTheDocument();
    await userEvent.setup().click(within(alert).getByRole('button', { name: '再試一次' }));
    await screen.findByRole('table', { name: '訊息列表' });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reads).toBe(2);
  });

  it('turns to the next page with the filters kept, and counts each status under them', async () => {
    const app = renderStaff('/groupins/staff/contacts?quoteOnly=true', {
      'staff/me': SERVICE,
      'staff/contacts': (call) => ok(pageOf(Number(call.query.get('page')))),
    });
    await screen.findByRole('table', { name: '訊息列表' });
    expect(screen.getByRole('link', { name: '新訊息 21 件' })).toHaveAttribute(
      'href',
      '/groupins/staff/contacts?status=new&quoteOnly=true',
    );
    await userEvent.setup().click(screen.getByRole('button', { name: '下一頁' }));
    await screen.findByRole('link', { name: 'CT115112700002' });
    expect(app.location()).toBe('/groupins/staff/contacts?quoteOnly=true&page=2');
    expect(app.calls.at(-1)!.query.toString()).toBe('quoteOnly=true&page=2');
  });

  it('lists the messages when the address names no message', async () => {
    const app = renderStaff('/groupins/staff/contacts?no=CT12', {
      'staff/me': SERVICE,
      'staff/contacts': ok(pageOf(1)),
    });
    await screen.findByRole('table', { name: '訊息列表' });
    expect(screen.queryByRole('link', { name: '回到訊息列表' })).not.toBeInTheDocument();
    expect(app.calls.some((c) => c.path.startsWith('staff/contacts/'))).toBe(false);
  });

  it('says why a message could not be read and reads it again on 再試一次', async () => {
    let reads = 0;
    renderStaff(`/groupins/staff/contacts?no=${ROW.contactNo}`, {
      'staff/me': SERVICE,
      [`staff/contacts/${ROW.contactNo}`]: () =>
        ++reads === 1
          ? { returnCode: 503, data: null, msg: '系統忙碌中，請稍後再試', status: 503 }
          : ok(inboxCase(ROW)),
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('系統忙碌中，請稍後再試');
    await userEvent.setup().click(within(alert).getByRole('button', { name: '再試一次' }));
    expect(
      await screen.findByText(`案件編號 ${ROW.contactNo}，狀態：新訊息，處理人員：未指派`),
    ).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(reads).toBe(2);
  });
});
