import { describe, expect, it } from 'vitest';
import { oneLine, renderMail } from '../../src/server/mail/mail-document';
import {
  applicationMovedMail,
  applicationReceivedMail,
  contactReceivedMail,
  contactRepliedMail,
  documentsOverdueNotice,
  newApplicationNotice,
  newContactNotice,
} from '../../src/server/mail/message-wording';

// Issue 36: every message in plain text and simple HTML with the same facts; what a company or a sender
// typed is text in the HTML, never markup; a subject is one line.

const SITE = 'https://insure.example.com.tw/';
const COMPANY = `晴空<script>alert(1)</script> & "軟體" '雲端' 股份有限公司`;
const ESCAPED_COMPANY =
  '晴空&lt;script&gt;alert(1)&lt;/script&gt; &amp; &quot;軟體&quot; &#39;雲端&#39; 股份有限公司';
const AT = new Date('2026-11-24T06:05:00Z');

const MAILS = {
  received: applicationReceivedMail({
    applicationNo: 'GI115112400001',
    companyName: COMPANY,
    contactName: '黃怡君',
    items: ['基本型', '自選保障組合'],
    headcount: 12,
    startDate: '2026-12-15',
    submittedAt: AT,
    contactBy: '2026-11-27',
    siteUrl: SITE,
  }),
  moved: applicationMovedMail({
    applicationNo: 'GI115112400001',
    companyName: COMPANY,
    contactName: '黃怡君',
    status: '待補件',
    note: '請補送名冊 <正本>',
    at: AT,
    siteUrl: SITE,
  }),
  contact: contactReceivedMail({
    contactNo: 'CT115112400003',
    topic: 'quote',
    receivedAt: AT,
    replyBy: '2026-11-26',
  }),
  reply: contactRepliedMail({
    contactNo: 'CT115112400003',
    name: '陳美玲',
    topic: 'claim',
    reply: '第一行\n第二行 <b>',
  }),
  newApplication: newApplicationNotice({
    applicationNo: 'GI115112400001',
    companyName: COMPANY,
    headcount: 12,
    siteUrl: SITE,
  }),
  newContact: newContactNotice({
    contactNo: 'CT115112400003',
    companyName: COMPANY,
    topic: 'other',
    siteUrl: SITE,
  }),
  overdue: documentsOverdueNotice({
    applicationNo: 'GI115112400001',
    companyName: COMPANY,
    waitingSince: AT,
    siteUrl: SITE,
  }),
};

