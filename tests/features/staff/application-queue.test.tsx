import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { CartVisitor } from '../../support/cart-visitor';
import { insertQueueApplications, type QueueApplication } from '../../support/queue-applications';
import { addStaff, createTestApp, type TestApp } from '../../support/server';
import { renderStaff, type StaffAnswer, type StaffCall } from '../../support/staff-app';

/*
 * 申請案件 in jsdom against the real server (issue 35: the queue paged on the server, the longest waiting
 * first, how long each has waited, counts per status, filters by status, dates, 投保人數 and industry, search
 * by 受理編號, 統一編號 or company name, a CSV export of the filtered list; for underwriters only).
 */

const PASSWORD = 'a long enough passphrase';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Ten minutes more than the whole hours a test names: a wait read a few seconds later still says the same. */
const MARGIN = 10 * 60_000;
const no = (n: number) => `GI11599010${String(n).padStart(4, '0')}`;

let t: TestApp;
let underwriter: CartVisitor;
let service: CartVisitor;
let now: number;
let applications: QueueApplication[];

/** A session of `roles` on the test server, signed in as `staff:add` and the sign-in page would. */
async function signedIn(name: string, roles: ('underwriter' | 'service')[]) {
  await addStaff(t.db, name, PASSWORD, roles);
  const visitor = await CartVisitor.arrive(t);
  expect((await visitor.api('staff/login', { name, password: PASSWORD })).json().returnCode).toBe(0);
  return visitor;
}

beforeAll(async () => {
  t = await createTestApp();
  now = Date.now();
  const ago = (ms: number) => new Date(now - ms);
  applications = [
    // 1 to 20 days ago, one a day
    ...Array.from({ length: 20 }, (_, i) => ({
      applicationNo: no(i + 1),
      createdAt: ago((20 - i) * DAY + MARGIN),
    })),
    {
      applicationNo: no(21),
      companyName: '山嵐物流有限公司',
      taxId: '12345675',
      industry: 'H',
      headcount: 40,
      createdAt: ago(30 * DAY + 5 * HOUR + MARGIN),
    },
    { applicationNo: no(22), status: '資料審核中', industry: 'H', createdAt: ago(29 * DAY + MARGIN) },
    // sent 40 days ago, asked for documents 2 days 3 hours ago: it has waited since then
    {
      applicationNo: no(23),
      status: '待補件',
      createdAt: ago(40 * DAY),
      waitingSince: ago(2 * DAY + 3 * HOUR + MARGIN),
    },
  ];
  await insertQueueApplications(t.db, applications);
  underwriter = await signedIn('queue.underwriter', ['underwriter']);
  service = await signedIn('queue.service', ['service']);
}, 60_000);
afterAll(() => t.close());

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** A call of the page, answered by the test server with `visitor`'s cookies. */
const asked =
  (visitor: CartVisitor) =>
  async (call: StaffCall): Promise<StaffAnswer> => {
    const query = call.query.toString();
    const response = await visitor.read(query ? `${call.path}?${query}` : call.path);
    return { ...response.json(), status: response.statusCode };
  };

function openQueue(path = '/groupins/staff/applications', visitor = underwriter) {
  return renderStaff(path, { 'staff/me': asked(visitor), 'staff/applications': asked(visitor) });
}

const table = () => screen.getByRole('table', { name: '案件列表' });
/** The 受理編號 of each row shown, in order. */
const shown = () =>
  within(table())
    .getAllByRole('rowheader')
    .map((cell) => cell.textContent);
const count = () => screen.getByTestId('queue-count');

/** An instant as the staff read it: Taipei's wall clock to the second. */
const taipei = (at: Date) =>
  new Intl.DateTimeFormat('sv-SE', {
    timeZone: 'Asia/Taipei',
    dateStyle: 'short',
    timeStyle: 'medium',
  }).format(at);

