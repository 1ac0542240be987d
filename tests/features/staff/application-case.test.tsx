import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApplicationCase } from '../../../src/domain/api/application-case';
import { ok, renderStaff, type StaffAnswer, type StaffCall, type StaffFile } from '../../support/staff-app';

/*
 * 案件明細 in jsdom against a fake server (issue 35): the application as the visitor saw it, the roster
 * masked, 顯示完整 for an underwriter only, the progress the company reads, the handling, and the moves
 * the server offers as buttons, each with its note (required for 待補件, 不予承保 and 已結案); its documents
 * downloaded as the overprint prints them, the 名冊 offered to an underwriter only.
 */

const NO = 'GI115112700001';
const UNDERWRITER = { name: 'under.one', roles: ['underwriter'] };
const SERVICE = { name: 'service.one', roles: ['service'] };

const CASE: ApplicationCase = {
  record: {
    applicationNo: NO,
    submittedAt: '2026-11-27T02:00:00.000Z',
    status: '資料審核中',
    company: {
      name: '晴川科技股份有限公司',
      taxId: '04595257',
      representative: '林晴川',
      industry: 'C',
      city: '臺北市',
      district: '信義區',
      street: '松仁路100號',
    },
    contact: {
      name: '王小明',
      title: '人資專員',
      mobile: '0912345678',
      phone: null,
      phoneExt: null,
      email: 'hr@example.com.tw',
    },
    plan: {
      headcount: 6,
      occupationClass: 1,
      averageAge: 35,
      averageSalary: null,
      totalSalary: null,
      maxSalary: null,
      startDate: '2026-12-15',
      ageMin: 25,
      ageMax: 50,
    },
    premium: { annual: 12_000, monthlyPerPerson: 167 },
    items: [
      {
        title: '基本型',
        source: 'PKG',
        annual: 12_000,
        monthlyPerPerson: 167,
        lines: [
          {
            prodId: 'GTL',
            prodName: '團體定期壽險',
            sumInsured: 1_000_000,
            salaryMultiple: null,
            rate: 1,
            rateUnit: 1000,
          },
        ],
      },
    ],
    roster: [
      {
        rowNo: 1,
        name: '陳大文',
        personId: 'A12****789',
        birthDate: '1990-05-12',
        gender: 'M',
        occupationClass: 1,
        monthlySalary: null,
      },
    ],
  },
  version: 2,
  progress: [
    { status: '已受理', at: '2026-11-27T02:00:00.000Z', note: null },
    { status: '資料審核中', at: '2026-11-27T03:00:00.000Z', note: null },
  ],
  handling: [
    {
      id: '7',
      at: '2026-11-27T03:00:00.000Z',
      actor: 'under.one',
      action: 'application.move',
      applicationNo: NO,
      contactNo: null,
      targetStaff: null,
      detail: '已受理 → 資料審核中',
    },
  ],
  moves: [
    { to: '待補件', noteRequired: true },
    { to: '核保中', noteRequired: false },
    { to: '不予承保', noteRequired: true },
    { to: '已結案', noteRequired: true },
  ],
  mayRevealRoster: true,
};

const moved = (to: string, note: string): ApplicationCase => ({
  ...CASE,
  record: { ...CASE.record, status: to as ApplicationCase['record']['status'] },
  version: 3,
  progress: [...CASE.progress, { status: to as never, at: '2026-11-27T04:00:00.000Z', note }],
  moves: [{ to: '資料審核中', noteRequired: false }],
});

