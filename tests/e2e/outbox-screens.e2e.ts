import type { BrowserContext, Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { applyForBasicOverHttp, sendContactOverHttp } from '../support/http-visitor';
import { APPLICANT } from '../support/shopcart-input';
import { watchPageProblems } from './support/axe';
import { focusedControl, focusedName, HUMAN, keyboardStep } from './support/keyboard';
import { rightOverflow } from './support/page-fit';
import { checkAtWidths, signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * 寄件匣 and 通知設定 (issue 36) in Chromium against the built server with no mail server (no SMTP_URL, the
 * embedded default): companies apply and write through 聯絡我們 over HTTP, and 寄件匣 lists every e-mail the
 * site wrote for them, each 待寄送, newest first; one opened shows the plain text and, in its sandboxed
 * frame, the HTML with the same facts. An underwriter's move adds its 申請狀態更新, also 待寄送. axe finds
 * nothing and everything fits at 390 and 1366 px; both screens work by keyboard alone, the focus never lost
 * and never under anything fixed. What each e-mail's subject and parts say is docs/specification.md's
 * ("E-mail", §6), written out here. The tests follow one another: the move is on the first application, and
 * the notices are chosen last, as a choice would add e-mails of its own.
 */

const PASSWORD = 'outbox-screens-e2e-password';
/** a person of both roles: 寄件匣 shows each person the e-mails of the areas their roles open (issue 45) */
const DESK = 'desk.outbox';
const UNDERWRITER = 'underwriter.outbox';
/** Every subject's prefix (docs/specification.md, "E-mail"). */
const PREFIX = '【晴川人壽團體保險】';
const APPLICATIONS = 3;
const CONTACT_MESSAGES = 2;

const site = staffSiteForThisFile({
  name: 'outbox-screens',
  accounts: { [DESK]: 'service,underwriter', [UNDERWRITER]: 'underwriter' },
  password: PASSWORD,
  // no mail server, whatever the environment says: nothing is sent and every e-mail waits; a captcha of at
  // most 1,000 hashes lets the companies write in milliseconds
  env: { SMTP_URL: '', CAPTCHA_MAX_NUMBER: '1000' },
});

/** An e-mail as 寄件匣 should list it: what it is about, its subject and whom it is for. */
interface Expected {
  no: string;
  subject: string;
  recipient: string;
  /** a fact of the e-mail beside its number, in both its parts */
  fact: string;
}

const received = (applicationNo: string): Expected => ({
  no: applicationNo,
  subject: `${PREFIX}申請受理通知（受理編號 ${applicationNo}）`,
  recipient: `${APPLICANT.contactName}（${APPLICANT.email}）`,
  fact: APPLICANT.companyName,
});
const acknowledged = (contactNo: string): Expected => ({
  no: contactNo,
  subject: `${PREFIX}已收到您的留言（案件編號 ${contactNo}）`,
  // the acknowledgement names nobody (issue 45): the address alone, and the topic chosen from the list
  recipient: SAMPLE_CONTACT_MESSAGE.email,
  fact: '投保規劃與報價',
});

/** The e-mails written so far, oldest first. */
const written: Expected[] = [];
let firstApplication: string;

beforeAll(async () => {
  // the companies one after another, so the e-mails' order is the order they wrote in
  for (let i = 0; i < APPLICATIONS; i++)
    written.push(received(await applyForBasicOverHttp(site.server.origin)));
  for (let i = 0; i < CONTACT_MESSAGES; i++)
    written.push(acknowledged(await sendContactOverHttp(site.server.origin)));
  firstApplication = written[0]!.no;
});

const contexts: BrowserContext[] = [];
// afterAll hooks run last registered first: the tabs close before the site's browser does
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** A person of the staff in a tab of their own, signed in and on the screen their roles land on. */
async function signedIn(
  name: string,
  lands: string,
  width = 1366,
): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser.newContext({ locale: 'zh-TW', viewport: { width, height: 844 } });
  contexts.push(context);
  const problems = await watchPageProblems(context);
  const page = await context.newPage();
  await page.goto(site.url('/login'));
  await signIn(page, name, PASSWORD);
  await page.getByRole('heading', { level: 1, name: lands }).waitFor();
  return { page, problems };
}

/** The same, by keyboard alone at a phone's width. */
async function signedInByKeyboard(name: string, lands: string): Promise<{ page: Page; problems: string[] }> {
  const context = await site.browser.newContext({ locale: 'zh-TW', viewport: { width: 390, height: 844 } });
  contexts.push(context);
  const problems = await watchPageProblems(context);
  const page = await context.newPage();
  await page.goto(site.url('/login'));
  await page.getByRole('heading', { level: 1 }).waitFor();
  expect(await keyboardStep(page, { 帳號: name, 密碼: PASSWORD }, '登入')).toEqual([]);
  await page.getByRole('heading', { level: 1, name: lands }).waitFor();
  return { page, problems };
}

const messageList = (page: Page) => page.getByRole('table', { name: '郵件列表' });
const countLink = (page: Page, name: string) =>
  page.getByRole('region', { name: '各狀態件數' }).getByRole('link', { name, exact: true });

/** The list's rows as shown: 郵件編號, 狀態, 收件人, 主旨 and 寄送次數 of each. */
async function listed(page: Page) {
  const rows = await messageList(page).locator('tbody').getByRole('row').all();
  return Promise.all(
    rows.map(async (row) => {
      const [state, recipient, subject, , attempts] = (await row.getByRole('cell').allTextContents()).map(
        (text) => text.trim(),
      );
      return {
        id: (await row.getByRole('rowheader').textContent())?.trim() ?? '',
        state,
        recipient,
        subject,
        attempts,
      };
    }),
  );
}

/** What 寄件匣 should list of `mails`: newest first, each 待寄送 and not tried yet. */
const waitingRows = (mails: readonly Expected[]) =>
  [...mails]
    .reverse()
    .map(({ subject, recipient }) => ({ state: '待寄送', recipient, subject, attempts: '0 次' }));

/** The 郵件編號 of the e-mail of `subject` on the list shown. */
async function idOf(page: Page, subject: string): Promise<string> {
  const row = (await listed(page)).find((r) => r.subject === subject);
  expect(row, subject).toBeDefined();
  return row!.id;
}

/** The e-mail opened: its state, its plain text and the text of the HTML part in its frame. */
async function opened(page: Page, id: string) {
  await page.getByRole('heading', { level: 2, name: `郵件 ${id}`, exact: true }).waitFor();
  const state = page.getByTestId('outbox-state');
  await state.waitFor();
  const frame = page.getByTitle(`郵件 ${id} 的 HTML 內容`);
  // the frame reaches nothing and runs nothing (sandbox with nothing allowed); its document is read through
  // the frame's own context, as the page itself cannot read it
  const content = await (await frame.elementHandle())!.contentFrame();
  await content!.locator('body').waitFor();
  return {
    state: (await state.textContent())?.trim(),
    sandbox: await frame.getAttribute('sandbox'),
    text: (await page.locator('pre').textContent()) ?? '',
    html: (await content!.locator('body').innerText()) ?? '',
    frame: content!,
  };
}

/** What of the HTML part does not fit its frame at each staff width: it should read without sideways scrolling. */
async function frameMisfits(page: Page, frame: Frame): Promise<string[]> {
  const lines: string[] = [];
  for (const width of [390, 1366]) {
    await page.setViewportSize({ width, height: 844 });
    const found = await frame.evaluate(rightOverflow);
    if (found.scrollWidth > found.width)
      lines.push(
        `the HTML part at ${width} px: ${found.scrollWidth} px wide in a frame of ${found.width} px`,
      );
    for (const element of found.sticking) lines.push(`the HTML part at ${width} px: ${element}`);
  }
  return lines;
}

/** The facts must be in the plain text and in the HTML alike; what no message carries, in neither. */
function expectBothParts(mail: Awaited<ReturnType<typeof opened>>, facts: string[]) {
  for (const fact of facts) {
    expect(mail.text).toContain(fact);
    expect(mail.html).toContain(fact);
  }
  for (const secret of [APPLICANT.taxId, APPLICANT.mobile, SAMPLE_CONTACT_MESSAGE.mobile!]) {
    expect(mail.text).not.toContain(secret);
    expect(mail.html).not.toContain(secret);
  }
}

describe('寄件匣 in Chromium against the built server with no mail server', () => {
  it('lists every e-mail the companies caused, each 待寄送, and opens one as it will be sent', async () => {
    const { page, problems } = await signedIn(DESK, '申請案件');
    const findings: string[] = [];
    await page.getByRole('navigation', { name: '員工作業' }).getByRole('link', { name: '寄件匣' }).click();
    await page.waitForURL(/\/groupins\/staff\/outbox$/);
    await page.getByRole('heading', { level: 1, name: '寄件匣' }).waitFor();
    await messageList(page).waitFor();
    const total = APPLICATIONS + CONTACT_MESSAGES;
    expect(await page.getByTestId('outbox-count').textContent()).toBe(`共 ${total} 筆，第 1 / 1 頁`);
    // one 申請受理通知 per application, one 已收到您的留言 per message, newest first, and nothing else
    expect((await listed(page)).map(({ id, ...row }) => row)).toEqual(waitingRows(written));
    expect(
      await page.getByRole('region', { name: '各狀態件數' }).getByRole('link').allTextContents(),
    ).toEqual([`全部 ${total} 件`, `待寄送 ${total} 件`, '寄送中 0 件', '已寄出 0 件', '寄送失敗 0 件']);
    // the screen says why they wait: without a mail server they stay 待寄送
    await page.getByText(/郵件伺服器.*「待寄送」/).waitFor();
    findings.push(...(await checkAtWidths(page, '寄件匣')));

    // the 待寄送 count lists them all
    await countLink(page, `待寄送 ${total} 件`).click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'waiting');
    await expect.poll(async () => (await listed(page)).length).toBe(total);
    expect(await countLink(page, `待寄送 ${total} 件`).getAttribute('aria-current')).toBe('true');

    // an application's 申請受理通知, as it will be sent
    const application = written[0]!;
    const applicationMail = await idOf(page, application.subject);
    await messageList(page).getByRole('link', { name: applicationMail, exact: true }).click();
    await page.waitForURL((url) => url.searchParams.get('id') === applicationMail);
    expect(new URL(page.url()).searchParams.get('state')).toBe('waiting');
    let mail = await opened(page, applicationMail);
    expect(mail.state).toBe('待寄送');
    expect(mail.sandbox).toBe('');
    expectBothParts(mail, ['受理編號', application.no, application.fact]);
    // what it is about, a link to the case for the service desk
    const delivery = page.getByRole('region', { name: '寄送情形' });
    await delivery.getByText(application.subject, { exact: true }).waitFor();
    expect(await delivery.getByRole('link', { name: application.no }).getAttribute('href')).toBe(
      `/groupins/staff/case?no=${application.no}`,
    );
    findings.push(...(await checkAtWidths(page, 'one e-mail')));
    findings.push(...(await frameMisfits(page, mail.frame)));

    // and back to the same list, then a message's acknowledgement
    await page.getByRole('link', { name: '回到郵件列表' }).click();
    await page.waitForURL(
      (url) => url.searchParams.get('state') === 'waiting' && !url.searchParams.has('id'),
    );
    await messageList(page).waitFor();
    const message = written.at(-1)!;
    const messageMail = await idOf(page, message.subject);
    await messageList(page).getByRole('link', { name: messageMail, exact: true }).click();
    mail = await opened(page, messageMail);
    expect(mail.state).toBe('待寄送');
    expectBothParts(mail, ['案件編號', message.no, message.fact]);
    expect(await delivery.getByRole('link', { name: message.no }).getAttribute('href')).toBe(
      `/groupins/staff/contacts?no=${message.no}`,
    );

    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('an underwriter’s move adds its 申請狀態更新, 待寄送 too', async () => {
    const { page: service, problems } = await signedIn(DESK, '申請案件');
    await service.goto(site.url('/staff/outbox'));
    await messageList(service).waitFor();
    const before = await idOf(service, written[0]!.subject);
    await service.getByRole('link', { name: before, exact: true }).click();
    expect((await opened(service, before)).state).toBe('待寄送');

    // 資料審核中 from the case screen, as an underwriter moves it
    const { page: underwriter } = await signedIn(UNDERWRITER, '申請案件');
    await underwriter.goto(site.url(`/staff/case?no=${firstApplication}`));
    await underwriter.getByText(`受理編號 ${firstApplication}，目前狀態：已受理`, { exact: true }).waitFor();
    await underwriter.getByRole('button', { name: /^改為「資料審核中」/ }).click();
    await underwriter.getByRole('dialog').getByRole('button', { name: '確認' }).click();
    await underwriter.getByText('已改為「資料審核中」').waitFor();

    // the e-mail open still waits: nothing sends it
    await service.getByRole('button', { name: '重新整理' }).click();
    await service.getByRole('status').filter({ hasText: '已重新讀取，目前為「待寄送」' }).waitFor();

    // the list read again: the move's e-mail first, waiting with the others
    const moved: Expected = {
      ...received(firstApplication),
      subject: `${PREFIX}申請狀態更新：資料審核中（受理編號 ${firstApplication}）`,
      fact: '資料審核中',
    };
    written.push(moved);
    await service.getByRole('link', { name: '回到郵件列表' }).click();
    await service.waitForURL(/\/groupins\/staff\/outbox$/);
    await service.reload();
    await messageList(service).waitFor();
    expect((await listed(service)).map(({ id, ...row }) => row)).toEqual(waitingRows(written));
    await countLink(service, `待寄送 ${written.length} 件`).waitFor();
    expect(await service.getByTestId('outbox-count').textContent()).toBe(
      `共 ${written.length} 筆，第 1 / 1 頁`,
    );
    const movedMail = await idOf(service, moved.subject);
    await service.getByRole('link', { name: movedMail, exact: true }).click();
    const mail = await opened(service, movedMail);
    expect(mail.state).toBe('待寄送');
    expectBothParts(mail, ['受理編號', firstApplication, '資料審核中', APPLICANT.companyName]);

    // an underwriter alone sees the applications' e-mails, not the contact messages' (issue 45)
    await underwriter.goto(site.url('/staff/outbox'));
    await messageList(underwriter).waitFor();
    const applicationsOnly = written.filter((mail) => mail.no.startsWith('GI'));
    expect((await listed(underwriter)).map(({ id, ...row }) => row)).toEqual(waitingRows(applicationsOnly));
    expect(problems).toEqual([]);
  });

  it('by keyboard alone at 390 px: a count filters, an e-mail opens on its heading, and back', async () => {
    const { page, problems } = await signedInByKeyboard(DESK, '申請案件');
    const covered: string[] = [];
    covered.push(...(await keyboardStep(page, {}, '寄件匣')));
    await page.waitForURL(/\/groupins\/staff\/outbox$/);
    await messageList(page).waitFor();

    // a count by keyboard: none is sent, so 已寄出 lists nothing; 待寄送 lists them all
    covered.push(...(await keyboardStep(page, {}, '已寄出 0 件')));
    await page.waitForURL((url) => url.searchParams.get('state') === 'sent');
    await page.getByText('沒有符合條件的郵件。').waitFor();
    expect(await focusedControl(page)).not.toBeNull();
    covered.push(...(await keyboardStep(page, {}, `待寄送 ${written.length} 件`)));
    await page.waitForURL((url) => url.searchParams.get('state') === 'waiting');
    await expect.poll(async () => (await listed(page)).length).toBe(written.length);

    // an e-mail's link, Enter: it opens with the focus on its heading
    const message = written[APPLICATIONS]!;
    const id = await idOf(page, message.subject);
    covered.push(...(await keyboardStep(page, {}, id)));
    await page.waitForURL((url) => url.searchParams.get('id') === id);
    await page.getByRole('heading', { level: 2, name: `郵件 ${id}`, exact: true }).waitFor();
    await expect
      .poll(() => focusedControl(page))
      .toMatchObject({ name: `郵件 ${id}`, tag: 'H2', covered: false });
    await page.getByTestId('outbox-state').waitFor();

    // 回到郵件列表, just before the heading: the same list, the focus on its h1
    await page.keyboard.press('Shift+Tab', HUMAN);
    expect(await focusedControl(page)).toMatchObject({ name: '回到郵件列表', covered: false });
    await page.keyboard.press('Enter', HUMAN);
    await page.waitForURL(
      (url) => url.searchParams.get('state') === 'waiting' && !url.searchParams.has('id'),
    );
    await messageList(page).waitFor();
    await expect
      .poll(() => focusedControl(page))
      .toMatchObject({ name: '寄件匣', heading: true, covered: false });

    expect(covered).toEqual([]);
    expect(problems).toEqual([]);
  });
});

describe('通知設定 in Chromium against the built server', () => {
  it('an underwriter is told what is wrong, then saves an address and a notice; axe and fit at each step', async () => {
    const { page, problems } = await signedIn(UNDERWRITER, '申請案件');
    const findings: string[] = [];
    await page.getByRole('navigation', { name: '員工作業' }).getByRole('link', { name: '通知設定' }).click();
    await page.waitForURL(/\/groupins\/staff\/notifications$/);
    const address = page.getByLabel('通知信箱', { exact: true });
    await address.waitFor();
    expect(await address.inputValue()).toBe('');
    const kinds = page.getByRole('group', { name: '通知項目' });
    expect(await kinds.getByRole('checkbox').count()).toBe(2);
    for (const kind of ['新申請案件', '待補件逾 7 日'])
      expect(await kinds.getByRole('checkbox', { name: kind }).isChecked()).toBe(false);
    findings.push(...(await checkAtWidths(page, '通知設定')));

    await address.fill('desk@');
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByText('請輸入正確的電子郵件地址').waitFor();
    expect(await address.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('status', { includeHidden: true }).textContent()).toBe('');
    findings.push(...(await checkAtWidths(page, '通知設定（信箱錯誤）')));

    await address.fill('uw.outbox@insure.example.com.tw');
    await kinds.getByRole('checkbox', { name: '待補件逾 7 日' }).check();
    await page.getByRole('button', { name: '儲存' }).click();
    await page.getByRole('status').filter({ hasText: '已儲存通知設定' }).waitFor();
    findings.push(...(await checkAtWidths(page, '通知設定（已儲存）')));

    // kept: read again with the page
    await page.reload();
    await address.waitFor();
    expect(await address.inputValue()).toBe('uw.outbox@insure.example.com.tw');
    expect(await kinds.getByRole('checkbox', { name: '待補件逾 7 日' }).isChecked()).toBe(true);
    expect(await kinds.getByRole('checkbox', { name: '新申請案件' }).isChecked()).toBe(false);
    expect(findings).toEqual([]);
    expect(problems).toEqual([]);
  });

  it('by keyboard alone at 390 px: a wrong address is told, then the address and a notice are saved', async () => {
    const { page, problems } = await signedInByKeyboard(DESK, '申請案件');
    const covered: string[] = [];
    covered.push(...(await keyboardStep(page, {}, '通知設定')));
    await page.waitForURL(/\/groupins\/staff\/notifications$/);
    await page.getByLabel('通知信箱', { exact: true }).waitFor();

    // a wrong address: told when left, and 儲存 sends nothing; the focus stays where it was
    covered.push(...(await keyboardStep(page, { 通知信箱: 'desk@' }, '儲存')));
    await page.getByText('請輸入正確的電子郵件地址').waitFor();
    expect(await focusedControl(page)).toMatchObject({ name: '儲存', covered: false });
    expect(await page.getByLabel('通知信箱', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByRole('status', { includeHidden: true }).textContent()).toBe('');

    // corrected and a notice ticked by Space, 儲存 by Space
    covered.push(
      ...(await keyboardStep(
        page,
        { 通知信箱: 'desk.outbox@insure.example.com.tw', 新聯絡訊息: 'check' },
        '儲存',
        'Space',
      )),
    );
    await page.getByRole('status').filter({ hasText: '已儲存通知設定' }).waitFor();
    expect(await focusedName(page)).toBe('儲存');
    expect(await page.getByRole('checkbox', { name: '新聯絡訊息' }).isChecked()).toBe(true);
    expect(await page.getByText('請輸入正確的電子郵件地址').count()).toBe(0);

    expect(covered).toEqual([]);
    expect(problems).toEqual([]);
  });
});
