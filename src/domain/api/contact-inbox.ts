import { boolean, type InferType, object } from 'yup';
import { CONTACT_NOTE_MAX, CONTACT_REPLY_MAX, CONTACT_STATUSES, type ContactStatus } from '../contact-status';
import { messages } from '../messages';
import { validDate } from '../validation/date-rules';
import { choice, dateText, paragraphs, text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { pageField } from '../validation/query-fields';
import { maxLength } from '../validation/text-rules';
import { CONTACT_NO, type ContactQuoteCover } from './contact';
import { type AuditEntry, versionField } from './staff';

/*
 * The back office's contact inbox (聯絡訊息, issue 35): what a service person sends to list, read, take,
 * annotate, answer and move the site's contact messages: GET staff/contacts (the list), GET
 * staff/contacts/:contactNo (one message) and POST …/assign, …/move, …/note and …/reply, each of the
 * service desk. The path names the message; the body what is done to it.
 */

/** Messages on one page of the inbox. */
export const CONTACT_INBOX_PAGE_SIZE = 20;

/** A staff account's name as the session carries it. */
export const staffNameSchema = text('處理人員').required().test(maxLength(32));

/** An internal note: staff read it, the sender never does. */
export const contactNoteTextSchema = paragraphs('內部備註').required().test(maxLength(CONTACT_NOTE_MAX));

/** The reply to the sender. */
export const contactReplyTextSchema = paragraphs('回覆內容').required().test(maxLength(CONTACT_REPLY_MAX));

/** Path of one message's calls. */
export const contactParamsSchema = object({
  contactNo: text('案件編號')
    .required()
    .matches(CONTACT_NO, { message: (p) => messages.format(labelOf(p)) }),
});

/** Each move names the version the screen read, so a change by someone else shows. */
const seen = { version: versionField(0) };

/** The inbox's filters and page; every filter optional. */
export const contactInboxQuerySchema = object({
  status: choice('狀態').oneOf(CONTACT_STATUSES),
  assignee: text('處理人員').test(maxLength(32)),
  quoteOnly: boolean().label('僅報價需求'),
  receivedFrom: dateText('收件日期起').test(validDate()),
  receivedTo: dateText('收件日期迄').test(validDate()),
  page: pageField('頁次'),
});
export type ContactInboxQuery = InferType<typeof contactInboxQuerySchema>;

/** Body of a note: no move, so no version (two notes at once both land). */
export const contactNoteSchema = object({ text: contactNoteTextSchema });
/** Body of a reply: the message moves to 已回覆. */
export const contactReplySchema = object({ ...seen, text: contactReplyTextSchema });
/** Body of 指派給我: the person is the session's. */
export const contactAssignSchema = object(seen);
/** Body of the moves that carry nothing more than themselves. */
export const contactMoveSchema = object({
  ...seen,
  move: choice('動作')
    .required()
    .oneOf(['message.close', 'message.reopen'] as const),
});
export type ContactMove = InferType<typeof contactMoveSchema>;
export type ContactAssign = InferType<typeof contactAssignSchema>;
export type ContactNote = InferType<typeof contactNoteSchema>;
export type ContactReply = InferType<typeof contactReplySchema>;

/** What the screen may do with a message now: the machine's events from its status. */
export type ContactAction = 'message.assign' | 'message.reply' | 'message.close' | 'message.reopen';

/** One row of the inbox as the screen reads it. */
export interface ContactInboxRow {
  contactNo: string;
  status: ContactStatus;
  assignee: string | null;
  version: number;
  /** ISO instant */
  receivedAt: string;
  /** ISO date by which the sender was promised an answer */
  replyBy: string;
  name: string;
  companyName: string;
  topic: string;
  /** a quote request's head count; null for any other message */
  quoteHeadcount: number | null;
  /** the title of a quote request's cover as the tryout priced it (基本型); null for any other message */
  quoteTitle: string | null;
}

export interface ContactInboxPage {
  messages: ContactInboxRow[];
  total: number;
  page: number;
  pageSize: number;
  /** messages per status under the filters other than the status */
  counts: Record<ContactStatus, number>;
}

/** A note or a kept reply: who wrote it, when (ISO instant), what. */
export interface ContactEntryView {
  author: string;
  at: string;
  text: string;
}

/** One message with everything the sender gave, its notes, its replies and what staff did with it. */
export interface ContactCase {
  message: ContactInboxRow & {
    taxId: string | null;
    mobile: string | null;
    phone: string | null;
    phoneExt: string | null;
    email: string;
    content: string;
    /** the tryout's cover and head count that were priced; null when not a quote request */
    quote: { cover: ContactQuoteCover; headcount: number } | null;
    /** internal: the sender never sees them */
    notes: ContactEntryView[];
    /** kept with the message (not sent by e-mail yet) */
    replies: ContactEntryView[];
  };
  /** what staff did with it, newest first */
  history: AuditEntry[];
  /** the moves the message machine takes from its status */
  actions: ContactAction[];
}

/** A write refused because someone changed the message first: where it stands now. */
export interface ContactOvertaken {
  status: ContactStatus;
  assignee: string | null;
  version: number;
}
