import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ContactCase, ContactInboxPage } from '../../../src/domain/api/contact-inbox';
import { INBOX_ROW } from '../../support/contact-inbox-views';
import { FORBIDDEN, ok, renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';

/*
 * 聯絡訊息 in jsdom against a fake server (issue 35): the inbox lists the messages with their status, topic,
 * sender, received time and assignee, a quote request marked 報價需求 with its cover and head count; the filters are
 * the address's query. One message shows what the sender wrote and the cover that was priced, offers the
 * moves the server says the machine takes as buttons, keeps internal notes (labelled as never seen by the
 * sender) and a reply (said plainly not to be e-mailed yet), and on 「此訊息已由他人更新」 reads it again.
 */

const NO = 'CT115112700001';
const SERVICE = { name: 'mei', roles: ['service'] };

// a quote request from the tryout
const ROW = { ...INBOX_ROW, contactNo: NO, topic: 'quote', quoteHeadcount: 80, quoteTitle: '基本型' };

const PAGE: ContactInboxPage = {
  messages: [
    ROW,
    {
      ...ROW,
      contactNo: 'CT115112700002',
      status: 'handling',
      assignee: 'hao',
      version: 1,
      topic: 'claim',
      quoteHeadcount: null,
      quoteTitle: null,
      name: '林志明',
      companyName: '北辰工業有限公司',
    },
  ],
  total: 2,
  page: 1,
  pageSize: 20,
  counts: { new: 1, handling: 1, replied: 0, closed: 0 },
};

const MESSAGE: ContactCase = {
  message: {
    ...ROW,
    taxId: '12345675',
    mobile: '0912-345-678',
    phone: null,
    phoneExt: null,
    email: 'hr@example.com.tw',
    content: '我在保費試算中選擇了「基本型」，投保人數 80 人，\n想請專人提供報價。',
    quote: {
      cover: {
        SOURCE_CODE: 'PKG',
        RLAT_CODE: '0',
        CLASS_TITLE: '基本型',
        IS_SLRY_MLTPL: 'N',
        PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 }],
      },
      headcount: 80,
    },
    notes: [],
    replies: [],
  },
  history: [],
  actions: ['message.assign'],
};

const HANDLING: ContactCase = {
  ...MESSAGE,
  message: { ...MESSAGE.message, status: 'handling', assignee: 'mei', version: 1 },
  history: [
    {
      id: '9',
      at: '2026-11-27T03:00:00.000Z',
      actor: 'mei',
      action: 'contact.assign',
      applicationNo: null,
      contactNo: NO,
      targetStaff: null,
      detail: '→ 處理中',
    },
  ],
  actions: ['message.reply', 'message.close'],
};

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function openInbox(
  path: string,
  answers: Record<string, StaffAnswer | ((call: StaffCall) => StaffAnswer)> = {},
  staff: object = SERVICE,
) {
  return renderStaff(path, {
    'staff/me': ok(staff),
    'staff/contacts': ok(PAGE),
    [`staff/contacts/${NO}`]: ok(MESSAGE),
    ...answers,
  });
}

const openMessage = (answers: Record<string, StaffAnswer | ((call: StaffCall) => StaffAnswer)> = {}) =>
  openInbox(`/groupins/staff/contacts?no=${NO}`, answers);