describe('申請案件', () => {
  it('shows an underwriter the applications, the longest waiting first, 20 a page, with how long each has waited', async () => {
    const app = openQueue();
    expect(await screen.findByRole('heading', { level: 1, name: '申請案件' })).toBeVisible();
    await waitFor(() => expect(count()).toHaveTextContent('共 23 筆，第 1 / 2 頁'));
    // 30 days 5 hours, 29 days, then one a day from 20 days; the 待補件 one waits from the request
    expect(shown()).toEqual([no(21), no(22), ...Array.from({ length: 18 }, (_, i) => no(i + 1))]);
    const first = within(table()).getAllByRole('row')[1]!;
    const cells = within(first)
      .getAllByRole('cell')
      .map((cell) => cell.textContent);
    expect(cells).toEqual([
      '山嵐物流有限公司',
      '12345675',
      '已受理',
      '40 人',
      '運輸及倉儲業',
      taipei(applications[20]!.createdAt),
      '30 天 5 小時',
    ]);
    // each cell is named by its column, for the phone's layout where the header row is hidden
    expect(within(first).getAllByRole('cell')[6]).toHaveAttribute('data-label', '已等候');
    expect(
      within(screen.getByRole('navigation', { name: '員工作業' }))
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['申請案件', '寄件匣', '案件查詢', '通知設定']);
    // each 受理編號 opens its case
    const links = within(table()).getAllByRole('link');
    expect(links).toHaveLength(20);
    for (const link of links)
      expect(link).toHaveAttribute('href', `/groupins/staff/case?no=${link.textContent}`);
    expect(app.calls.filter((c) => c.path === 'staff/applications').map((c) => c.query.toString())).toEqual([
      'page=1',
    ]);

    // the next page by keyboard: the button keeps its focus, and says so at the end
    const user = userEvent.setup();
    const next = screen.getByRole('button', { name: '下一頁' });
    next.focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(count()).toHaveTextContent('共 23 筆，第 2 / 2 頁'));
    expect(shown()).toEqual([no(23), no(19), no(20)]);
    const row = within(table()).getAllByRole('row')[1]!;
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent('待補件');
    expect(within(row).getAllByRole('cell')[6]).toHaveTextContent(/^2 天 3 小時$/);
    expect(app.location()).toBe('/groupins/staff/applications?page=2');
    // at the last page it is announced unavailable and does nothing, but is never disabled (jsdom would keep
    // the focus on a disabled button, a browser drops it)
    expect(next).toHaveFocus();
    expect(next).toHaveAttribute('aria-disabled', 'true');
    expect(next).toBeEnabled();
    await user.keyboard('{Enter}');
    expect(app.location()).toBe('/groupins/staff/applications?page=2');
    const previous = screen.getByRole('button', { name: '上一頁' });
    await user.click(previous);
    await waitFor(() => expect(count()).toHaveTextContent('第 1 / 2 頁'));
    expect(previous).toHaveFocus();
    expect(app.location()).toBe('/groupins/staff/applications');
  });

  it('filters by status from its count, keeping it in the address, and counts every status', async () => {
    const app = openQueue();
    const counts = await screen.findByRole('region', { name: '各狀態件數' });
    const link = (name: string) => within(counts).getByRole('link', { name });
    expect(link('全部 23 件')).toHaveAttribute('aria-current', 'true');
    expect(link('已受理 21 件')).toBeVisible();
    expect(link('資料審核中 1 件')).toBeVisible();
    expect(link('核保中 0 件')).toBeVisible();
    expect(link('待補件 1 件')).toHaveAttribute(
      'href',
      '/groupins/staff/applications?status=%E5%BE%85%E8%A3%9C%E4%BB%B6',
    );
    const user = userEvent.setup();
    await user.click(link('待補件 1 件'));
    await waitFor(() => expect(count()).toHaveTextContent('共 1 筆，第 1 / 1 頁'));
    expect(shown()).toEqual([no(23)]);
    expect(app.location()).toBe(`/groupins/staff/applications?status=${encodeURIComponent('待補件')}`);
    expect(link('待補件 1 件')).toHaveAttribute('aria-current', 'true');
    expect(screen.getByLabelText('案件狀態')).toHaveValue('待補件');
    // the counts are of the other filters: every status keeps its count
    expect(link('全部 23 件')).not.toHaveAttribute('aria-current');
    expect(screen.queryByRole('navigation', { name: '分頁' })).toBeNull();

    // Back shows the whole list again
    app.router.history.back();
    await waitFor(() => expect(count()).toHaveTextContent('共 23 筆，第 1 / 2 頁'));
    expect(screen.getByLabelText('案件狀態')).toHaveValue('');
  });

  it('filters by the form (status, 投保人數, industry) and searches by company name, and exports what it shows', async () => {
    const app = openQueue();
    await screen.findByRole('table', { name: '案件列表' });
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('行業類別'), '運輸及倉儲業');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    await waitFor(() => expect(shown()).toEqual([no(21), no(22)]));
    expect(app.location()).toBe('/groupins/staff/applications?industry=H');
    const counts = screen.getByRole('region', { name: '各狀態件數' });
    expect(within(counts).getByRole('link', { name: '資料審核中 1 件' })).toBeVisible();
    expect(within(counts).getByRole('link', { name: '待補件 0 件' })).toBeVisible();

    await user.selectOptions(screen.getByLabelText('案件狀態'), '已受理');
    await user.type(screen.getByLabelText('投保人數下限'), '30');
    await user.click(screen.getByRole('button', { name: '查詢' }));
    await waitFor(() => expect(shown()).toEqual([no(21)]));
    expect(app.location()).toBe(
      `/groupins/staff/applications?status=${encodeURIComponent('已受理')}&headcountMin=30&industry=H`,
    );

    await user.click(screen.getByRole('button', { name: '清除條件' }));
    await waitFor(() => expect(count()).toHaveTextContent('共 23 筆'));
    expect(app.location()).toBe('/groupins/staff/applications');
    await user.type(screen.getByRole('searchbox', { name: '搜尋' }), '  山嵐物流 ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shown()).toEqual([no(21)]));
    expect(app.location()).toBe(`/groupins/staff/applications?q=${encodeURIComponent('山嵐物流')}`);

    // the export: the same filters, from the API the page reads, as a file
    const exported = screen.getByRole('link', { name: '匯出 CSV' });
    expect(exported).toHaveAttribute('download');
    const href = exported.getAttribute('href')!;
    expect(href).toBe(`/ODGAWeb/api/staff/applications/export?q=${encodeURIComponent('山嵐物流')}`);
    const file = await t.app.inject({
      method: 'GET',
      url: href,
      headers: { cookie: underwriter.jar.header() },
    });
    expect(file.headers['content-type']).toMatch(/^text\/csv/);
    const lines = file.body.trim().split('\r\n');
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`${no(21)},已受理,山嵐物流有限公司,12345675`);
  });

  it('shows what to correct: the form’s message before asking, the server’s refusal of a period after', async () => {
    const app = openQueue();
    await screen.findByRole('table', { name: '案件列表' });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('投保人數下限'), '30');
    await user.type(screen.getByLabelText('投保人數上限'), '10');
    const search = screen.getByRole('button', { name: '查詢' });
    await user.click(search);
    expect(await screen.findByText('投保人數上限不可小於下限')).toBeVisible();
    expect(screen.getByLabelText('投保人數上限')).toHaveAttribute('aria-invalid', 'true');
    expect(app.calls.filter((c) => c.path === 'staff/applications')).toHaveLength(1);
    expect(app.location()).toBe('/groupins/staff/applications');

    await user.clear(screen.getByLabelText('投保人數下限'));
    await user.clear(screen.getByLabelText('投保人數上限'));
    await user.type(screen.getByLabelText('受理起日'), '2026-11-05');
    await user.type(screen.getByLabelText('受理迄日'), '2026-11-01');
    await user.click(search);
    expect(await screen.findByRole('alert')).toHaveTextContent('起日不可晚於迄日');
    // asking again would be refused again: the filters are what to change
    expect(screen.queryByRole('button', { name: '再試一次' })).toBeNull();
    expect(search).toHaveFocus();
  });

  it('shows the server’s refusal of a query in the address', async () => {
    openQueue('/groupins/staff/applications?headcountMin=30&headcountMax=10');
    expect(await screen.findByRole('alert')).toHaveTextContent('投保人數上限不可小於下限');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('refuses a person without the underwriter role, asking nothing of the queue', async () => {
    const app = openQueue('/groupins/staff/applications', service);
    expect(await screen.findByRole('alert')).toHaveTextContent('您沒有使用此功能的權限');
    expect(screen.getByRole('heading', { level: 1, name: '申請案件' })).toBeVisible();
    expect(app.calls.map((call) => call.path)).toEqual(['staff/me']);
    // and the server refuses it the same
    expect((await service.read('staff/applications')).statusCode).toBe(403);
  });
});