afterEach(() => {
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

/** The case read again after the server recorded `action` of this person's. */
const recorded = (action: 'roster.reveal' | 'roster.print'): ApplicationCase => ({
  ...CASE,
  handling: [
    { ...CASE.handling[0]!, id: '8', at: '2026-11-27T04:00:00.000Z', action, detail: '名冊 1 人' },
    ...CASE.handling,
  ],
});

function openCase(
  staff: object,
  answers: Record<
    string,
    StaffAnswer | StaffFile | ((call: StaffCall) => StaffAnswer | StaffFile | Promise<StaffFile>)
  > = {},
  path = `/groupins/staff/case?no=${NO}`,
) {
  return renderStaff(path, {
    'staff/me': ok(staff),
    [`staff/applications/${NO}`]: ok(CASE),
    ...answers,
  });
}

describe('案件明細', () => {
  it('shows the application, its roster masked, the progress, the handling and the moves offered', async () => {
    openCase(UNDERWRITER);
    await screen.findByText(`受理編號 ${NO}，目前狀態：資料審核中`);
    expect(screen.getByRole('heading', { level: 1, name: '案件明細' })).toBeInTheDocument();
    expect(screen.getByText('晴川科技股份有限公司')).toBeInTheDocument();
    const roster = screen.getByRole('table', { name: /被保險人名冊/ });
    expect(within(roster).getByText('A12****789')).toBeInTheDocument();
    expect(within(roster).getByText('被保險人名冊（共 1 人；身分證字號隱藏部分）')).toBeInTheDocument();
    const progress = screen.getByRole('table', { name: '進度（公司所見）' });
    expect(
      within(progress)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(['2026-11-27 10:00:00已受理—', '2026-11-27 11:00:00資料審核中—']);
    expect(screen.getByRole('table', { name: '處理紀錄' })).toHaveTextContent(
      '2026-11-27 11:00:00under.one變更案件狀態已受理 → 資料審核中',
    );
    const moves = within(screen.getByRole('region', { name: '可執行的處理' })).getAllByRole('button');
    expect(moves.map((button) => button.textContent)).toEqual([
      '改為「待補件」（須填寫說明）',
      '改為「核保中」',
      '改為「不予承保」（須填寫說明）',
      '改為「已結案」（須填寫說明）',
    ]);
  });

  it('tells the underwriter before each action what is recorded and who reads the note', async () => {
    openCase(UNDERWRITER);
    await screen.findByText(`受理編號 ${NO}，目前狀態：資料審核中`);
    expect(screen.getByRole('region', { name: '可執行的處理' })).toHaveTextContent(
      '每次處理都會記錄，說明會顯示在公司的進度查詢頁面。',
    );
    const roster = screen.getByRole('region', { name: '被保險人名冊' });
    expect(roster).toHaveTextContent('開啟時會記錄您的帳號與時間於稽核紀錄。');
    expect(within(roster).getByRole('region', { name: '名冊表格' })).toContainElement(
      within(roster).getByRole('table'),
    );
    expect(screen.getByRole('region', { name: '文件' })).toHaveTextContent(
      '與公司在「套印文件」下載的 PDF 相同。',
    );
    expect(
      within(screen.getByRole('table', { name: '處理紀錄' }))
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['時間', '人員', '動作', '說明']);
    expect(screen.getByLabelText(/^受理編號/)).toHaveAccessibleDescription(/例如 GI115112400001/);
  });

  it('says so when an application came without a roster and no one has handled it yet', async () => {
    openCase(SERVICE, {
      [`staff/applications/${NO}`]: ok({
        ...CASE,
        record: { ...CASE.record, roster: [] },
        handling: [],
        moves: [],
        mayRevealRoster: false,
      }),
    });
    await screen.findByText(`受理編號 ${NO}，目前狀態：資料審核中`);
    expect(screen.getByRole('region', { name: '被保險人名冊' })).toHaveTextContent(
      '此案件未附被保險人名冊。',
    );
    expect(screen.queryByRole('table', { name: /^被保險人名冊/ })).not.toBeInTheDocument();
    expect(screen.getByRole('region', { name: '處理紀錄' })).toHaveTextContent('尚無處理紀錄。');
    expect(screen.queryByRole('table', { name: '處理紀錄' })).not.toBeInTheDocument();
  });

  it('opens the full ID numbers on request, records it on the server, and keeps the focus on the roster', async () => {
    let reads = 0;
    const app = openCase(UNDERWRITER, {
      [`staff/applications/${NO}`]: () => (++reads === 1 ? ok(CASE) : ok(recorded('roster.reveal'))),
      [`staff/applications/${NO}/roster`]: ok({
        roster: [{ ...CASE.record.roster[0], personId: 'A123456789' }],
      }),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '顯示完整身分證字號' }));
    const roster = await screen.findByRole('table', { name: /被保險人名冊/ });
    await within(roster).findByText('A123456789');
    expect(
      within(roster).getByText('被保險人名冊（共 1 人；已顯示完整身分證字號，已記錄）'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '顯示完整身分證字號' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '被保險人名冊' })).toHaveFocus();
    const call = app.calls.find((c) => c.path === `staff/applications/${NO}/roster`)!;
    expect(call.method).toBe('POST');
    // the opening is in the handling at once, read again; the numbers stay whole and the focus stays
    await within(screen.getByRole('table', { name: '處理紀錄' })).findByText('檢視完整身分證字號');
    expect(reads).toBe(2);
    expect(within(roster).getByText('A123456789')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '被保險人名冊' })).toHaveFocus();
  });

  it('asks the note a 待補件 needs before it sends the move, then shows the new status', async () => {
    const app = openCase(UNDERWRITER, {
      [`staff/applications/${NO}/move`]: (call) =>
        ok(moved((call.body as { to: string }).to, (call.body as { note: string }).note)),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '改為「待補件」（須填寫說明）' }));
    const dialog = await screen.findByRole('dialog', { name: '改為「待補件」' });
    // the note is what the dialog asks for: a keyboard user types it first
    expect(within(dialog).getByLabelText(/^說明/)).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: '確認' }));
    expect(await within(dialog).findByText('說明不可為空白')).toBeInTheDocument();
    expect(app.calls.some((c) => c.path.endsWith('/move'))).toBe(false);
    await user.type(within(dialog).getByLabelText(/^說明/), '  請補名冊  ');
    await user.click(within(dialog).getByRole('button', { name: '確認' }));
    await screen.findByText('已改為「待補件」');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const status = screen.getByText(`受理編號 ${NO}，目前狀態：待補件`);
    expect(status).toHaveFocus();
    expect(app.calls.find((c) => c.path.endsWith('/move'))!.body).toEqual({
      to: '待補件',
      note: '請補名冊',
      version: 2,
    });
  });

  it('closes a move’s dialog on Escape, sending nothing, and gives the focus back to its button', async () => {
    const app = openCase(UNDERWRITER);
    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: '改為「核保中」' });
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: '改為「核保中」' });
    expect(within(dialog).getByLabelText(/^說明/)).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
    expect(app.calls.some((c) => c.path.endsWith('/move'))).toBe(false);
  });

  it('sends a move that needs no note without one', async () => {
    const app = openCase(UNDERWRITER, {
      [`staff/applications/${NO}/move`]: () => ok(moved('核保中', '')),
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '改為「核保中」' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: '確認' }));
    await screen.findByText('已改為「核保中」');
    expect(app.calls.find((c) => c.path.endsWith('/move'))!.body).toEqual({
      to: '核保中',
      note: '',
      version: 2,
    });
  });

  it('says when another person moved it first, and shows the case as it is now', async () => {
    let reads = 0;
    openCase(UNDERWRITER, {
      [`staff/applications/${NO}`]: () => (++reads === 1 ? ok(CASE) : ok(moved('核保中', ''))),
      [`staff/applications/${NO}/move`]: {
        returnCode: 1,
        data: { status: '核保中', version: 3 },
        msg: '此案件已由他人更新',
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '改為「已結案」（須填寫說明）' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^說明/), '公司撤回');
    await user.click(within(dialog).getByRole('button', { name: '確認' }));
    await screen.findByText('此案件已由他人更新，目前為「核保中」；以下為最新內容。');
    expect(screen.getByText(`受理編號 ${NO}，目前狀態：核保中`)).toHaveFocus();
    expect(reads).toBe(2);
  });

  it('leaves the focus where it is when the case is first shown', async () => {
    openCase(UNDERWRITER);
    const status = await screen.findByText(`受理編號 ${NO}，目前狀態：資料審核中`);
    expect(status).not.toHaveFocus();
    expect(screen.getByLabelText(/^受理編號/)).toHaveValue(NO);
  });

  it('reads the case again on 再試一次 after a failed read', async () => {
    let reads = 0;
    openCase(UNDERWRITER, {
      [`staff/applications/${NO}`]: () =>
        ++reads === 1 ? { returnCode: 503, data: null, msg: '系統忙碌中，請稍後再試' } : ok(CASE),
    });
    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('系統忙碌中，請稍後再試');
    await userEvent.setup().click(within(failure).getByRole('button', { name: '再試一次' }));
    await screen.findByText(`受理編號 ${NO}，目前狀態：資料審核中`);
    expect(reads).toBe(2);
  });

  it('says why the ID numbers could not be opened, and offers the button again', async () => {
    openCase(UNDERWRITER, {
      [`staff/applications/${NO}/roster`]: { returnCode: 403, data: null, msg: '您沒有使用此功能的權限' },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '顯示完整身分證字號' }));
    const roster = screen.getByRole('region', { name: '被保險人名冊' });
    expect(await within(roster).findByRole('alert')).toHaveTextContent('未完成：您沒有使用此功能的權限');
    const button = within(roster).getByRole('button', { name: '顯示完整身分證字號' });
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(within(roster).getByText('A12****789')).toBeInTheDocument();
  });

  it('opens no case for an address whose no is not a 受理編號', async () => {
    const app = openCase(UNDERWRITER, {}, '/groupins/staff/case?no=GI1151127');
    await screen.findByRole('heading', { level: 1, name: '案件明細' });
    expect(screen.getByLabelText(/^受理編號/)).toHaveValue('');
    expect(app.calls.some((c) => c.path.startsWith('staff/applications/'))).toBe(false);
  });

  it('shows a refused move in the dialog, which stays open', async () => {
    openCase(UNDERWRITER, {
      [`staff/applications/${NO}/move`]: {
        returnCode: 1,
        data: null,
        msg: '此案件目前為「核保中」，無法改為「待補件」',
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: '改為「待補件」（須填寫說明）' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/^說明/), '請補名冊');
    await user.click(within(dialog).getByRole('button', { name: '確認' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      '未完成：此案件目前為「核保中」，無法改為「待補件」',
    );
  });

  it('shows the service desk the case without moves and without the full ID numbers', async () => {
    openCase(SERVICE, {
      [`staff/applications/${NO}`]: ok({ ...CASE, moves: [], mayRevealRoster: false }),
    });
    await screen.findByText(`受理編號 ${NO}，目前狀態：資料審核中`);
    expect(screen.queryByRole('region', { name: '可執行的處理' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '顯示完整身分證字號' })).not.toBeInTheDocument();
    expect(screen.getByText('A12****789')).toBeInTheDocument();
  });

  it('opens a case by its 受理編號, refusing what is not one', async () => {
    const app = openCase(SERVICE, {}, '/groupins/staff/case');
    const user = userEvent.setup();
    const field = await screen.findByLabelText('受理編號');
    await user.type(field, 'GI12');
    await user.click(screen.getByRole('button', { name: '開啟案件' }));
    expect(await screen.findByText('請輸入正確的受理編號')).toBeInTheDocument();
    await user.clear(field);
    await user.type(field, ` ${NO.toLowerCase()} `);
    await user.click(screen.getByRole('button', { name: '開啟案件' }));
    await screen.findByText(`受理編號 ${NO}，目前狀態：資料審核中`);
    expect(app.location()).toBe(`/groupins/staff/case?no=${NO}`);
  });

  it('says the server’s words when the 受理編號 is no application’s', async () => {
    openCase(UNDERWRITER, {
      [`staff/applications/${NO}`]: { returnCode: 404, data: null, msg: '查無此受理編號', status: 404 },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('查無此受理編號');
    await waitFor(() => expect(screen.getByRole('button', { name: '再試一次' })).toBeInTheDocument());
  });
});

/** The server's PDF: printed at 2026-11-27T02:45:00Z, 10:45 in Taipei. */
const PDF: StaffFile = {
  file: '%PDF-1.7 the documents',
  headers: {
    'content-type': 'application/pdf',
    'content-disposition': `attachment; filename="${NO}.pdf"`,
    'x-printed-at': '2026-11-27T02:45:00.000Z',
  },
};
const DOCUMENTS_PATH = `staff/applications/${NO}/documents`;

describe('案件明細: 文件', () => {
  // jsdom has no object URLs, and would navigate on the download link's click: the browser's download is
  // the click on an a[download], kept here
  const objectUrls = { create: URL.createObjectURL, revoke: URL.revokeObjectURL };
  const saved: { name: string; blob: Blob }[] = [];
  const blobs = new Map<string, Blob>();
  const keepDownload = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[download]') as HTMLAnchorElement | null;
    if (!link) return;
    event.preventDefault();
    saved.push({ name: link.download, blob: blobs.get(link.href)! });
  };
  beforeAll(() => {
    Object.assign(URL, {
      createObjectURL: (blob: Blob) => {
        const url = `blob:http://localhost/${blobs.size}`;
        blobs.set(url, blob);
        return url;
      },
      revokeObjectURL: () => {},
    });
    document.addEventListener('click', keepDownload);
  });
  afterAll(() => {
    Object.assign(URL, { createObjectURL: objectUrls.create, revokeObjectURL: objectUrls.revoke });
    document.removeEventListener('click', keepDownload);
  });
  afterEach(() => {
    saved.length = 0;
  });

  const section = async () => screen.findByRole('region', { name: '文件' });
  const buttonNames = (region: HTMLElement) =>
    within(region)
      .getAllByRole('button')
      .map((button) => button.textContent);

  it('offers an underwriter the 要保書, the 摘要 and the 名冊, saying a print of the 名冊 is recorded', async () => {
    openCase(UNDERWRITER);
    const region = await section();
    expect(screen.getByRole('heading', { level: 2, name: '文件' })).toBeInTheDocument();
    expect(buttonNames(region)).toEqual(['下載要保書 PDF', '下載投保申請摘要 PDF', '下載被保險人名冊 PDF']);
    expect(region).toHaveTextContent('每次列印都會記錄您的帳號與時間於稽核紀錄');
  });

  it('offers the service desk the 要保書 and the 摘要 only', async () => {
    openCase(SERVICE, { [`staff/applications/${NO}`]: ok({ ...CASE, moves: [], mayRevealRoster: false }) });
    const region = await section();
    expect(buttonNames(region)).toEqual(['下載要保書 PDF', '下載投保申請摘要 PDF']);
    expect(region).not.toHaveTextContent('稽核紀錄');
  });

  it('offers no 名冊 of an application that has none', async () => {
    openCase(UNDERWRITER, {
      [`staff/applications/${NO}`]: ok({ ...CASE, record: { ...CASE.record, roster: [] } }),
    });
    expect(buttonNames(await section())).toEqual(['下載要保書 PDF', '下載投保申請摘要 PDF']);
  });

  it('downloads the document asked for, busy until the PDF is in, the focus kept on its button', async () => {
    let answer!: (file: StaffFile) => void;
    let reads = 0;
    const app = openCase(UNDERWRITER, {
      [`staff/applications/${NO}`]: () => (++reads === 1 ? ok(CASE) : ok(recorded('roster.print'))),
      [DOCUMENTS_PATH]: () => new Promise<StaffFile>((resolve) => (answer = resolve)),
    });
    const user = userEvent.setup();
    const button = within(await section()).getByRole('button', { name: '下載被保險人名冊 PDF' });
    await user.click(button);
    await waitFor(() => expect(button).toHaveAttribute('aria-disabled', 'true'));
    expect(button).toHaveFocus();
    // a second click while busy asks for nothing more
    await user.click(button);
    expect(app.calls.filter((call) => call.path === DOCUMENTS_PATH)).toHaveLength(1);
    answer(PDF);
    expect(await screen.findByText('已下載被保險人名冊（列印時間 2026-11-27 10:45:00）')).toBeInTheDocument();
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
    const call = app.calls.find((c) => c.path === DOCUMENTS_PATH)!;
    expect([call.method, call.body]).toEqual(['POST', { documents: ['roster'] }]);
    expect(saved.map(({ name }) => name)).toEqual([`${NO}-被保險人名冊.pdf`]);
    expect(await saved[0]!.blob.text()).toBe('%PDF-1.7 the documents');
    // the print is in the handling at once, read again
    await within(screen.getByRole('table', { name: '處理紀錄' })).findByText('列印被保險人名冊');
    expect(reads).toBe(2);
    expect(button).toHaveFocus();
  });

  it('asks for the 要保書 alone with its button', async () => {
    const app = openCase(SERVICE, {
      [`staff/applications/${NO}`]: ok({ ...CASE, moves: [], mayRevealRoster: false }),
      [DOCUMENTS_PATH]: PDF,
    });
    const user = userEvent.setup();
    await user.click(within(await section()).getByRole('button', { name: '下載要保書 PDF' }));
    await screen.findByText(/^已下載要保書/);
    expect(app.calls.find((c) => c.path === DOCUMENTS_PATH)!.body).toEqual({ documents: ['form'] });
    expect(saved.map(({ name }) => name)).toEqual([`${NO}-要保書.pdf`]);
    // a 要保書 prints no ID numbers and is not recorded: the case is not read again
    expect(app.calls.filter((c) => c.path === `staff/applications/${NO}`)).toHaveLength(1);
  });

  it('shows a refusal in Chinese, downloads nothing and keeps the focus on the button', async () => {
    openCase(UNDERWRITER, {
      [DOCUMENTS_PATH]: {
        returnCode: 403,
        data: null,
        msg: '被保險人名冊含完整身分證字號，僅核保人員可列印',
        status: 403,
      },
    });
    const user = userEvent.setup();
    const button = within(await section()).getByRole('button', { name: '下載被保險人名冊 PDF' });
    await user.click(button);
    expect(await within(await section()).findByRole('alert')).toHaveTextContent(
      '無法下載：被保險人名冊含完整身分證字號，僅核保人員可列印',
    );
    expect(button).not.toHaveAttribute('aria-disabled');
    expect(button).toHaveFocus();
    expect(saved).toEqual([]);
  });
});