describe('聯絡訊息', () => {
  it('lists the messages with status, topic, sender, time and assignee, a quote request marked', async () => {
    openInbox('/groupins/staff/contacts');
    const table = await screen.findByRole('table', { name: '訊息列表' });
    expect(screen.getByRole('heading', { level: 1, name: '聯絡訊息' })).toBeInTheDocument();
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      `${NO}新訊息投保規劃與報價 報價需求（基本型，80 人）晴空軟體股份有限公司／陳美玲2026-11-27 10:00:00115/12/01未指派`,
      'CT115112700002處理中理賠服務北辰工業有限公司／林志明2026-11-27 10:00:00115/12/01hao',
    ]);
    expect(within(table).getByRole('link', { name: NO })).toHaveAttribute(
      'href',
      `/groupins/staff/contacts?no=${NO}`,
    );
    expect(screen.getByRole('link', { name: '新訊息 1 件' })).toBeInTheDocument();
  });

  it('keeps the filters in the address and sends them to the server', async () => {
    const app = openInbox('/groupins/staff/contacts');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: '訊息列表' });
    await user.selectOptions(screen.getByLabelText('狀態'), '處理中');
    await user.selectOptions(screen.getByLabelText('報價需求'), '僅報價需求');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    await vi.waitFor(() =>
      expect(app.location()).toBe('/groupins/staff/contacts?status=handling&quoteOnly=true'),
    );
    await vi.waitFor(() =>
      expect(app.calls.at(-1)!.query.toString()).toBe('status=handling&quoteOnly=true&page=1'),
    );
  });

  it('names each column, says the order, and filters by assignee and received days', async () => {
    const app = openInbox('/groupins/staff/contacts');
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: '訊息列表' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['案件編號', '狀態', '洽詢主題', '公司／聯絡人', '收件時間', '回覆期限', '處理人員']);
    expect(screen.getByText('依收件時間由早至晚排列。')).toBeInTheDocument();
    expect(screen.getByLabelText('處理人員')).toHaveAccessibleDescription('處理人員的帳號');
    expect(within(screen.getByLabelText('狀態')).getByRole('option', { name: '全部' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('處理人員'), 'mei');
    await user.type(screen.getByLabelText('收件起日'), '2026-11-20');
    await user.type(screen.getByLabelText('收件迄日'), '2026-11-27');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    const query = 'assignee=mei&receivedFrom=2026-11-20&receivedTo=2026-11-27';
    await vi.waitFor(() => expect(app.location()).toBe(`/groupins/staff/contacts?${query}`));
    await vi.waitFor(() => expect(app.calls.at(-1)!.query.toString()).toBe(`${query}&page=1`));
  });

  it('says when no message matches, and a message leads back to the list', async () => {
    openInbox('/groupins/staff/contacts?status=closed', {
      'staff/contacts': ok({ ...PAGE, messages: [], total: 0 }),
    });
    expect(await screen.findByText('沒有符合條件的訊息。')).toBeInTheDocument();
    expect(screen.queryByRole('table', { name: '訊息列表' })).not.toBeInTheDocument();
    window.history.replaceState(null, '', '/');
    openMessage();
    const back = await screen.findByRole('link', { name: '回到訊息列表' });
    expect(back).toHaveAttribute('href', '/groupins/staff/contacts');
  });

  it('shows one message, the cover and head count priced, and takes it with 指派給我', async () => {
    const app = openMessage({ [`staff/contacts/${NO}/assign`]: ok(HANDLING) });
    await screen.findByText(`案件編號 ${NO}，狀態：新訊息，處理人員：未指派`);
    const quote = screen.getByRole('region', { name: '報價需求' });
    expect(quote).toHaveTextContent('基本型');
    expect(quote).toHaveTextContent('商品 GTL：保額 1,000,000 元');
    expect(quote).toHaveTextContent('80 人');
    expect(screen.getByRole('region', { name: '訊息內容' })).toHaveTextContent('hr@example.com.tw');
    // no reply before the message is taken
    expect(screen.queryByLabelText(/^回覆內容/)).not.toBeInTheDocument();
    const buttons = within(screen.getByRole('region', { name: '可執行的處理' })).getAllByRole('button');
    expect(buttons.map((button) => button.textContent)).toEqual(['指派給我']);

    await userEvent.setup().click(buttons[0]!);
    await screen.findByText('已指派給您，狀態改為「處理中」');
    expect(screen.getByText(`案件編號 ${NO}，狀態：處理中，處理人員：mei`)).toHaveFocus();
    expect(app.calls.find((c) => c.path.endsWith('/assign'))!.body).toEqual({ version: 0 });
    expect(
      within(screen.getByRole('region', { name: '可執行的處理' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['結案']);
    expect(screen.getByRole('table', { name: '處理紀錄' })).toHaveTextContent('mei指派聯絡訊息→ 處理中');
  });

  it('shows each detail the sender gave under its label, and what is still empty', async () => {
    openMessage({
      [`staff/contacts/${NO}`]: ok({
        ...MESSAGE,
        message: { ...MESSAGE.message, phone: '02-2345-6789', phoneExt: '123', mobile: null, taxId: null },
      }),
    });
    const details = await screen.findByRole('region', { name: '訊息內容' });
    const pairs = (region: HTMLElement) => {
      const terms = within(region).getAllByRole('term');
      const values = within(region).getAllByRole('definition');
      return terms.map((term, i) => `${term.textContent}：${values[i]?.textContent}`);
    };
    expect(pairs(details)).toEqual([
      '公司名稱：晴空軟體股份有限公司',
      '統一編號：—',
      '聯絡人：陳美玲',
      '手機：—',
      '市話：02-2345-6789 分機 123',
      '電子郵件：hr@example.com.tw',
      '洽詢主題：投保規劃與報價',
      '收件時間：2026-11-27 10:00:00',
      '回覆期限：115/12/01',
      `內容：${MESSAGE.message.content}`,
    ]);
    expect(pairs(screen.getByRole('region', { name: '報價需求' }))).toEqual([
      '來源：保費試算的「請洽專人報價」，以下為試算時的保障與人數',
      '試算保障：基本型商品 GTL：保額 1,000,000 元',
      '投保人數：80 人',
    ]);
    expect(screen.getByRole('region', { name: '可執行的處理' })).toHaveTextContent(
      '每次處理都會記錄於處理紀錄與稽核紀錄。',
    );
    expect(screen.getByRole('region', { name: '內部備註' })).toHaveTextContent('尚無內部備註。');
    const reply = screen.getByRole('region', { name: '回覆' });
    expect(reply).toHaveTextContent('尚無回覆。');
    expect(reply).toHaveTextContent('指派給自己（處理中）後才能回覆。');
    expect(reply).toHaveTextContent(
      '回覆會保存於此訊息，並以電子郵件寄給寄件人；寄送情形可在「寄件匣」查看。',
    );
    expect(screen.getByRole('region', { name: '處理紀錄' })).toHaveTextContent('尚無處理紀錄。');
  });

  it('says which lines of a quote were priced on the salary, which on a face amount', async () => {
    // a salary-multiple line carries FACE_AMT 1 (docs/specification.md §3); the cover says Y when any line is
    const cover = MESSAGE.message.quote!.cover;
    const line = cover.PROD_LIST[0]!;
    openMessage({
      [`staff/contacts/${NO}`]: ok({
        ...MESSAGE,
        message: {
          ...MESSAGE.message,
          quote: {
            headcount: 80,
            cover: {
              ...cover,
              IS_SLRY_MLTPL: 'Y',
              PROD_LIST: [
                { ...line, FACE_AMT: 1 },
                { ...line, PROD_ID: 'GAD', ORDER_SEQ: 2, FACE_AMT: 500_000 },
              ],
            },
          },
        },
      }),
    });
    const quote = await screen.findByRole('region', { name: '報價需求' });
    expect(
      within(quote)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['商品 GTL：依月薪倍數', '商品 GAD：保額 500,000 元']);
  });

  it('takes a replied message back to 處理中 with 重新處理', async () => {
    const REPLIED: ContactCase = {
      ...HANDLING,
      message: { ...HANDLING.message, status: 'replied', version: 2 },
      actions: ['message.reopen', 'message.close'],
    };
    const app = openMessage({
      [`staff/contacts/${NO}`]: ok(REPLIED),
      [`staff/contacts/${NO}/move`]: ok({ ...HANDLING, message: { ...HANDLING.message, version: 3 } }),
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '重新處理' }));
    await screen.findByText('已改回「處理中」');
    expect(screen.getByText(`案件編號 ${NO}，狀態：處理中，處理人員：mei`)).toHaveFocus();
    expect(app.calls.find((c) => c.path.endsWith('/move'))!.body).toEqual({
      version: 2,
      move: 'message.reopen',
    });
  });

  it('adds an internal note, said never to reach the sender', async () => {
    const app = openMessage({
      [`staff/contacts/${NO}/note`]: (call) =>
        ok({
          ...MESSAGE,
          message: {
            ...MESSAGE.message,
            notes: [
              { author: 'mei', at: '2026-11-27T04:00:00.000Z', text: (call.body as { text: string }).text },
            ],
          },
        }),
    });
    const user = userEvent.setup();
    const notes = await screen.findByRole('region', { name: '內部備註' });
    expect(notes).toHaveTextContent('內部備註，寄件人不會看到。');
    await user.click(within(notes).getByRole('button', { name: '新增備註' }));
    expect(await within(notes).findByText('內部備註不可為空白')).toBeInTheDocument();
    expect(app.calls.some((c) => c.path.endsWith('/note'))).toBe(false);
    await user.type(within(notes).getByLabelText(/^新增內部備註/), '  已致電，下午再聯絡  ');
    await user.click(within(notes).getByRole('button', { name: '新增備註' }));
    await screen.findByText('已新增內部備註');
    expect(app.calls.find((c) => c.path.endsWith('/note'))!.body).toEqual({ text: '已致電，下午再聯絡' });
    expect(within(notes).getByRole('table', { name: '內部備註' })).toHaveTextContent('mei已致電，下午再聯絡');
    expect(within(notes).getByLabelText(/^新增內部備註/)).toHaveValue('');
  });

  it('keeps a reply and says plainly it is not e-mailed', async () => {
    const app = openMessage({
      [`staff/contacts/${NO}`]: ok(HANDLING),
      [`staff/contacts/${NO}/reply`]: ok({
        ...HANDLING,
        message: {
          ...HANDLING.message,
          status: 'replied',
          version: 2,
          replies: [{ author: 'mei', at: '2026-11-27T05:00:00.000Z', text: '報價單明日寄出。' }],
        },
        actions: ['message.reopen', 'message.close'],
      }),
    });
    const user = userEvent.setup();
    const reply = await screen.findByRole('region', { name: '回覆' });
    expect(reply).toHaveTextContent('以電子郵件寄給寄件人');
    await user.type(within(reply).getByLabelText(/^回覆內容/), '報價單明日寄出。');
    await user.click(within(reply).getByRole('button', { name: '保存回覆' }));
    await screen.findByText('回覆已保存，並已排入寄件匣，將以電子郵件寄給寄件人。');
    expect(app.calls.find((c) => c.path.endsWith('/reply'))!.body).toEqual({
      version: 1,
      text: '報價單明日寄出。',
    });
    expect(screen.getByText(`案件編號 ${NO}，狀態：已回覆，處理人員：mei`)).toHaveFocus();
    expect(within(reply).queryByLabelText(/^回覆內容/)).not.toBeInTheDocument();
    expect(
      within(screen.getByRole('region', { name: '可執行的處理' }))
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['結案', '重新處理']);
  });

  it('says when someone else changed the message first, and shows it as it is now', async () => {
    let reads = 0;
    const app = openMessage({
      [`staff/contacts/${NO}`]: () =>
        ++reads === 1 ? ok(MESSAGE) : ok({ ...HANDLING, message: { ...HANDLING.message, assignee: 'hao' } }),
      [`staff/contacts/${NO}/assign`]: {
        returnCode: 1,
        data: { status: 'handling', assignee: 'hao', version: 1 },
        msg: '此訊息已由他人更新',
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '指派給我' }));
    await screen.findByText('此訊息已由他人更新，目前為「處理中」；以下為最新內容，請確認後再處理。');
    expect(screen.getByText(`案件編號 ${NO}，狀態：處理中，處理人員：hao`)).toHaveFocus();
    expect(reads).toBe(2);
    expect(app.calls.filter((c) => c.path.endsWith('/assign'))).toHaveLength(1);
  });

  it('shows a refusal that is no change by another beside the actions', async () => {
    openMessage({
      [`staff/contacts/${NO}`]: ok(HANDLING),
      [`staff/contacts/${NO}/move`]: {
        returnCode: 1,
        data: null,
        msg: '此訊息目前為「已結案」，無法執行此動作',
      },
    });
    await userEvent.setup().click(await screen.findByRole('button', { name: '結案' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '未完成：此訊息目前為「已結案」，無法執行此動作',
    );
  });

  it('is refused to an underwriter, with no call to the inbox', async () => {
    const app = openInbox(
      '/groupins/staff/contacts',
      { 'staff/contacts': FORBIDDEN },
      { name: 'under.one', roles: ['underwriter'] },
    );
    expect(await screen.findByText('您沒有使用此功能的權限')).toBeInTheDocument();
    expect(app.calls.some((c) => c.path.startsWith('staff/contacts'))).toBe(false);
  });
});
