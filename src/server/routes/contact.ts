import type { Kysely } from 'kysely';
import {
  CONTACT_REPLY_WORKING_DAYS,
  type ContactReceipt,
  quoteRequestMessages,
  submitContactSchema,
} from '../../domain/api/contact';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { taipeiDate } from '../../domain/roc-date';
import { addWorkingDays } from '../../domain/working-days';
import { Refusal, refusableWrite } from '../db/refusable-write';
import { checkItemAlone } from '../db/repositories/cart-item-checks';
import {
  findContact,
  insertContact,
  lockContactRequest,
  type StoredContact,
} from '../db/repositories/contacts';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { queueContactReceived } from '../mail/queued-messages';
import type { RoutesPlugin } from '../route-input';

const WRITE = { config: { budget: 'write' } } as const;

const receiptOf = ({ contactNo, receivedAt }: StoredContact): ContactReceipt => ({
  contactNo,
  receivedAt: receivedAt.toISOString(),
  replyBy: addWorkingDays(receivedAt, CONTACT_REPLY_WORKING_DAYS),
});

/**
 * `POST contact/submit` (聯絡我們, ODGAF080): the message checked with the form's schema, the captcha
 * verified and spent, then stored under the day's next 案件編號 with its acknowledgement e-mail (已收到您的留言). The request id makes it idempotent within
 * the visitor session: a retry after a lost answer, or a double click, gets the first receipt and stores
 * nothing more. Another session sending the same id is a new message with every check (migration 0016).
 * A quote request from the tryout (50 people and more) is stored with its cover once the catalogue accepts
 * the cover as the trial would; otherwise the message is refused with the item check's reason.
 */
export const contactRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  /** the site's public address, for the staff notice's link into the back office */
  siteUrl: string;
  /** the clock the server reads (buildApp's `now`) */
  now: () => Date;
}> = async (app, { db, siteUrl, now: clock }) => {
  app.post('/contact/submit', { ...WRITE, schema: { body: submitContactSchema } }, async (request, reply) => {
    const { requestId, message, captcha } = request.body;
    const now = clock();
    const answer = await refusableWrite(db, async (trx) => {
      await lockContactRequest(trx, request.sessionId, requestId);
      const first = await findContact(trx, request.sessionId, requestId);
      if (first) return receiptOf(first);
      // a quote request's cover is checked as the trial checks it: what the catalogue no longer offers, or never did, is refused
      const coverRefusal = message.quote && (await checkItemAlone(trx, message.quote.item));
      if (coverRefusal) return new Refusal(quoteRequestMessages.coverRefused(coverRefusal));
      if (!(await app.captcha.verify(trx, captcha))) return new Refusal(messages.captcha());
      const replyBy = addWorkingDays(now, CONTACT_REPLY_WORKING_DAYS);
      const contactNo = await insertContact(trx, {
        sessionId: request.sessionId,
        requestId,
        message,
        receivedAt: now,
        day: taipeiDate(now),
        replyBy,
      });
      await queueContactReceived(trx, { ...message, contactNo, receivedAt: now, replyBy }, siteUrl);
      return receiptOf({ contactNo, receivedAt: now });
    });
    if (answer instanceof Refusal) return reply.code(400).send(fail(RETURN_CODE.badInput, answer.reason));
    return ok(answer);
  });
};
