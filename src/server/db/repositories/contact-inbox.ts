import { type Kysely, sql, type Transaction } from 'kysely';
import { DateTime } from 'luxon';
import { type ContactMessageEvent, nextContactStatus } from '../../../../machines/contact-message.machine';
import type { ContactQuoteCover } from '../../../domain/api/contact';
import { CONTACT_INBOX_PAGE_SIZE, type ContactInboxQuery } from '../../../domain/api/contact-inbox';
import { CONTACT_STATUS_LABELS, CONTACT_STATUSES, type ContactStatus } from '../../../domain/contact-status';
import { addDays, TAIPEI } from '../../../domain/roc-date';
import { staffMessages } from '../../../domain/staff-messages';
import { queueContactReplied } from '../../mail/queued-messages';
import { Refusal } from '../refusable-write';
import type { Database } from '../schema';

/*
 * The back office's contact inbox (聯絡訊息, issue 35): what its endpoints read and write. Each write takes
 * the caller's transaction, so the audit entry (recordAudit) lands with it or not at all, and answers a
 * Refusal for the caller's refusableWrite to roll back. A move is accepted only when the message machine
 * takes it from the stored status, and only from the version the screen read: of two people changing a
 * message at once one lands, the other is told 「此訊息已由他人更新」 with the message as it now is.
 */

type Db = Kysely<Database> | Transaction<Database>;

/** Where a message stands: what a screen shows and what its next write names. */
export interface ContactState {
  contactNo: string;
  status: ContactStatus;
  assignee: string | null;
  /** raised by every change; the next write names it */
  version: number;
}

/** One row of the inbox's list. */
export interface InboxMessage extends ContactState {
  receivedAt: Date;
  /** ISO date by which the sender was promised an answer */
  replyBy: string;
  name: string;
  companyName: string;
  topic: string;
  /** a quote request's head count; null for any other message */
  quoteHeadcount: number | null;
  /** a quote request's cover as the tryout priced it; null for any other message */
  quoteCover: ContactQuoteCover | null;
}

export interface InboxPage {
  messages: InboxMessage[];
  /** messages under the filters, over every page */
  total: number;
  page: number;
  pageSize: number;
  /** messages per status under the filters other than the status */
  counts: Record<ContactStatus, number>;
}

/** A note or a reply as staff read it. */
export interface ContactEntry {
  author: string;
  at: Date;
  text: string;
}

/** One message with everything the sender gave, its notes and its replies, oldest first. */
export interface ContactDetail extends InboxMessage {
  taxId: string | null;
  mobile: string | null;
  phone: string | null;
  phoneExt: string | null;
  email: string;
  content: string;
  quote: { cover: ContactQuoteCover; headcount: number } | null;
  notes: ContactEntry[];
  replies: ContactEntry[];
}

/** Why a write was refused, and the message as it now is (null when there is none). */
export interface ContactRefusal {
  message: string;
  current: ContactState | null;
}

/** The first instant of a day in Taipei. */
const dayStart = (day: string) => DateTime.fromISO(day, { zone: TAIPEI }).toJSDate();

const LIST_COLUMNS = [
  'contact_no',
  'status',
  'assignee',
  'version',
  'received_at',
  'reply_by',
  'name',
  'company_name',
  'topic',
  'quote_headcount',
  'quote_cover',
] as const;

function inboxMessage(row: {
  contact_no: string;
  status: ContactStatus;
  assignee: string | null;
  version: number;
  received_at: Date;
  reply_by: string | Date;
  name: string;
  company_name: string;
  topic: string;
  quote_headcount: number | null;
  quote_cover: ContactQuoteCover | null;
}): InboxMessage {
  return {
    contactNo: row.contact_no,
    status: row.status,
    assignee: row.assignee,
    version: row.version,
    receivedAt: row.received_at,
    replyBy: typeof row.reply_by === 'string' ? row.reply_by : DateTime.fromJSDate(row.reply_by).toISODate()!,
    name: row.name,
    companyName: row.company_name,
    topic: row.topic,
    quoteHeadcount: row.quote_headcount,
    quoteCover: row.quote_cover,
  };
}

/**
 * One page of the inbox, oldest first (the message waiting longest leads), with the total and the
 * counts per status; the filters are applied in the database, the page too.
 */
export async function listContactMessages(db: Db, query: ContactInboxQuery): Promise<InboxPage> {
  const { page } = query;
  const filtered = db.selectFrom('contacts').where((eb) => {
    const conditions = [];
    if (query.assignee) conditions.push(eb('assignee', '=', query.assignee));
    if (query.quoteOnly) conditions.push(eb('quote_headcount', 'is not', null));
    if (query.receivedFrom) conditions.push(eb('received_at', '>=', dayStart(query.receivedFrom)));
    if (query.receivedTo) conditions.push(eb('received_at', '<', dayStart(addDays(query.receivedTo, 1))));
    return eb.and(conditions);
  });
  const byStatus = await filtered
    .select(['status', sql<number>`count(*)::int`.as('count')])
    .groupBy('status')
    .execute();
  const counts = Object.fromEntries(CONTACT_STATUSES.map((s) => [s, 0])) as Record<ContactStatus, number>;
  for (const row of byStatus) counts[row.status] = row.count;
  const listed = query.status ? filtered.where('status', '=', query.status) : filtered;
  const rows = await listed
    .select(LIST_COLUMNS)
    .orderBy('received_at')
    .orderBy('contact_no')
    .limit(CONTACT_INBOX_PAGE_SIZE)
    .offset((page - 1) * CONTACT_INBOX_PAGE_SIZE)
    .execute();
  const total = query.status ? counts[query.status] : Object.values(counts).reduce((a, b) => a + b, 0);
  return { messages: rows.map(inboxMessage), total, page, pageSize: CONTACT_INBOX_PAGE_SIZE, counts };
}

