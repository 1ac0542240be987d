import { randomUUID } from 'node:crypto';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../../machine-paths/contact/samples';
import type { OutboxEntry, OutboxPage } from '../../../src/domain/api/outbox';
import { CSRF_HEADER } from '../../../src/domain/envelope';
import { deliveryWorker } from '../../../src/server/mail/delivery-worker';
import { type MailSender, smtpSender } from '../../../src/server/mail/mail-sender';
import { CartVisitor } from '../../support/cart-visitor';
import { createTestApp, type TestApp } from '../../support/server';
import { applyForBasic } from '../../support/shopcart';
import { APPLICANT, validApplicant } from '../../support/shopcart-input';
import { type SmtpInbox, startSmtpInbox } from '../../support/smtp-inbox';
import { answeredBy, ok, renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';
import { signedInStaff } from '../../support/staff-visitor';

/*
 * 寄件匣 in jsdom (issue 36; docs/specification.md §6, §7): every e-mail newest first with its state as
 * staff read it (待寄送, 寄送中, 已寄出, 寄送失敗), the count in each state as links kept in the address, pages
 * of 20; one e-mail (`?id=`) with its delivery and its two parts as sent, the HTML in a frame that runs no
 * script; 重新寄送 for a failed one only. First against a fake server, then against the real one, with
 * e-mails the site wrote and a real mail server refusing an address.
 */

const SERVICE = { name: 'mei', roles: ['service'] };
const UNDERWRITER = { name: 'under.one', roles: ['underwriter'] };

const FAILED: OutboxEntry = {
  id: 12,
  kind: 'application.received',
  state: 'failed',
  recipient: 'hr@example.com.tw',
  recipientName: '陳美玲',
  subject: '【晴川人壽團體保險】申請受理通知（受理編號 GI115112700001）',
  text: '陳美玲 您好：\n\n受理編號：GI115112700001\n要保單位：晴空軟體股份有限公司\n',
  html: '<!doctype html>\n<html lang="zh-Hant-TW"><body><p>陳美玲 您好：</p><table><tr><th align="left">受理編號</th><td>GI115112700001</td></tr></table></body></html>\n',
  messageId: '6f1c2a7e-2b1d-4f3e-9a55-0c1d2e3f4a5b',
  attempts: 1,
  nextAttemptAt: '2026-11-27T02:00:00.000Z',
  lastError: '550 5.1.1 <hr@example.com.tw>: Recipient address rejected',
  createdAt: '2026-11-27T02:00:00.000Z',
  sentAt: null,
  applicationNo: 'GI115112700001',
  contactNo: null,
};
const WAITING: OutboxEntry = {
  ...FAILED,
  id: 14,
  kind: 'contact.received',
  state: 'waiting',
  recipient: 'lin@example.com.tw',
  recipientName: '林志明',
  subject: '【晴川人壽團體保險】已收到您的留言（案件編號 CT115112700002）',
  attempts: 0,
  nextAttemptAt: '2026-11-27T03:00:00.000Z',
  lastError: null,
  createdAt: '2026-11-27T03:00:00.000Z',
  applicationNo: null,
  contactNo: 'CT115112700002',
};
const SENT: OutboxEntry = {
  ...FAILED,
  id: 13,
  state: 'sent',
  attempts: 1,
  lastError: null,
  createdAt: '2026-11-27T02:30:00.000Z',
  sentAt: '2026-11-27T02:30:05.000Z',
};

const PAGE: OutboxPage = {
  entries: [WAITING, SENT, FAILED],
  total: 3,
  counts: { waiting: 1, sending: 0, sent: 1, failed: 1 },
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

type Answers = Record<string, StaffAnswer | ((call: StaffCall) => StaffAnswer | Promise<StaffAnswer>)>;

function openOutbox(path: string, answers: Answers = {}, staff: object = SERVICE) {
  return renderStaff(path, {
    'staff/me': ok(staff),
    'staff/outbox': ok(PAGE),
    'staff/outbox/12': ok(FAILED),
    'staff/outbox/13': ok(SENT),
    'staff/outbox/14': ok(WAITING),
    ...answers,
  });
}

/** The terms and values of a region, 「term：value」 each. */
const pairs = (region: HTMLElement) => {
  const terms = within(region).getAllByRole('term');
  const values = within(region).getAllByRole('definition');
  return terms.map((term, i) => `${term.textContent}：${values[i]?.textContent}`);
};

const stateShown = () => screen.getByTestId('outbox-state');

describe('寄件匣’s list', () => {
  it('lists each e-mail newest first: its number, state word, recipient, subject, time, tries and delivery', async () => {
    openOutbox('/groupins/staff/outbox');
    const table = await screen.findByRole('table', { name: '郵件列表' });
    expect(screen.getByRole('heading', { level: 1, name: '寄件匣' })).toBeInTheDocument();
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['郵件編號', '狀態', '收件人', '主旨', '建立時間', '寄送次數', '寄送情形']);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `14待寄送林志明（lin@example.com.tw）${WAITING.subject}2026-11-27 11:00:000 次下次寄送 2026-11-27 11:00:00`,
      `13已寄出陳美玲（hr@example.com.tw）${SENT.subject}2026-11-27 10:30:001 次寄出時間 2026-11-27 10:30:05`,
      `12寄送失敗陳美玲（hr@example.com.tw）${FAILED.subject}2026-11-27 10:00:001 次郵件伺服器回應：550 5.1.1 <hr@example.com.tw>: Recipient address rejected`,
    ]);
    expect(within(rows[2]!).getByRole('rowheader')).toHaveTextContent('12');
    expect(within(table).getByRole('link', { name: '12' })).toHaveAttribute(
      'href',
      '/groupins/staff/outbox?id=12',
    );
    expect(screen.getByText('依建立時間由新至舊排列。')).toBeInTheDocument();
    expect(screen.getByTestId('outbox-count')).toHaveTextContent('共 3 筆，第 1 / 1 頁');
  });

  it('says plainly that without a mail server the e-mails stay 待寄送 here', async () => {
    openOutbox('/groupins/staff/outbox');
    await screen.findByRole('table', { name: '郵件列表' });
    expect(
      screen.getByText(/未設定郵件伺服器時不會寄出任何郵件，郵件會保留在這裡並顯示為「待寄送」/),
    ).toBeVisible();
  });

  it('shows the count in each state as links; one keeps the filter in the address and sends it', async () => {
    const app = openOutbox('/groupins/staff/outbox', {
      'staff/outbox': (call) =>
        ok(
          call.query.get('state') === 'failed'
            ? { ...PAGE, entries: [FAILED], total: 1 }
            : { ...PAGE, counts: { waiting: 5, sending: 1, sent: 30, failed: 2 }, total: 38 },
        ),
    });
    await screen.findByRole('table', { name: '郵件列表' });
    const counts = screen.getByRole('region', { name: '各狀態件數' });
    expect(
      within(counts)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['全部 38 件', '待寄送 5 件', '寄送中 1 件', '已寄出 30 件', '寄送失敗 2 件']);
    expect(within(counts).getByRole('link', { name: '全部 38 件' })).toHaveAttribute('aria-current', 'true');

    await userEvent.setup().click(within(counts).getByRole('link', { name: '寄送失敗 2 件' }));
    await waitFor(() => expect(app.location()).toBe('/groupins/staff/outbox?state=failed'));
    await waitFor(() => expect(app.calls.at(-1)!.query.toString()).toBe('state=failed&page=1'));
    const table = await screen.findByRole('table', { name: '郵件列表' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getByRole('link', { name: '12' })).toHaveAttribute(
      'href',
      '/groupins/staff/outbox?state=failed&id=12',
    );
  });

  it('reads the state asked in the address, and says when no e-mail is in it', async () => {
    const app = openOutbox('/groupins/staff/outbox?state=sending', {
      'staff/outbox': ok({ ...PAGE, entries: [], total: 0 }),
    });
    expect(await screen.findByText('沒有符合條件的郵件。')).toBeInTheDocument();
    expect(app.calls.find((c) => c.path === 'staff/outbox')!.query.toString()).toBe('state=sending&page=1');
    expect(screen.getByRole('link', { name: '寄送中 0 件' })).toHaveAttribute('aria-current', 'true');
    expect(screen.queryByRole('table', { name: '郵件列表' })).not.toBeInTheDocument();
  });

  it('pages through the list 20 at a time, the page in the address beside the filter', async () => {
    const many = Array.from({ length: 20 }, (_, i) => ({ ...FAILED, id: 100 - i }));
    const app = openOutbox('/groupins/staff/outbox?state=failed', {
      'staff/outbox': ok({ entries: many, total: 45, counts: { ...PAGE.counts, failed: 45 } }),
    });
    await screen.findByRole('table', { name: '郵件列表' });
    expect(screen.getByTestId('outbox-count')).toHaveTextContent('共 45 筆，第 1 / 3 頁');
    await userEvent.setup().click(screen.getByRole('button', { name: '下一頁' }));
    await waitFor(() => expect(app.location()).toBe('/groupins/staff/outbox?state=failed&page=2'));
    await waitFor(() =>
      expect(screen.getByTestId('outbox-count')).toHaveTextContent('共 45 筆，第 2 / 3 頁'),
    );
    expect(app.calls.at(-1)!.query.toString()).toBe('state=failed&page=2');
    // a message opened from page 2 leads back to page 2 of the same state
    expect(screen.getByRole('link', { name: '100' })).toHaveAttribute(
      'href',
      '/groupins/staff/outbox?state=failed&page=2&id=100',
    );
  });

  it('is refused to a person without the service or underwriter role, with no call to 寄件匣', async () => {
    for (const roles of [['admin'], ['analyst', 'admin']]) {
      const app = openOutbox('/groupins/staff/outbox', {}, { name: 'admin.one', roles });
      expect(await screen.findByRole('alert')).toHaveTextContent('您沒有使用此功能的權限');
      expect(screen.getByRole('heading', { level: 1, name: '寄件匣' })).toBeVisible();
      expect(app.calls.map((call) => call.path)).toEqual(['staff/me']);
      app.unmount();
    }
  });

  it('is the underwriters’ too', async () => {
    openOutbox('/groupins/staff/outbox', {}, UNDERWRITER);
    expect(await screen.findByRole('table', { name: '郵件列表' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: '員工作業' });
    expect(within(nav).getByRole('link', { name: '寄件匣' })).toHaveAttribute('aria-current', 'page');
  });
});

describe('one e-mail of 寄件匣', () => {
  it('opens from the list with the focus on its heading, and goes back to the same list', async () => {
    const app = openOutbox('/groupins/staff/outbox?state=failed&page=2');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: '12' }));
    await waitFor(() => expect(app.location()).toBe('/groupins/staff/outbox?state=failed&page=2&id=12'));
    const heading = await screen.findByRole('heading', { level: 2, name: '郵件 12' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByTestId('outbox-state')).toHaveTextContent(/^寄送失敗$/);

    const back = screen.getByRole('link', { name: '回到郵件列表' });
    expect(back).toHaveAttribute('href', '/groupins/staff/outbox?state=failed&page=2');
    await user.click(back);
    await waitFor(() => expect(app.location()).toBe('/groupins/staff/outbox?state=failed&page=2'));
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: '寄件匣' })).toHaveFocus());
  });

  it('opened at its address, leaves the focus alone; the state line is no Tab stop', async () => {
    openOutbox('/groupins/staff/outbox?id=12');
    const state = await screen.findByTestId('outbox-state');
    expect(document.body).toHaveFocus();
    expect(state.closest('p')).not.toHaveAttribute('tabindex');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(screen.getByRole('status')).not.toHaveAttribute('tabindex');
  });

  it('shows whom it is for, what it is about and how its delivery stands', async () => {
    openOutbox('/groupins/staff/outbox?id=12');
    const delivery = await screen.findByRole('region', { name: '寄送情形' });
    expect(screen.getByText('郵件 12，狀態：')).toContainElement(stateShown());
    expect(stateShown()).toHaveTextContent(/^寄送失敗$/);
    expect(pairs(delivery)).toEqual([
      '郵件類別：申請受理通知',
      '收件人：陳美玲（hr@example.com.tw）',
      `主旨：${FAILED.subject}`,
      `Message-ID：${FAILED.messageId}`,
      '寄送次數：1 次',
      '建立時間：2026-11-27 10:00:00',
      '郵件伺服器回應：550 5.1.1 <hr@example.com.tw>: Recipient address rejected',
      '受理編號：GI115112700001',
    ]);
    // a service person may open the case
    expect(within(delivery).getByRole('link', { name: 'GI115112700001' })).toHaveAttribute(
      'href',
      '/groupins/staff/case?no=GI115112700001',
    );
  });

  it('says when a waiting one goes next, when a sent one went, and links a message only for whom may open it', async () => {
    const first = openOutbox('/groupins/staff/outbox?id=14', {}, UNDERWRITER);
    const waiting = await screen.findByRole('region', { name: '寄送情形' });
    expect(stateShown()).toHaveTextContent(/^待寄送$/);
    expect(pairs(waiting)).toContain('下次寄送：2026-11-27 11:00:00');
    expect(pairs(waiting)).toContain('案件編號：CT115112700002');
    expect(pairs(waiting).some((pair) => pair.startsWith('郵件伺服器回應'))).toBe(false);
    // an underwriter has no contact inbox: the 案件編號 is no link
    expect(within(waiting).queryByRole('link', { name: 'CT115112700002' })).not.toBeInTheDocument();
    first.unmount();
    vi.unstubAllGlobals();

    openOutbox('/groupins/staff/outbox?id=13', {}, SERVICE);
    const sent = await screen.findByRole('region', { name: '寄送情形' });
    expect(stateShown()).toHaveTextContent(/^已寄出$/);
    expect(pairs(sent)).toContain('寄出時間：2026-11-27 10:30:05');
    expect(pairs(sent).some((pair) => pair.startsWith('下次寄送'))).toBe(false);
  });

  it('shows the message as sent: the text as text, the HTML in a frame that may run no script', async () => {
    const script = '<script>window.__outboxScriptRan = true</script>';
    const hostile: OutboxEntry = {
      ...FAILED,
      subject: `${script}申請受理通知`,
      recipientName: `${script}陳美玲`,
      text: `要保單位：${script}晴空軟體\n第二行`,
      html: `<!doctype html><html><body><p>要保單位</p>${script}<img src="x" onerror="window.__outboxScriptRan = true"></body></html>`,
    };
    openOutbox('/groupins/staff/outbox?id=12', { 'staff/outbox/12': ok(hostile) });
    const content = await screen.findByRole('region', { name: '郵件內容' });
    const text = content.querySelector('pre')!;
    expect(text.textContent).toBe(hostile.text);
    const frame = within(content).getByTitle('郵件 12 的 HTML 內容');
    expect(frame.tagName).toBe('IFRAME');
    // sandbox with nothing allowed: no script, no same origin, no forms, no pop-ups
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toBe(hostile.html);
    expect(frame).not.toHaveAttribute('src');
    // the subject and the name stay text: the page holds no script of theirs
    expect(screen.getByRole('region', { name: '寄送情形' })).toHaveTextContent(`主旨${script}申請受理通知`);
    expect(document.querySelector('main script, main img')).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect((window as { __outboxScriptRan?: boolean }).__outboxScriptRan).toBeUndefined();
  });

  it('offers 重新寄送 for a failed e-mail only; 重新整理 always', async () => {
    for (const entry of [WAITING, SENT, { ...SENT, id: 15, state: 'sending' as const }, FAILED]) {
      const view = openOutbox(`/groupins/staff/outbox?id=${entry.id}`, {
        [`staff/outbox/${entry.id}`]: ok(entry),
      });
      await screen.findByTestId('outbox-state');
      expect(screen.getByRole('button', { name: '重新整理' })).toBeInTheDocument();
      expect(screen.queryAllByRole('button', { name: '重新寄送' })).toHaveLength(
        entry.state === 'failed' ? 1 : 0,
      );
      view.unmount();
      vi.unstubAllGlobals();
    }
  });

  it('sends it again: busy until answered, then 已重新排入寄送, the state read again and 重新整理 focused', async () => {
    document.cookie = 'XSRF-TOKEN=token-of-this-page; path=/';
    let answer: (value: StaffAnswer) => void = () => undefined;
    let resent = false;
    const app = openOutbox('/groupins/staff/outbox?id=12', {
      'staff/outbox/12': () =>
        ok(resent ? { ...FAILED, state: 'waiting', attempts: 0, lastError: null } : FAILED),
      'staff/outbox/12/resend': () =>
        new Promise<StaffAnswer>((resolve) => {
          answer = (value) => {
            resent = true;
            resolve(value);
          };
        }),
    });
    const user = userEvent.setup();
    const resend = await screen.findByRole('button', { name: '重新寄送' });
    expect(resend).toHaveAccessibleDescription(
      '重新寄送會將此郵件再次排入寄送，寄送次數重新計算，並記錄於稽核紀錄。',
    );
    await user.click(resend);
    expect(resend).toHaveAttribute('aria-disabled', 'true');
    expect(resend).toHaveFocus();
    expect(screen.getByRole('button', { name: '重新整理' })).toBeDisabled();
    await user.click(resend);
    const sent = app.calls.filter((c) => c.path === 'staff/outbox/12/resend');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.method).toBe('POST');
    expect(sent[0]!.headers.get(CSRF_HEADER)).toBe('token-of-this-page');

    answer(ok({ id: 12 }));
    // the status line is there (empty) before the answer: wait for its words, not for it
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(/^已重新排入寄送$/));
    await waitFor(() => expect(stateShown()).toHaveTextContent(/^待寄送$/));
    expect(screen.queryByRole('button', { name: '重新寄送' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: '重新整理' })).toHaveFocus());
    expect(pairs(screen.getByRole('region', { name: '寄送情形' }))).toContain('寄送次數：0 次');
    document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
  });

  it('shows a refusal of 重新寄送 in Chinese, and the e-mail as it is now', async () => {
    let reads = 0;
    openOutbox('/groupins/staff/outbox?id=12', {
      'staff/outbox/12': () =>
        ++reads === 1 ? ok(FAILED) : ok({ ...FAILED, state: 'waiting', attempts: 0 }),
      'staff/outbox/12/resend': {
        returnCode: 1,
        data: null,
        msg: '此郵件目前為「待寄送」，僅寄送失敗的郵件可重新寄送',
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '重新寄送' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '未完成：此郵件目前為「待寄送」，僅寄送失敗的郵件可重新寄送',
    );
    await waitFor(() => expect(stateShown()).toHaveTextContent(/^待寄送$/));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    await waitFor(() => expect(screen.getByRole('button', { name: '重新整理' })).toHaveFocus());
  });

  it('keeps 重新寄送 and its focus when the server cannot be reached', async () => {
    openOutbox('/groupins/staff/outbox?id=12', {
      'staff/outbox/12/resend': { returnCode: 503, data: null, msg: '系統忙碌中，請稍後再試', status: 503 },
    });
    const resend = await screen.findByRole('button', { name: '重新寄送' });
    await userEvent.setup().click(resend);
    expect(await screen.findByRole('alert')).toHaveTextContent('未完成：系統忙碌中，請稍後再試');
    expect(resend).toHaveFocus();
    expect(resend).not.toHaveAttribute('aria-disabled');
    expect(stateShown()).toHaveTextContent(/^寄送失敗$/);
  });

  it('reads it again with 重新整理, as the worker moves it on', async () => {
    let reads = 0;
    openOutbox('/groupins/staff/outbox?id=14', {
      'staff/outbox/14': () =>
        ++reads === 1 ? ok(WAITING) : ok({ ...WAITING, state: 'sent', sentAt: SENT.sentAt }),
    });
    await screen.findByTestId('outbox-state');
    const refresh = screen.getByRole('button', { name: '重新整理' });
    await userEvent.setup().click(refresh);
    expect(await screen.findByText('已重新讀取，目前為「已寄出」')).toBeInTheDocument();
    expect(stateShown()).toHaveTextContent(/^已寄出$/);
    expect(refresh).toHaveFocus();
    expect(reads).toBe(2);
  });

  it('says 查無此郵件 for an id no e-mail has, with nothing to try again', async () => {
    openOutbox('/groupins/staff/outbox?id=99', {
      'staff/outbox/99': { returnCode: 404, data: null, msg: '查無此郵件', status: 404 },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('查無此郵件');
    expect(screen.queryByRole('button', { name: '再試一次' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: '回到郵件列表' })).toHaveAttribute(
      'href',
      '/groupins/staff/outbox',
    );
  });

  it('is refused to a person without the service or underwriter role, reading nothing', async () => {
    const app = openOutbox('/groupins/staff/outbox?id=12', {}, { name: 'analyst.one', roles: ['analyst'] });
    expect(await screen.findByRole('alert')).toHaveTextContent('您沒有使用此功能的權限');
    expect(app.calls.map((call) => call.path)).toEqual(['staff/me']);
  });
});

describe('寄件匣 against the server: e-mails as the site writes them, a real mail server refusing one', () => {
  const REFUSED = 'nobody@refusing.example.tw';
  const FROM = { address: 'no-reply@insure.example.com.tw', name: '晴川人壽團體保險' };
  let t: TestApp;
  let mail: SmtpInbox;
  let sender: MailSender;

  beforeAll(async () => {
    t = await createTestApp();
    mail = await startSmtpInbox({ refuse: (address) => address === REFUSED });
    sender = smtpSender(mail.url, FROM);
  }, 60_000);
  afterAll(async () => {
    sender.close();
    await mail.stop();
    await t.close();
  });

  /** A contact message sent through contact/submit, which writes its 已收到您的留言 in the same transaction. */
  async function contactFrom(message: Partial<typeof SAMPLE_CONTACT_MESSAGE>) {
    const visitor = await CartVisitor.arrive(t);
    const answer = await visitor.api('contact/submit', {
      requestId: randomUUID(),
      message: { ...SAMPLE_CONTACT_MESSAGE, ...message },
      captcha: await visitor.captcha(),
    });
    expect(answer.json().returnCode).toBe(0);
    const contactNo: string = answer.json().data.contactNo;
    const { id } = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('contact_no', '=', contactNo)
      .executeTakeFirstOrThrow();
    return { contactNo, id };
  }

  /**
   * An application sent through the shopcart, which writes its 申請受理通知 in the same transaction: the
   * applicant's own company name is in it (a contact message's acknowledgement carries nothing typed).
   */
  async function applicationFrom(applicant: Partial<typeof APPLICANT>) {
    const { applicationNo } = await applyForBasic(t, undefined, {
      applicant: { ...validApplicant(), ...applicant },
    });
    const { id } = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('application_no', '=', applicationNo)
      .executeTakeFirstOrThrow();
    return { applicationNo, id };
  }

  const deliver = () => deliveryWorker({ db: t.db, sender, log: t.app.log }).runOnce();

  it('lists a refused e-mail as 寄送失敗 with the answer, shows it as sent and sends it again', async () => {
    const company = '<script>window.__outboxScriptRan = true</script>晴空軟體';
    const refused = await applicationFrom({ email: REFUSED, companyName: company });
    const delivered = await contactFrom({});
    expect(await deliver()).toBe(2);
    expect(mail.received.map((m) => m.envelopeTo)).toEqual([[SAMPLE_CONTACT_MESSAGE.email]]);

    // both areas' e-mails, the application's and the contact message's (issue 45: each role sees its own)
    const service = await signedInStaff(t, ['service', 'underwriter'], 'outbox.screen');
    const server = answeredBy(service.visitor);
    const app = renderStaff('/groupins/staff/outbox', {
      'staff/me': server,
      'staff/outbox': server,
      [`staff/outbox/${refused.id}`]: server,
      [`staff/outbox/${refused.id}/resend`]: server,
    });
    const table = await screen.findByRole('table', { name: '郵件列表' });
    const rowOf = (id: number) =>
      within(table)
        .getAllByRole('row')
        .find((row) => within(row).queryByRole('rowheader')?.textContent === String(id))!;
    expect(within(rowOf(delivered.id)).getAllByRole('cell')[0]).toHaveTextContent(/^已寄出$/);
    expect(rowOf(delivered.id)).toHaveTextContent('寄出時間');
    const failedRow = rowOf(refused.id);
    expect(within(failedRow).getAllByRole('cell')[0]).toHaveTextContent(/^寄送失敗$/);
    expect(failedRow).toHaveTextContent(`${APPLICANT.contactName}（${REFUSED}）`);
    expect(failedRow).toHaveTextContent(refused.applicationNo);
    expect(failedRow).toHaveTextContent(/郵件伺服器回應：550 .*Recipient address rejected/);
    expect(screen.getByRole('link', { name: '寄送失敗 1 件' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '已寄出 1 件' })).toBeInTheDocument();

    const user = userEvent.setup();
    await user.click(within(failedRow).getByRole('link', { name: String(refused.id) }));
    await waitFor(() => expect(app.location()).toBe(`/groupins/staff/outbox?id=${refused.id}`));
    const heading = await screen.findByRole('heading', { level: 2, name: `郵件 ${refused.id}` });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(await screen.findByTestId('outbox-state')).toHaveTextContent(/^寄送失敗$/);
    const delivery = screen.getByRole('region', { name: '寄送情形' });
    expect(pairs(delivery)).toContain('寄送次數：1 次');
    expect(pairs(delivery).find((pair) => pair.startsWith('郵件伺服器回應：'))).toMatch(
      /^郵件伺服器回應：550 .*Recipient address rejected/,
    );
    expect(within(delivery).getByRole('link', { name: refused.applicationNo })).toHaveAttribute(
      'href',
      `/groupins/staff/case?no=${refused.applicationNo}`,
    );
    // the applicant's company's <script> is text in both parts: escaped in the HTML, never run on the page
    const content = screen.getByRole('region', { name: '郵件內容' });
    expect(content.querySelector('pre')!.textContent).toContain(company);
    const frame = within(content).getByTitle(`郵件 ${refused.id} 的 HTML 內容`);
    expect(frame.getAttribute('sandbox')).toBe('');
    expect(frame.getAttribute('srcdoc')).toContain(
      '&lt;script&gt;window.__outboxScriptRan = true&lt;/script&gt;晴空軟體',
    );
    expect(frame.getAttribute('srcdoc')).not.toContain('<script');
    expect(document.querySelector('main script')).toBeNull();

    await user.click(screen.getByRole('button', { name: '重新寄送' }));
    expect(await screen.findByText('已重新排入寄送')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('outbox-state')).toHaveTextContent(/^待寄送$/));
    await waitFor(() => expect(screen.getByRole('button', { name: '重新整理' })).toHaveFocus());
    expect(pairs(screen.getByRole('region', { name: '寄送情形' }))).toContain('寄送次數：0 次');
    const row = await t.db
      .selectFrom('outbox')
      .select(['state', 'attempts'])
      .where('id', '=', refused.id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ state: 'waiting', attempts: 0 });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'application_no'])
      .where('action', '=', 'outbox.resend')
      .execute();
    expect(audit).toEqual([
      { actor: service.name, action: 'outbox.resend', application_no: refused.applicationNo },
    ]);

    // the worker tries it again and the mail server refuses it again: 重新整理 shows it
    expect(await deliver()).toBe(1);
    await user.click(screen.getByRole('button', { name: '重新整理' }));
    expect(await screen.findByText('已重新讀取，目前為「寄送失敗」')).toBeInTheDocument();
    expect(screen.getByTestId('outbox-state')).toHaveTextContent(/^寄送失敗$/);
    expect(screen.getByRole('button', { name: '重新寄送' })).toBeInTheDocument();
    expect((window as { __outboxScriptRan?: boolean }).__outboxScriptRan).toBeUndefined();
  }, 60_000);
});
