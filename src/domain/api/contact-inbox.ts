import { boolean, type InferType, object } from 'yup';
import { CONTACT_NOTE_MAX, CONTACT_REPLY_MAX, CONTACT_STATUSES } from '../contact-status';
import { messages } from '../messages';
import { validDate } from '../validation/date-rules';
import { choice, dateText, paragraphs, text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { maxLength } from '../validation/text-rules';
import { CONTACT_NO } from './contact';
import { versionField, wholeNumber } from './staff';

/*
 * The back office's contact inbox (聯絡訊息, issue 35): what a service person sends to list, read, take,
 * annotate, answer and move the site's contact messages. The endpoints come with the screens; the
 * repository (src/server/db/repositories/contact-inbox.ts) takes these bodies as parsed.
 */

/** Messages on one page of the inbox. */
export const CONTACT_INBOX_PAGE_SIZE = 20;

/** A staff account's name as the session carries it. */
export const staffNameSchema = text('處理人員').required().test(maxLength(32));

/** An internal note: staff read it, the sender never does. */
export const contactNoteTextSchema = paragraphs('內部備註').required().test(maxLength(CONTACT_NOTE_MAX));

/** The reply to the sender. */
export const contactReplyTextSchema = paragraphs('回覆內容').required().test(maxLength(CONTACT_REPLY_MAX));

const contactNo = () =>
  text('案件編號')
    .required()
    .matches(CONTACT_NO, { message: (p) => messages.format(labelOf(p)) });

/** Each write names the message and the version the screen read, so a change by someone else shows. */
const seen = {
  contactNo: contactNo(),
  version: versionField(0),
};

/** The inbox's filters and page; every filter optional. */
export const contactInboxQuerySchema = object({
  status: choice('狀態').oneOf(CONTACT_STATUSES),
  assignee: text('處理人員').test(maxLength(32)),
  quoteOnly: boolean().label('僅報價需求'),
  receivedFrom: dateText('收件日期起').test(validDate()),
  receivedTo: dateText('收件日期迄').test(validDate()),
  page: wholeNumber('頁次', 1, 10_000).default(1),
});
export type ContactInboxQuery = InferType<typeof contactInboxQuerySchema>;

/** Body of a note: no move, so no version (two notes at once both land). */
export const contactNoteSchema = object({ contactNo: contactNo(), text: contactNoteTextSchema });
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
