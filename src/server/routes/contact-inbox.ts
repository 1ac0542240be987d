import type { FastifyReply } from 'fastify';
import type { Kysely, Transaction } from 'kysely';
import { contactEventsFrom } from '../../../machines/contact-message.machine';
import {
  type ContactCase,
  type ContactInboxPage,
  type ContactInboxRow,
  type ContactOvertaken,
  contactAssignSchema,
  contactInboxQuerySchema,
  contactMoveSchema,
  contactNoteSchema,
  contactParamsSchema,
  contactReplySchema,
} from '../../domain/api/contact-inbox';
import type { AuditAction } from '../../domain/audit-actions';
import { CONTACT_STATUS_LABELS } from '../../domain/contact-status';
import { RETURN_CODE } from '../../domain/envelope';
import { staffMessages } from '../../domain/staff-messages';
import { Refusal, refusableWrite } from '../db/refusable-write';
import { readAuditLog, recordAudit } from '../db/repositories/audit-log';
import {
  addContactNote,
  assignContactMessage,
  type ContactRefusal,
  type ContactState,
  type InboxMessage,
  keepContactReply,
  listContactMessages,
  moveContactMessage,
  readContactMessage,
} from '../db/repositories/contact-inbox';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { staffOf } from '../plugins/staff-session';
import type { RoutesPlugin } from '../route-input';

/** The contact inbox is the service desk's (issue 35's table of roles). */
const SERVICE = { config: { roles: ['service'] } } as const;
const SERVICE_WRITE = { config: { roles: ['service'], budget: 'write' } } as const;

/** The most entries of a message's handling its page shows. */
const HISTORY_MAX = 200;

const row = (message: InboxMessage): ContactInboxRow => ({
  contactNo: message.contactNo,
  status: message.status,
  assignee: message.assignee,
  version: message.version,
  receivedAt: message.receivedAt.toISOString(),
  replyBy: message.replyBy,
  name: message.name,
  companyName: message.companyName,
  topic: message.topic,
  quoteHeadcount: message.quoteHeadcount,
  quoteTitle: message.quoteCover?.CLASS_TITLE ?? null,
});

const entry = (written: { author: string; at: Date; text: string }) => ({
  author: written.author,
  at: written.at.toISOString(),
  text: written.text,
});

/** One message as its page shows it; undefined when no message has the 案件編號. */
async function contactCase(db: Kysely<Database>, contactNo: string): Promise<ContactCase | undefined> {
  const found = await readContactMessage(db, contactNo);
  if (!found) return undefined;
  const history = await readAuditLog(db, { contactNo, page: 1, pageSize: HISTORY_MAX });
  return {
    message: {
      ...row(found),
      taxId: found.taxId,
      mobile: found.mobile,
      phone: found.phone,
      phoneExt: found.phoneExt,
      email: found.email,
      content: found.content,
      quote: found.quote,
      notes: found.notes.map(entry),
      replies: found.replies.map(entry),
    },
    history: history.entries,
    actions: contactEventsFrom(found.status),
  };
}

const notFound = (reply: FastifyReply) =>
  reply.code(404).send(fail(RETURN_CODE.notFound, staffMessages.contactNotFound()));

/**
 * The contact inbox (聯絡訊息, docs/specification.md §6): the service desk lists the messages, reads one,
 * takes it (指派給我), notes it, keeps a reply and closes or reopens it as the message machine allows. Each
 * write and its audit entry are one transaction: refused, neither is stored. A write on a version someone
 * else has changed is refused with the message as it now stands.
 */
export const contactInboxRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  /** the clock the server reads (buildApp's `now`) */
  now: () => Date;
}> = async (app, { db, now }) => {
  /**
   * Runs the repository's write on the message at `version` (a note names none) and records `action` with
   * it, then answers the message as it now is, or the refusal: 404 for no such message, where it stands now
   * for a change by someone else, the machine's refusal as it is.
   */
  async function written(
    reply: FastifyReply,
    seen: { contactNo: string; version?: number; actor: string; action: AuditAction },
    write: (trx: Transaction<Database>) => Promise<ContactState | Refusal<ContactRefusal>>,
  ) {
    const { contactNo, version, actor, action } = seen;
    const result = await refusableWrite(db, async (trx) => {
      const now = await write(trx);
      if (now instanceof Refusal) return now;
      const moved = action === 'contact.note' ? undefined : `→ ${CONTACT_STATUS_LABELS[now.status]}`;
      await recordAudit(trx, { actor, action, contactNo, detail: moved });
      return now;
    });
    if (result instanceof Refusal) {
      const { message, current } = result.reason;
      if (!current) return notFound(reply);
      if (version === undefined || current.version === version) return fail(RETURN_CODE.refused, message);
      return fail<ContactOvertaken>(RETURN_CODE.refused, message, {
        status: current.status,
        assignee: current.assignee,
        version: current.version,
      });
    }
    return ok<ContactCase>((await contactCase(db, contactNo))!);
  }

  app.get(
    '/staff/contacts',
    { ...SERVICE, schema: { querystring: contactInboxQuerySchema } },
    async (request) => {
      const query = request.query;
      const page = await listContactMessages(db, query);
      return ok<ContactInboxPage>({ ...page, messages: page.messages.map(row) });
    },
  );

  app.get(
    '/staff/contacts/:contactNo',
    { ...SERVICE, schema: { params: contactParamsSchema } },
    async (request, reply) => {
      const { contactNo } = request.params;
      const found = await contactCase(db, contactNo);
      return found ? ok<ContactCase>(found) : notFound(reply);
    },
  );

  app.post(
    '/staff/contacts/:contactNo/assign',
    { ...SERVICE_WRITE, schema: { params: contactParamsSchema, body: contactAssignSchema } },
    async (request, reply) => {
      const { contactNo } = request.params;
      const { version } = request.body;
      const staff = staffOf(request).name;
      return written(reply, { contactNo, version, actor: staff, action: 'contact.assign' }, (trx) =>
        assignContactMessage(trx, { contactNo, version, staff }),
      );
    },
  );

  app.post(
    '/staff/contacts/:contactNo/move',
    { ...SERVICE_WRITE, schema: { params: contactParamsSchema, body: contactMoveSchema } },
    async (request, reply) => {
      const { contactNo } = request.params;
      const { version, move } = request.body;
      return written(
        reply,
        { contactNo, version, actor: staffOf(request).name, action: 'contact.move' },
        (trx) => moveContactMessage(trx, { contactNo, version, move }),
      );
    },
  );

  app.post(
    '/staff/contacts/:contactNo/note',
    { ...SERVICE_WRITE, schema: { params: contactParamsSchema, body: contactNoteSchema } },
    async (request, reply) => {
      const { contactNo } = request.params;
      const { text } = request.body;
      const author = staffOf(request).name;
      return written(reply, { contactNo, actor: author, action: 'contact.note' }, (trx) =>
        addContactNote(trx, { contactNo, author, text, at: now() }),
      );
    },
  );

  app.post(
    '/staff/contacts/:contactNo/reply',
    { ...SERVICE_WRITE, schema: { params: contactParamsSchema, body: contactReplySchema } },
    async (request, reply) => {
      const { contactNo } = request.params;
      const { version, text } = request.body;
      const author = staffOf(request).name;
      return written(reply, { contactNo, version, actor: author, action: 'contact.reply' }, (trx) =>
        keepContactReply(trx, { contactNo, version, author, text, at: now() }),
      );
    },
  );
};