async function entries(db: Db, table: 'contact_notes' | 'contact_replies', contactNo: string) {
  return db
    .selectFrom(table)
    .select(['author', 'at', 'text'])
    .where('contact_no', '=', contactNo)
    .orderBy('id')
    .execute();
}

/** One message with its notes and replies; null when no message has that 案件編號. */
export async function readContactMessage(db: Db, contactNo: string): Promise<ContactDetail | null> {
  const row = await db
    .selectFrom('contacts')
    .select([...LIST_COLUMNS, 'tax_id', 'mobile', 'phone', 'phone_ext', 'email', 'content'])
    .where('contact_no', '=', contactNo)
    .executeTakeFirst();
  if (!row) return null;
  return {
    ...inboxMessage(row),
    taxId: row.tax_id,
    mobile: row.mobile,
    phone: row.phone,
    phoneExt: row.phone_ext,
    email: row.email,
    content: row.content,
    quote:
      row.quote_cover && row.quote_headcount !== null
        ? { cover: row.quote_cover, headcount: row.quote_headcount }
        : null,
    notes: await entries(db, 'contact_notes', contactNo),
    replies: await entries(db, 'contact_replies', contactNo),
  };
}

/** The message locked for this transaction; a second writer waits here for the first to finish. */
async function lockedState(trx: Transaction<Database>, contactNo: string): Promise<ContactState | null> {
  const row = await trx
    .selectFrom('contacts')
    .select(['contact_no', 'status', 'assignee', 'version'])
    .where('contact_no', '=', contactNo)
    .forUpdate()
    .executeTakeFirst();
  return row
    ? { contactNo: row.contact_no, status: row.status, assignee: row.assignee, version: row.version }
    : null;
}

/**
 * Moves the message on `event` from the version the screen read: refused when there is no such message,
 * when someone changed it since, or when the machine does not take the event from its status.
 */
async function move(
  trx: Transaction<Database>,
  seen: { contactNo: string; version: number },
  event: ContactMessageEvent,
  assignee?: string,
): Promise<ContactState | Refusal<ContactRefusal>> {
  const current = await lockedState(trx, seen.contactNo);
  if (!current) return new Refusal({ message: staffMessages.contactNotFound(), current: null });
  if (current.version !== seen.version)
    return new Refusal({ message: staffMessages.contactUpdatedByOther(), current });
  const status = nextContactStatus(current.status, event);
  if (!status)
    return new Refusal({
      message: staffMessages.contactMoveRefused(CONTACT_STATUS_LABELS[current.status]),
      current,
    });
  const next = { status, assignee: assignee ?? current.assignee, version: current.version + 1 };
  await trx.updateTable('contacts').set(next).where('contact_no', '=', seen.contactNo).execute();
  return { ...current, ...next };
}

/** 指派給我: a new message goes to 處理中 with `staff` as its assignee. */
export function assignContactMessage(
  trx: Transaction<Database>,
  seen: { contactNo: string; version: number; staff: string },
): Promise<ContactState | Refusal<ContactRefusal>> {
  return move(trx, seen, { type: 'message.assign', staff: seen.staff }, seen.staff);
}

/** 結案 or 重新處理, as the machine takes them. */
export function moveContactMessage(
  trx: Transaction<Database>,
  seen: { contactNo: string; version: number; move: 'message.close' | 'message.reopen' },
): Promise<ContactState | Refusal<ContactRefusal>> {
  return move(trx, seen, { type: seen.move });
}

/** 回覆: the reply is kept with the message, which goes to 已回覆, and e-mailed to its sender. */
export async function keepContactReply(
  trx: Transaction<Database>,
  reply: { contactNo: string; version: number; author: string; text: string; at: Date },
): Promise<ContactState | Refusal<ContactRefusal>> {
  const moved = await move(trx, reply, { type: 'message.reply', text: reply.text });
  if (moved instanceof Refusal) return moved;
  await trx
    .insertInto('contact_replies')
    .values({ contact_no: reply.contactNo, author: reply.author, at: reply.at, text: reply.text })
    .execute();
  await queueContactReplied(trx, reply);
  return moved;
}

/**
 * An internal note, at any status: no move, so it names no version and changes none (two people noting
 * at once both land).
 */
export async function addContactNote(
  trx: Transaction<Database>,
  note: { contactNo: string; author: string; text: string; at: Date },
): Promise<ContactState | Refusal<ContactRefusal>> {
  const current = await lockedState(trx, note.contactNo);
  if (!current) return new Refusal({ message: staffMessages.contactNotFound(), current: null });
  await trx
    .insertInto('contact_notes')
    .values({ contact_no: note.contactNo, author: note.author, at: note.at, text: note.text })
    .execute();
  return current;
}