describe('the e-mails’ wording', () => {
  it.each(Object.entries(MAILS))(
    '%s: one-line subject, the company escaped in the HTML and plain in the text',
    (_, mail) => {
      expect(mail.subject).not.toMatch(/[\r\n]/);
      expect(mail.subject.startsWith('【晴川人壽團體保險】')).toBe(true);
      expect(mail.html).not.toContain('<script>');
      if (mail.text.includes(COMPANY)) expect(mail.html).toContain(ESCAPED_COMPANY);
      expect(mail.html.startsWith('<!doctype html>')).toBe(true);
    },
  );

  it('says the same facts in both parts: each text line’s words are in the HTML', () => {
    for (const mail of Object.values(MAILS)) {
      const decoded = mail.html
        .replace(/<[^>]+>/g, '\n')
        .replaceAll('&lt;', '<')
        .replaceAll('&gt;', '>')
        .replaceAll('&quot;', '"')
        .replaceAll('&#39;', "'")
        .replaceAll('&amp;', '&');
      for (const line of mail.text.split('\n').filter(Boolean)) {
        const words = line.replace(/^> /, '').split('：').at(-1)!.trim();
        expect(decoded).toContain(words);
      }
    }
  });

  it('gives the application’s facts, the next step and the progress page, in Taipei time and ROC dates', () => {
    const { text } = MAILS.received;
    expect(text).toContain('受理編號：GI115112400001');
    expect(text).toContain('申請內容：基本型、自選保障組合');
    expect(text).toContain('投保人數：12 人');
    expect(text).toContain('投保始期：民國115年12月15日');
    expect(text).toContain('受理時間：民國115年11月24日 14:05');
    expect(text).toContain('民國115年11月27日 前與您聯繫');
    expect(text).toContain('https://insure.example.com.tw/groupins/progress');
  });

  it('at 待補件 names the documents and where they go, and that more may be asked', () => {
    const { subject, text } = MAILS.moved;
    expect(subject).toBe('【晴川人壽團體保險】申請狀態更新：待補件（受理編號 GI115112400001）');
    expect(text).toContain('說明：請補送名冊 <正本>');
    expect(text).toContain(
      '請補送：請補送名冊 <正本>。可交給與您聯繫的業務人員，或寄至 臺北市信義區松仁路100號（團體保險部收）',
    );
    expect(text).not.toContain('如需補充資料');
  });

  it('quotes a reply line by line and names the topic by its label', () => {
    expect(MAILS.reply.subject).toBe('【晴川人壽團體保險】回覆您的留言：理賠服務（案件編號 CT115112400003）');
    expect(MAILS.reply.text).toContain('> 第一行\n> 第二行 <b>');
    expect(MAILS.reply.html).toContain('<blockquote>第一行<br>第二行 &lt;b&gt;</blockquote>');
  });

  it('links staff notices into the back office', () => {
    expect(MAILS.newApplication.text).toContain(
      'https://insure.example.com.tw/groupins/staff/case?no=GI115112400001',
    );
    expect(MAILS.newContact.text).toContain(
      'https://insure.example.com.tw/groupins/staff/contacts?no=CT115112400003',
    );
    expect(MAILS.overdue.subject).toContain('待補件逾 7 日 GI115112400001');
  });

  it('tells each reader, by name, what it is about and what happens next, signed by the insurer', () => {
    const SIGNED =
      '\n\n晴川人壽保險股份有限公司 團體保險部\n客服專線 0800-012-345（週一至週五 09:00–18:00（國定假日除外））\n此信件由系統自動發送，請勿直接回覆。\n';
    const PROGRESS =
      '申請進度查詢（請輸入受理編號、統一編號與聯絡手機）：https://insure.example.com.tw/groupins/progress';
    for (const mail of [MAILS.received, MAILS.moved, MAILS.contact, MAILS.reply])
      expect(mail.text.endsWith(SIGNED)).toBe(true);

    expect(MAILS.received.subject).toBe('【晴川人壽團體保險】申請受理通知（受理編號 GI115112400001）');
    expect(
      MAILS.received.text.startsWith('黃怡君 您好：\n\n我們已受理貴公司的團體保險投保申請，內容如下：\n'),
    ).toBe(true);
    expect(MAILS.received.text).toContain(`要保單位：${COMPANY}\n`);
    expect(MAILS.received.text).toContain('要保書可於網站的「套印要保書」以受理編號列印。');
    expect(MAILS.received.text).toContain(`${PROGRESS}${SIGNED}`);

    const reviewing = applicationMovedMail({
      applicationNo: 'GI115112400001',
      companyName: COMPANY,
      contactName: '黃怡君',
      status: '資料審核中',
      note: null,
      at: AT,
      siteUrl: SITE,
    });
    expect(reviewing.text.startsWith('黃怡君 您好：\n\n貴公司的團體保險投保申請狀態已更新：\n')).toBe(true);
    expect(reviewing.text).toContain('目前狀態：資料審核中\n更新時間：民國115年11月24日 14:05\n\n接下來：');
    expect(reviewing.text).toContain('如需補充資料，會與聯絡人聯繫。');
    expect(reviewing.text).not.toContain('說明：');
    expect(reviewing.text).toContain(`${PROGRESS}${SIGNED}`);

    expect(MAILS.contact.subject).toBe('【晴川人壽團體保險】已收到您的留言（案件編號 CT115112400003）');
    expect(MAILS.contact.text).toContain(
      '客服人員將於 民國115年11月26日 前回覆您；如需再聯繫，請提供案件編號。',
    );

    expect(
      MAILS.reply.text.startsWith('陳美玲 您好：\n\n案件編號：CT115112400003\n洽詢主題：理賠服務\n'),
    ).toBe(true);
    expect(MAILS.reply.text).toContain('關於您的留言，客服人員回覆如下：');
    expect(MAILS.reply.text).toContain('如需再聯繫，請於網站「聯絡我們」留言並註明案件編號。');
  });

  // Issue 45: anyone with a solved captcha can have it sent to any address, so it says only what the
  // server itself decided: the number, the topic of the form's fixed list, the times; nobody by name
  it('acknowledges a contact message without a name, a company or a link: the number, topic and times', () => {
    const SIGNED =
      '\n\n晴川人壽保險股份有限公司 團體保險部\n客服專線 0800-012-345（週一至週五 09:00–18:00（國定假日除外））\n此信件由系統自動發送，請勿直接回覆。\n';
    expect(MAILS.contact.text).toBe(
      '您好：\n\n已收到您的留言，謝謝您與我們聯繫。\n\n' +
        '案件編號：CT115112400003\n洽詢主題：投保規劃與報價\n留言時間：民國115年11月24日 14:05\n\n' +
        '客服人員將於 民國115年11月26日 前回覆您；如需再聯繫，請提供案件編號。\n\n' +
        `如您未曾於本公司網站留言，請忽略此信。${SIGNED}`,
    );
    expect(MAILS.contact.html).not.toMatch(/<a\b|https?:/);
  });

  it('gives staff one line and a link, and says why they get it', () => {
    const BACK_OFFICE = 'https://insure.example.com.tw/groupins/staff';
    const WHY = '\n\n此通知依您在後台選擇的通知項目寄送。\n';
    expect(MAILS.newApplication.subject).toBe('【晴川人壽團體保險】新申請案件 GI115112400001');
    expect(MAILS.newApplication.text).toBe(
      `您好：\n\n新申請案件 GI115112400001：${COMPANY}，12 人。\n\n後台：${BACK_OFFICE}/case?no=GI115112400001${WHY}`,
    );
    expect(MAILS.newContact.subject).toBe('【晴川人壽團體保險】新聯絡訊息 CT115112400003');
    expect(MAILS.newContact.text).toContain(`新聯絡訊息 CT115112400003：其他（${COMPANY}）。`);
    expect(MAILS.overdue.subject).toBe('【晴川人壽團體保險】待補件逾 7 日 GI115112400001');
    expect(MAILS.overdue.text).toBe(
      `您好：\n\n待補件逾 7 日 GI115112400001：${COMPANY}，自 民國115年11月24日 14:05 起等候補件。\n\n後台：${BACK_OFFICE}/case?no=GI115112400001${WHY}`,
    );
  });

  it('makes any control character of a subject a space', () => {
    expect(oneLine('申請\r\nBcc: a@b.tw\u2028X')).toBe('申請 Bcc: a@b.tw X');
    expect(renderMail({ subject: 'a\nb', greeting: '', blocks: [], signature: [] }).subject).toBe('a b');
  });
});
