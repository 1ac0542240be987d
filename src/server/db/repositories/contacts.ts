import { type Kysely, sql, type Transaction } from 'kysely';
import type { ContactMessage } from '../../../domain/api/contact';
import type { IsoDate } from '../../../domain/roc-date';
import type { Database } from '../schema';
import { nextDailyNumber } from './daily-serials';

type Db = Kysely<Database> | Transaction<Database>;

export interface StoredContact {
  contactNo: string;
  receivedAt: Date;
}

/**
 * One request id of a session at a time: a second submit of the same message waits, then finds the first.
 * The same id sent from another session does not wait on it.
 */
export async function lockContactRequest(
  trx: Transaction<Database>,
  sessionId: string,
  requestId: string,
): Promise<void> {
  const key = `contact:${sessionId}:${requestId}`;
  await sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`.execute(trx);
}

/**
 * The message this session stored under `requestId`, if any. The request id is the form's key within its
 * session only (migration 0016): what another session stored under it is none.
 */
export async function findContact(
  db: Db,
  sessionId: string,
  requestId: string,
): Promise<StoredContact | null> {
  const row = await db
    .selectFrom('contacts')
    .select(['contact_no', 'received_at'])
    .where('session_id', '=', sessionId)
    .where('request_id', '=', requestId)
    .executeTakeFirst();
  return row ? { contactNo: row.contact_no, receivedAt: row.received_at } : null;
}

/**
 * Stores a message under the day's next 案件編號 (CT + ROC yyyMMdd + serial) and answers it; a quote request
 * keeps its cover (checked by the caller) and head count.
 */
export async function insertContact(
  trx: Transaction<Database>,
  contact: {
    sessionId: string;
    requestId: string;
    message: ContactMessage;
    receivedAt: Date;
    day: IsoDate;
    replyBy: IsoDate;
  },
): Promise<string> {
  const { message } = contact;
  const { SHOPCART_CART_NO: _, ...cover } = message.quote?.item ?? { SHOPCART_CART_NO: '' };
  const contactNo = await nextDailyNumber(trx, 'contact_serials', 'CT', contact.day);
  await trx
    .insertInto('contacts')
    .values({
      contact_no: contactNo,
      request_id: contact.requestId,
      session_id: contact.sessionId,
      name: message.name,
      company_name: message.companyName,
      tax_id: message.taxId || null,
      mobile: message.mobile || null,
      phone: message.phone || null,
      phone_ext: message.phoneExt || null,
      email: message.email,
      topic: message.topic,
      content: message.content,
      received_at: contact.receivedAt,
      reply_by: contact.replyBy,
      quote_cover: message.quote ? JSON.stringify(cover) : null,
      quote_headcount: message.quote?.headcount ?? null,
    })
    .execute();
  return contactNo;
}
