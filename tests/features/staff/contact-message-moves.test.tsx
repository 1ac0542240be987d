import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactCase } from '../../../src/domain/api/contact-inbox';
import { INBOX_ROW, inboxCase } from '../../support/contact-inbox-views';
import { ok, renderStaff, type StaffAnswer } from '../../support/staff-app';

/*
 * One contact message while a move is on its way (issue 35; the staff screens keep the visitor screens'
 * keyboard rules): opening a message leaves the focus alone, the status line takes it only after a change
 * (it is no Tab stop), and while one move is being sent the button pressed says it is busy and the other
 * moves wait, so a second click sends nothing.
 */

const NO = 'CT115112700003';

const REPLIED: ContactCase = inboxCase(
  { ...INBOX_ROW, contactNo: NO, status: 'replied', assignee: 'mei', version: 2 },
  { replies: [{ author: 'mei', at: '2026-11-27T05:00:00.000Z', text: '文件清單已附上。' }] },
  ['message.reopen', 'message.close'],
);
const CLOSED: ContactCase = {
  ...REPLIED,
  message: { ...REPLIED.message, status: 'closed', version: 3 },
  actions: ['message.reopen'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function openHeld() {
  let answer: (value: StaffAnswer) => void = () => undefined;
  const app = renderStaff(`/groupins/staff/contacts?no=${NO}`, {
    'staff/me': ok({ name: 'mei', roles: ['service'] }),
    [`staff/contacts/${NO}`]: ok(REPLIED),
    [`staff/contacts/${NO}/move`]: () =>
      new Promise<StaffAnswer>((resolve) => {
        answer = resolve;
      }),
  });
  return { app, answer: (value: StaffAnswer) => answer(value) };
}

const moves = () => within(screen.getByRole('region', { name: '可執行的處理' }));

describe('a message’s moves', () => {
  it('opens without taking the focus; the status line is no Tab stop', async () => {
    openHeld();
    const status = await screen.findByText(`案件編號 ${NO}，狀態：已回覆，處理人員：mei`);
    expect(status).not.toHaveFocus();
    expect(status).toHaveAttribute('tabindex', '-1');
    await userEvent.setup().tab();
    expect(status).not.toHaveFocus();
  });

  it('while one move is sent, it says so and the others wait; then each is offered again', async () => {
    const { app, answer } = openHeld();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '結案' }));
    const close = moves().getByRole('button', { name: '結案' });
    const reopen = moves().getByRole('button', { name: '重新處理' });
    expect(close).toHaveAttribute('aria-disabled', 'true');
    expect(close).toBeEnabled();
    expect(reopen).toBeDisabled();
    await user.click(close);
    expect(app.calls.filter((c) => c.path.endsWith('/move'))).toHaveLength(1);

    answer(ok(CLOSED));
    await screen.findByText('已結案');
    const after = moves().getByRole('button', { name: '重新處理' });
    expect(after).toBeEnabled();
    expect(after).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText(`案件編號 ${NO}，狀態：已結案，處理人員：mei`)).toHaveFocus();
  });

  it('offers the moves again after a refusal', async () => {
    const { answer } = openHeld();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '重新處理' }));
    expect(moves().getByRole('button', { name: '結案' })).toBeDisabled();
    answer({ returnCode: 1, data: null, msg: '此訊息目前為「已結案」，無法執行此動作' });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '未完成：此訊息目前為「已結案」，無法執行此動作',
    );
    expect(moves().getByRole('button', { name: '結案' })).toBeEnabled();
    expect(moves().getByRole('button', { name: '重新處理' })).not.toHaveAttribute('aria-disabled');
  });
});
