import { movesFrom } from '../../../machines/application.machine';
import type { ApplicationStatus } from '../../domain/application-status';
import { type ContactTopic, contactTopicLabel } from '../../domain/contact-topics';
import { EMAIL_CODE_MAX_FAILURES, EMAIL_CODE_MINUTES } from '../../domain/email-code';
import { INSURER } from '../../domain/insurer';
import { formatRoc, formatRocInstant, type IsoDate } from '../../domain/roc-date';
import { BASE_PATH } from '../../domain/screens';
import { DOCUMENTS_OVERDUE_DAYS } from '../../domain/staff-notifications';
import { staffHref } from '../../domain/staff-pages';
import {
  ACCEPTED_GUIDANCE,
  DOCUMENTS_DESTINATION,
  MAY_ASK_DOCUMENTS,
  PLAIN_GUIDANCE,
} from '../../domain/status-guidance';
import { CODE_PLACEHOLDER } from './code-placeholder';
import { type MailBlock, type RenderedMail, renderMail } from './mail-document';

/*
 * The wording of every e-mail the site sends (issue 36, docs/specification.md "E-mail"), in one place. Each
 * message says who it is for, the number it is about and what happens next; none carries an ID number, a
 * birth date, a print token or a password, and none the company's 統一編號 or the contact's phone.
 */

const SUBJECT_PREFIX = `【${INSURER.shortName}團體保險】`;

const SIGNATURE = [
  `${INSURER.name} 團體保險部`,
  `客服專線 ${INSURER.serviceLine}（${INSURER.serviceHours}）`,
  '此信件由系統自動發送，請勿直接回覆。',
];

/** The site's public address without a trailing slash. */
const origin = (siteUrl: string) => siteUrl.replace(/\/+$/, '');

/** The progress page (進度查詢, ODGAF060) under the site's public address. */
export function progressPageUrl(siteUrl: string): string {
  return `${origin(siteUrl)}${BASE_PATH}progress`;
}

const progressLink = (siteUrl: string): MailBlock => ({
  kind: 'link',
  label: '申請進度查詢（請輸入受理編號、統一編號與聯絡手機）',
  url: progressPageUrl(siteUrl),
});

export interface ApplicationReceived {
  applicationNo: string;
  companyName: string;
  contactName: string;
  /** what was applied for: the items' titles */
  items: readonly string[];
  headcount: number;
  startDate: IsoDate;
  submittedAt: Date;
  /** the day staff call by (3 working days) */
  contactBy: IsoDate;
  siteUrl: string;
}

/** 申請受理通知: the application is stored. */
export function applicationReceivedMail(m: ApplicationReceived): RenderedMail {
  return renderMail({
    subject: `${SUBJECT_PREFIX}申請受理通知（受理編號 ${m.applicationNo}）`,
    greeting: `${m.contactName} 您好：`,
    blocks: [
      { kind: 'paragraph', text: `我們已受理貴公司的團體保險投保申請，內容如下：` },
      {
        kind: 'facts',
        rows: [
          ['受理編號', m.applicationNo],
          ['要保單位', m.companyName],
          ['申請內容', m.items.join('、')],
          ['投保人數', `${m.headcount} 人`],
          ['投保始期', formatRoc(m.startDate, 'chinese')],
          ['受理時間', formatRocInstant(m.submittedAt)],
        ],
      },
      {
        kind: 'paragraph',
        text: `接下來：業務人員將於 ${formatRoc(m.contactBy, 'chinese')} 前與您聯繫，確認投保內容與保費。請先備妥蓋有公司大小章的要保書正本與被保險人名冊；要保書可於網站的「套印要保書」以受理編號列印。`,
      },
      progressLink(m.siteUrl),
    ],
    signature: SIGNATURE,
  });
}

export interface ApplicationMoved {
  applicationNo: string;
  companyName: string;
  contactName: string;
  status: ApplicationStatus;
  /** the note staff wrote with the move, if any */
  note: string | null;
  at: Date;
  siteUrl: string;
}

