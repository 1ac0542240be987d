import type { Kysely } from 'kysely';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/samples/contact.samples';
import { SAMPLE_COVERS } from '../../machine-paths/samples/tryout.samples';
import type { ContactMessage, ContactQuote } from '../../src/domain/api/contact';
import { buildCartItem, SOURCE_CODES } from '../../src/domain/cart-item';
import { taipeiDate } from '../../src/domain/roc-date';
import { insertContact } from '../../src/server/db/repositories/contacts';
import type { Database } from '../../src/server/db/schema';

/** The tryout's 請洽專人報價 for 80 people of 基本型, as the contact form sends it. */
export const QUOTE_REQUEST: ContactMessage = {
  ...SAMPLE_CONTACT_MESSAGE,
  content: '我在保費試算中選擇了「基本型」，投保人數 80 人，想請專人提供報價。',
  quote: {
    item: buildCartItem(SAMPLE_COVERS.basic.pkg, SOURCE_CODES.package, '') as ContactQuote['item'],
    headcount: 80,
  },
};

/** A message stored as contact/submit stores it, received at `receivedAt`; answers its 案件編號. */
export async function storeMessage(
  db: Kysely<Database>,
  receivedAt: Date,
  message: ContactMessage = SAMPLE_CONTACT_MESSAGE,
): Promise<string> {
  return db.transaction().execute((trx) =>
    insertContact(trx, {
      sessionId: crypto.randomUUID(),
      requestId: crypto.randomUUID(),
      message,
      receivedAt,
      day: taipeiDate(receivedAt),
      replyBy: taipeiDate(receivedAt),
    }),
  );
}

/** Every message gone, with its notes and replies: each test counts its own. */
export async function emptyInbox(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('contact_notes').execute();
  await db.deleteFrom('contact_replies').execute();
  await db.deleteFrom('contacts').execute();
}

/** Resolves once `count` callers wait on it: transactions that each hold their connection meet here. */
export function barrier(count: number): () => Promise<void> {
  let waiting = 0;
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return () => {
    waiting += 1;
    if (waiting === count) open();
    return opened;
  };
}
