import { setTimeout as sleep } from 'node:timers/promises';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendInChromium } from '../../machine-paths/contact/chromium';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { SAMPLE_APPLICANT } from '../../machine-paths/shopcart/samples';
import type { ContactMessage } from '../../src/domain/api/contact';
import type { OutboxEntry, OutboxPage } from '../../src/domain/api/outbox';
import { API_BASE, type ApiEnvelope } from '../../src/domain/envelope';
import { formatRoc } from '../../src/domain/roc-date';
import { type ReceivedMail, type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { openApp, returningVisitor } from './support/built-app';
import { type AppliedInChromium, applyInChromium } from './support/shopcart-steps';
import { signIn } from './support/staff';
import { staffSiteForThisFile } from './support/staff-site';

/*
 * Issue 36's e-mail in Chromium against the built server, its SMTP_URL at a real SMTP server in this
 * process: a visitor's application brings one 申請受理通知 within 10 seconds, each staff move one 申請狀態更新
 * with its note, a contact message one acknowledgement and a staff reply one reply; with the mail server
 * stopped and started again every message still arrives, once; the server's log names no recipient. What
 * each message must say, and must not, is docs/specification.md's ("E-mail"), written out here rather than
 * read from the code that writes it. The tests follow one another: the moves are on the first application.
 */

const PASSWORD = 'outbox-mail-e2e-password';
const STAFF = { underwriter: 'underwriter.mail', service: 'service.mail', desk: 'desk.mail' } as const;
/** A plain address: the sender's name is the server's own. */
const MAIL_FROM = 'no-reply@insure.example.com.tw';
/** Every subject's prefix (docs/specification.md, "E-mail"). */
const PREFIX = '【晴川人壽團體保險】';
/** The bound: a message within 10 seconds of its cause. */
const DELIVERY_MS = 10_000;
/** The first retry comes a minute after a failed try (1 min, 5 min, …): the mail server back, two minutes. */
const RETRY_MS = 120_000;
/** A Message-ID: the message's UUID at the sender's domain. */
const MESSAGE_ID =
  /^<[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}@insure\.example\.com\.tw>$/;

let inbox: SmtpInbox | undefined;
// after hooks run last registered first: the mail server stops after the server and its worker
afterAll(() => inbox?.stop());

const site = staffSiteForThisFile({
  name: 'outbox-mail',
  accounts: {
    [STAFF.underwriter]: 'underwriter',
    [STAFF.service]: 'service',
    [STAFF.desk]: 'service,underwriter',
  },
  password: PASSWORD,
  // the mail server is up before the server starts, so the server starts with its address
  env: async () => {
    inbox = await startSmtpInbox();
    return { SMTP_URL: inbox.url, MAIL_FROM, CAPTCHA_MAX_NUMBER: '1000' };
  },
});

const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

/** The messages the mail server has taken so far. */
const received = () => inbox!.received;

/** The messages whose subject names `no` (a 受理編號 or 案件編號). */
const about = (no: string) => received().filter((mail) => mail.subject.includes(no));

/** Waits until `count` messages that `match` have come, or until `deadline`; answers those that came. */
async function arrivals(
  match: (mail: ReceivedMail) => boolean,
  count: number,
  deadline: number,
): Promise<ReceivedMail[]> {
  for (;;) {
    const found = received().filter(match);
    if (found.length >= count || Date.now() > deadline) return found;
    await sleep(100);
  }
}

/** A visitor who has accepted the cookie notice, in a tab of their own. */
async function visitor(): Promise<Page> {
  const { context, page } = await returningVisitor(site);
  contexts.push(context);
  return page;
}

/** A person of the staff signed in on the sign-in page, in a tab of their own. */
async function signedIn(name: string): Promise<Page> {
  const context = await site.browser.newContext({ locale: 'zh-TW', viewport: { width: 1366, height: 844 } });
  contexts.push(context);
  const page = await context.newPage();
  await page.goto(site.url('/login'));
  await signIn(page, name, PASSWORD);
  await page.waitForURL((url) => !url.pathname.endsWith('/login'));
  return page;
}

// 寄件匣 as the server keeps it, read by a person of both areas (each role sees its own area's e-mails,
// issue 45): whether a message is still to be sent
let staffReader: Page;
beforeAll(async () => {
  staffReader = await signedIn(STAFF.desk);
});

async function outbox(): Promise<OutboxPage> {
  const response = await staffReader.request.get(`${site.server.origin}${API_BASE}/staff/outbox`);
  expect(response.status()).toBe(200);
  return ((await response.json()) as ApiEnvelope<OutboxPage>).data;
}

/**
 * Waits until the server holds no message waiting or being sent: a sent message is never taken again, so
 * what the mail server has by then is all it will get. Answers 寄件匣 then.
 */
async function settled(deadline = Date.now() + 30_000): Promise<OutboxPage> {
  for (;;) {
    const page = await outbox();
    if (page.counts.waiting + page.counts.sending === 0 || Date.now() > deadline) {
      expect(page.counts).toMatchObject({ waiting: 0, sending: 0, failed: 0 });
      return page;
    }
    await sleep(500);
  }
}

/** The message's header block and both its parts, decoded: all a mail client can show of it. */
const readable = (mail: ReceivedMail) =>
  [mail.raw.split(/\r?\n\r?\n/)[0], ...mail.headers.values(), mail.text, mail.html].join('\n');

/** The facts must be in the plain text and in the HTML alike. */
function expectBothParts(mail: ReceivedMail, ...facts: string[]) {
  for (const fact of facts) {
    expect(mail.text).toContain(fact);
    expect(mail.html).toContain(fact);
  }
}

/** The insurer's postal address, as the site's footer shows it to visitors. */
const footerAddress = async (page: Page) =>
  (
    (await page.locator('footer section[aria-labelledby="footer-company"] p').nth(1).textContent()) ?? ''
  ).trim();

/** A contact message sent from 聯絡我們 in Chromium; answers what its receipt shows. */
async function writeInChromium(message: ContactMessage) {
  const page = await visitor();
  await openApp(page, site.url('/contact'));
  await page.getByRole('heading', { level: 1, name: '聯絡我們' }).waitFor();
  await sendInChromium(page, message, 'solved');
  const receipt = page.locator('.contact-receipt');
  await receipt.getByRole('heading', { name: '留言已送出' }).waitFor();
  const contactNo = ((await receipt.locator('.application-no').textContent()) ?? '').trim();
  expect(contactNo).toMatch(/^CT\d{12}$/);
  const receivedAt = /^受理時間：(.+)$/.exec(
    ((await receipt.getByText(/^受理時間：/).textContent()) ?? '').trim(),
  )?.[1];
  const replyBy = /民國\d+年\d+月\d+日/.exec(
    (await receipt.locator('.contact-reply-by').textContent()) ?? '',
  )?.[0];
  const topic = (
    (await receipt
      .locator('dt', { hasText: '洽詢主題' })
      .locator('xpath=following-sibling::dd[1]')
      .textContent()) ?? ''
  ).trim();
  expect(receivedAt).toBeTruthy();
  expect(replyBy).toBeTruthy();
  expect(topic).not.toBe('');
  return { contactNo, receivedAt: receivedAt!, replyBy: replyBy!, topic };
}

/** The company's private facts, none of which an e-mail may carry (docs/specification.md, "E-mail"). */
function expectNothingPrivate(mail: ReceivedMail, applied: AppliedInChromium) {
  const whole = readable(mail);
  for (const person of applied.people) {
    for (const text of [mail.raw, whole]) expect(text).not.toContain(person.personId);
    for (const style of ['slash', 'chinese', 'compact'] as const)
      expect(whole).not.toContain(formatRoc(person.birthDate, style));
    expect(whole).not.toContain(person.birthDate);
  }
  for (const text of [mail.raw, whole]) expect(text).not.toContain(applied.printToken);
  // nor the company's 統一編號 or the contact's phones
  for (const fact of [SAMPLE_APPLICANT.taxId, SAMPLE_APPLICANT.mobile!, SAMPLE_APPLICANT.phone!])
    expect(whole).not.toContain(fact);
}

let applied: AppliedInChromium;
let insurerAddress: string;
/** the tries that failed while the mail server was down */
let failedTries = 0;

describe('e-mail through the outbox, in Chromium against the built server and a real SMTP server', () => {
  it('a visitor’s application brings one 申請受理通知 within 10 seconds, with nothing private in it', async () => {
    const page = await visitor();
    applied = await applyInChromium(site.server.origin, page);
    const { applicationNo, shownAt } = applied;
    const shownTime = /^受理時間：(.+)$/.exec(
      ((await page.getByText(/^受理時間：/).textContent()) ?? '').trim(),
    )?.[1];
    const contactBy = /業務人員將於 (民國\d+年\d+月\d+日)前/.exec(
      (await page.getByRole('region', { name: '接下來' }).textContent()) ?? '',
    )?.[1];
    expect(shownTime).toBeTruthy();
    expect(contactBy).toBeTruthy();
    insurerAddress = await footerAddress(page);
    expect(insurerAddress).toMatch(/號/);

    const came = await arrivals((mail) => mail.subject.includes(applicationNo), 1, shownAt + DELIVERY_MS);
    expect(came).toHaveLength(1);
    expect(came[0]!.receivedAt - shownAt).toBeLessThanOrEqual(DELIVERY_MS);
    await settled();
    expect(about(applicationNo)).toHaveLength(1);

    const [mail] = about(applicationNo) as [ReceivedMail];
    expect(mail.subject).toBe(`${PREFIX}申請受理通知（受理編號 ${applicationNo}）`);
    expect(mail.envelopeTo).toEqual([SAMPLE_APPLICANT.email]);
    expect(mail.envelopeFrom).toBe(MAIL_FROM);
    expect(mail.headers.get('to')).toEqual([`${SAMPLE_APPLICANT.contactName} <${SAMPLE_APPLICANT.email}>`]);
    expect(mail.messageId).toMatch(MESSAGE_ID);
    // 受理編號, 要保單位, the time STEP4 showed and the day staff call by, as the visitor read them there
    expectBothParts(mail, applicationNo, SAMPLE_APPLICANT.companyName, shownTime!, contactBy!);
    expectNothingPrivate(mail, applied);
  }, 120_000);

  it('each move an underwriter makes brings one 申請狀態更新 with its status and note; 待補件 says what to send and where', async () => {
    const { applicationNo } = applied;
    const moves = [
      { to: '資料審核中', note: '已開始核對要保書與被保險人名冊' },
      { to: '待補件', note: '蓋有公司大小章的要保書正本' },
    ];
    const page = await signedIn(STAFF.underwriter);
    await page.goto(site.url(`/staff/case?no=${applicationNo}`));
    await page.getByText(`受理編號 ${applicationNo}，目前狀態：已受理`, { exact: true }).waitFor();

    for (const { to, note } of moves) {
      await page.getByRole('button', { name: new RegExp(`^改為「${to}」`) }).click();
      const dialog = page.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^說明/ }).fill(note);
      await dialog.getByRole('button', { name: '確認', exact: true }).click();
      await page.getByText(`受理編號 ${applicationNo}，目前狀態：${to}`, { exact: true }).waitFor();
      const movedAt = Date.now();
      const subject = `${PREFIX}申請狀態更新：${to}（受理編號 ${applicationNo}）`;
      const came = await arrivals((mail) => mail.subject === subject, 1, movedAt + DELIVERY_MS);
      expect(came).toHaveLength(1);
    }
    await settled();

    // the notice of the application, and one message for each move: no more
    const mails = about(applicationNo);
    expect(mails.map((mail) => mail.subject)).toEqual([
      `${PREFIX}申請受理通知（受理編號 ${applicationNo}）`,
      ...moves.map(({ to }) => `${PREFIX}申請狀態更新：${to}（受理編號 ${applicationNo}）`),
    ]);
    for (const [i, { to, note }] of moves.entries()) {
      const mail = mails[i + 1]!;
      expect(mail.envelopeTo).toEqual([SAMPLE_APPLICANT.email]);
      expectBothParts(mail, applicationNo, SAMPLE_APPLICANT.companyName, to, note);
      expectNothingPrivate(mail, applied);
    }
    // at 待補件: the documents, and that they go to the staff who called or by post to the insurer's
    // address, 團體保險部收, with the 受理編號; at 資料審核中 nothing is asked for yet
    const [reviewing, waiting] = [mails[1]!, mails[2]!];
    expectBothParts(waiting, '業務人員', insurerAddress, '團體保險部收');
    expect(waiting.text).toMatch(new RegExp(`補送.*${moves[1]!.note}`));
    expect(waiting.text).toMatch(new RegExp(`業務人員.*${insurerAddress}.*團體保險部收.*受理編號`));
    expect(reviewing.text).not.toContain('團體保險部收');
    expect(new Set(mails.map((mail) => mail.messageId)).size).toBe(mails.length);
  }, 120_000);

  it('a contact message brings one acknowledgement, and the service desk’s reply one reply', async () => {
    const message: ContactMessage = { ...SAMPLE_CONTACT_MESSAGE, topic: 'claim' };
    const sent = await writeInChromium(message);
    const sentAt = Date.now();
    const { contactNo, topic } = sent;
    const acknowledgement = `${PREFIX}已收到您的留言（案件編號 ${contactNo}）`;
    expect(await arrivals((mail) => mail.subject === acknowledgement, 1, sentAt + DELIVERY_MS)).toHaveLength(
      1,
    );

    const page = await signedIn(STAFF.service);
    await page.getByRole('link', { name: contactNo }).click();
    const state = (status: string) => page.getByText(new RegExp(`^案件編號 ${contactNo}，狀態：${status}，`));
    await state('新訊息').waitFor();
    await page.getByRole('button', { name: '指派給我' }).click();
    await state('處理中').waitFor();
    const reply = ['您好，理賠申請書可於網站下載。', '請連同診斷證明書正本寄回，謝謝。'];
    await page.getByRole('textbox', { name: /^回覆內容/ }).fill(reply.join('\n'));
    await page.getByRole('button', { name: '保存回覆', exact: true }).click();
    // the page says the reply is kept and will be e-mailed; its wording is the screen's to choose
    await page.getByText(/^回覆已保存，.*電子郵件寄給寄件人。$/).waitFor();
    await state('已回覆').waitFor();
    const repliedAt = Date.now();
    const replied = `${PREFIX}回覆您的留言：${topic}（案件編號 ${contactNo}）`;
    expect(await arrivals((mail) => mail.subject === replied, 1, repliedAt + DELIVERY_MS)).toHaveLength(1);
    await settled();

    const mails = about(contactNo);
    expect(mails.map((mail) => mail.subject)).toEqual([acknowledgement, replied]);
    for (const mail of mails) {
      expect(mail.envelopeTo).toEqual([message.email]);
      expect(mail.messageId).toMatch(MESSAGE_ID);
      expectBothParts(mail, contactNo, topic);
    }
    // 留言時間 and the day the reply comes by, as the receipt showed them; nothing the sender typed, not
    // even the name beside the address (issue 45): anyone can send the form with any address in it
    expectBothParts(mails[0]!, sent.receivedAt, sent.replyBy);
    expect(mails[0]!.headers.get('to')).toEqual([message.email]);
    for (const typed of [message.name, message.companyName, message.content.split('\n')[0]!])
      expect(`${mails[0]!.text}${mails[0]!.html}`).not.toContain(typed);
    expect(mails[1]!.headers.get('to')).toEqual([`${message.name} <${message.email}>`]);
    // the reply as written, each of its lines
    expectBothParts(mails[1]!, ...reply);
    expect(mails[0]!.messageId).not.toBe(mails[1]!.messageId);
  }, 120_000);

  it('with the mail server down the causes stand, and once it is back every message arrives once', async () => {
    await inbox!.stop();
    const before = received().length;
    const page = await visitor();
    const { applicationNo } = await applyInChromium(site.server.origin, page);
    const { contactNo } = await writeInChromium({ ...SAMPLE_CONTACT_MESSAGE, topic: 'application' });

    // the worker has tried each and failed: each waits, a try used, the connection's error kept
    const tried = (entry: OutboxEntry | undefined) =>
      entry?.state === 'waiting' && entry.attempts >= 1 && entry.lastError !== null;
    const entriesOf = (page: OutboxPage) => [
      page.entries.find((entry) => entry.applicationNo === applicationNo),
      page.entries.find((entry) => entry.contactNo === contactNo),
    ];
    const deadline = Date.now() + 30_000;
    let entries = entriesOf(await outbox());
    while (!entries.every(tried) && Date.now() < deadline) {
      await sleep(500);
      entries = entriesOf(await outbox());
    }
    expect(entries.map(tried)).toEqual([true, true]);
    expect(received()).toHaveLength(before);

    await inbox!.start();
    const restartedAt = Date.now();
    const came = await arrivals(
      (mail) => mail.subject.includes(applicationNo) || mail.subject.includes(contactNo),
      2,
      restartedAt + RETRY_MS,
    );
    expect(came).toHaveLength(2);
    const all = await settled();

    // one message per cause, each its own row's Message-ID
    const [application, contact] = entries as [OutboxEntry, OutboxEntry];
    expect(about(applicationNo).map((mail) => mail.subject)).toEqual([
      `${PREFIX}申請受理通知（受理編號 ${applicationNo}）`,
    ]);
    expect(about(contactNo).map((mail) => mail.subject)).toEqual([
      `${PREFIX}已收到您的留言（案件編號 ${contactNo}）`,
    ]);
    expect(about(applicationNo)[0]!.messageId).toBe(`<${application.messageId}@insure.example.com.tw>`);
    expect(about(contactNo)[0]!.messageId).toBe(`<${contact.messageId}@insure.example.com.tw>`);
    // each sent on a try after the failed one(s)
    const sentNow = all.entries.filter((entry) => entry.id === application.id || entry.id === contact.id);
    expect(sentNow.map((entry) => entry.state)).toEqual(['sent', 'sent']);
    for (const entry of sentNow) expect(entry.attempts).toBeGreaterThanOrEqual(2);
    failedTries = sentNow.reduce((sum, entry) => sum + entry.attempts - 1, 0);

    // across the file: every message the server wrote came once, and no Message-ID twice
    const ids = received().map((mail) => mail.messageId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(all.total).toBe(ids.length);
    expect(all.counts.sent).toBe(ids.length);
  }, 300_000);

  it('the server’s log names the messages it sent, never a recipient’s address', () => {
    const log = site.server.output();
    // each message sent is logged once by its row, and the failed tries too
    expect(log.match(/"msg":"e-mail sent"/g)).toHaveLength(received().length);
    expect(failedTries).toBeGreaterThanOrEqual(2);
    expect(log.match(/"msg":"e-mail not sent"/g)).toHaveLength(failedTries);
    expect(log).toMatch(/"outboxId":\d+/);
    for (const address of new Set(received().flatMap((mail) => mail.envelopeTo))) {
      expect(address).toMatch(/@/);
      expect(log).not.toContain(address);
    }
  });
});