/** What the company does at each status, in the progress page's words. */
function nextStepAt(status: ApplicationStatus, note: string | null): string {
  const own =
    status === '已受理'
      ? ACCEPTED_GUIDANCE
      : status === '待補件'
        ? `請補送：${note ?? ''}。${DOCUMENTS_DESTINATION}`
        : PLAIN_GUIDANCE[status];
  const mayAsk = movesFrom(status).some((move) => move.event === 'documents.request');
  return mayAsk ? `${own}${MAY_ASK_DOCUMENTS}` : own;
}

/** 申請狀態更新: staff moved the application. */
export function applicationMovedMail(m: ApplicationMoved): RenderedMail {
  return renderMail({
    subject: `${SUBJECT_PREFIX}申請狀態更新：${m.status}（受理編號 ${m.applicationNo}）`,
    greeting: `${m.contactName} 您好：`,
    blocks: [
      { kind: 'paragraph', text: `貴公司的團體保險投保申請狀態已更新：` },
      {
        kind: 'facts',
        rows: [
          ['受理編號', m.applicationNo],
          ['要保單位', m.companyName],
          ['目前狀態', m.status],
          ['更新時間', formatRocInstant(m.at)],
          ...(m.note ? [['說明', m.note] as const] : []),
        ],
      },
      { kind: 'paragraph', text: `接下來：${nextStepAt(m.status, m.note)}` },
      progressLink(m.siteUrl),
    ],
    signature: SIGNATURE,
  });
}

/**
 * What the acknowledgement says. Anyone who solves a captcha can have it sent to any address, so it carries
 * nothing the sender typed (no name, company or message, no link from the form): only the 案件編號, the topic
 * chosen from the form's fixed list and the times the server set.
 */
export interface ContactReceived {
  contactNo: string;
  topic: ContactTopic;
  receivedAt: Date;
  /** the day the service desk answers by */
  replyBy: IsoDate;
}

/** 已收到您的留言: a contact message is stored. */
export function contactReceivedMail(m: ContactReceived): RenderedMail {
  return renderMail({
    subject: `${SUBJECT_PREFIX}已收到您的留言（案件編號 ${m.contactNo}）`,
    greeting: '您好：',
    blocks: [
      { kind: 'paragraph', text: '已收到您的留言，謝謝您與我們聯繫。' },
      {
        kind: 'facts',
        rows: [
          ['案件編號', m.contactNo],
          ['洽詢主題', contactTopicLabel(m.topic)],
          ['留言時間', formatRocInstant(m.receivedAt)],
        ],
      },
      {
        kind: 'paragraph',
        text: `客服人員將於 ${formatRoc(m.replyBy, 'chinese')} 前回覆您；如需再聯繫，請提供案件編號。`,
      },
      { kind: 'paragraph', text: '如您未曾於本公司網站留言，請忽略此信。' },
    ],
    signature: SIGNATURE,
  });
}

export interface ContactReplied {
  contactNo: string;
  name: string;
  topic: string;
  reply: string;
}

/** The service desk's reply to a contact message. */
export function contactRepliedMail(m: ContactReplied): RenderedMail {
  const topic = contactTopicLabel(m.topic);
  return renderMail({
    subject: `${SUBJECT_PREFIX}回覆您的留言：${topic}（案件編號 ${m.contactNo}）`,
    greeting: `${m.name} 您好：`,
    blocks: [
      {
        kind: 'facts',
        rows: [
          ['案件編號', m.contactNo],
          ['洽詢主題', topic],
        ],
      },
      { kind: 'paragraph', text: '關於您的留言，客服人員回覆如下：' },
      { kind: 'quote', text: m.reply },
      { kind: 'paragraph', text: '如需再聯繫，請於網站「聯絡我們」留言並註明案件編號。' },
    ],
    signature: SIGNATURE,
  });
}

/** A notice to staff: one line and a link into the back office (issue 36). */
function staffNotice(subject: string, line: string, url: string): RenderedMail {
  return renderMail({
    subject: `${SUBJECT_PREFIX}${subject}`,
    greeting: '您好：',
    blocks: [
      { kind: 'paragraph', text: line },
      { kind: 'link', label: '後台', url },
    ],
    signature: ['此通知依您在後台選擇的通知項目寄送。'],
  });
}

