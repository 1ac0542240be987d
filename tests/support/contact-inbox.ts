import type { Kysely } from 'kysely';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import type { ContactMessage } from '../../src/domain/api/contact';
import { taipeiDate } from '../../src/domain/roc-date';
import { insertContact } from '../../src/server/db/repositories/contacts';
import type { Database } from '../../src/server/db/schema';

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

/**
 * Every message gone, with its notes, replies and e-mails (each test counts its own); the cases' staff
 * accounts there.
 */
export async function emptyInbox(db: Kysely<Database>): Promise<void> {
  await db.deleteFrom('outbox').where('contact_no', 'is not', null).execute();
  await db.deleteFrom('contact_notes').execute();
  await db.deleteFrom('contact_replies').execute();
  await db.deleteFrom('contacts').execute();
  // the service people the cases name: a message's assignee and the authors are staff accounts
  await db
    .insertInto('staff')
    .values(INBOX_STAFF.map((name) => ({ name, password_hash: 'not a hash: these accounts never sign in' })))
    .onConflict((conflict) => conflict.column('name').doNothing())
    .execute();
}

const INBOX_STAFF = ['mei', 'hao'];

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