/** 新申請案件, to the underwriters who chose it. */
export function newApplicationNotice(m: {
  applicationNo: string;
  companyName: string;
  headcount: number;
  siteUrl: string;
}): RenderedMail {
  return staffNotice(
    `新申請案件 ${m.applicationNo}`,
    `新申請案件 ${m.applicationNo}：${m.companyName}，${m.headcount} 人。`,
    `${origin(m.siteUrl)}${staffHref('case', `?no=${m.applicationNo}`)}`,
  );
}

/** 新聯絡訊息, to the service people who chose it. */
export function newContactNotice(m: {
  contactNo: string;
  companyName: string;
  topic: string;
  siteUrl: string;
}): RenderedMail {
  return staffNotice(
    `新聯絡訊息 ${m.contactNo}`,
    `新聯絡訊息 ${m.contactNo}：${contactTopicLabel(m.topic)}（${m.companyName}）。`,
    `${origin(m.siteUrl)}${staffHref('contacts', `?no=${m.contactNo}`)}`,
  );
}

/** 待補件逾 7 日, to the underwriters who chose it. */
export function documentsOverdueNotice(m: {
  applicationNo: string;
  companyName: string;
  waitingSince: Date;
  siteUrl: string;
}): RenderedMail {
  return staffNotice(
    `待補件逾 ${DOCUMENTS_OVERDUE_DAYS} 日 ${m.applicationNo}`,
    `待補件逾 ${DOCUMENTS_OVERDUE_DAYS} 日 ${m.applicationNo}：${m.companyName}，自 ${formatRocInstant(m.waitingSince)} 起等候補件。`,
    `${origin(m.siteUrl)}${staffHref('case', `?no=${m.applicationNo}`)}`,
  );
}

/** The code's lines: the code (as CODE_PLACEHOLDER, put in as it is sent), how long it works, and why. */
const codeBlocks = (purpose: string): MailBlock[] => [
  { kind: 'facts', rows: [['驗證碼', CODE_PLACEHOLDER]] },
  {
    kind: 'paragraph',
    text: `${purpose}請在 ${EMAIL_CODE_MINUTES} 分鐘內於網頁輸入此驗證碼；驗證碼只能使用一次，輸入錯誤 ${EMAIL_CODE_MAX_FAILURES} 次即失效。本公司人員不會向您詢問驗證碼，請勿告訴任何人。若您沒有提出此申請，請忽略此信。`,
  },
];

/** 列印被保險人名冊驗證碼, to the application's contact (issue 45). */
export function rosterCodeMail(m: { applicationNo: string; contactName: string }): RenderedMail {
  return renderMail({
    subject: `${SUBJECT_PREFIX}列印被保險人名冊驗證碼（受理編號 ${m.applicationNo}）`,
    greeting: `${m.contactName} 您好：`,
    blocks: [
      {
        kind: 'paragraph',
        text: `有人在網站的「套印要保書」要求列印受理編號 ${m.applicationNo} 的被保險人名冊。名冊載有被保險人完整的身分證字號與出生日期，列印前須輸入以下驗證碼。`,
      },
      ...codeBlocks('列印名冊：'),
    ],
    signature: SIGNATURE,
  });
}

/** 通知信箱驗證碼, to the new address a staff member gave for their notices (issue 45). */
export function noticeAddressCodeMail(m: { staff: string }): RenderedMail {
  return renderMail({
    subject: `${SUBJECT_PREFIX}通知信箱驗證碼`,
    greeting: `${m.staff} 您好：`,
    blocks: [
      { kind: 'paragraph', text: '您在後台「通知設定」將此信箱設為通知信箱，確認後才會寄送通知至此。' },
      ...codeBlocks('確認信箱：'),
    ],
    signature: ['此信件由系統自動發送，請勿直接回覆。'],
  });
}
