import type { Kysely } from 'kysely';
import {
  type OutboxEntry,
  type OutboxPage,
  outboxParamsSchema,
  outboxQuerySchema,
} from '../../domain/api/outbox';
import { RETURN_CODE } from '../../domain/envelope';
import { OUTBOX_STATE_LABELS } from '../../domain/outbox';
import { staffMessages } from '../../domain/staff-messages';
import { Refusal, refusableWrite } from '../db/refusable-write';
import { recordAudit } from '../db/repositories/audit-log';
import { resendMessage } from '../db/repositories/outbox';
import { listOutbox, outboxAbout, readOutboxEntry } from '../db/repositories/outbox-reads';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { staffOf } from '../plugins/staff-session';
import type { RoutesPlugin } from '../route-input';

/** 寄件匣 is for the staff whose work writes the e-mails: the service desk and the underwriters. */
const ROLES = ['service', 'underwriter'] as const;
const READ = { config: { roles: ROLES } } as const;
const WRITE = { config: { roles: ROLES, budget: 'write' } } as const;

/**
 * 寄件匣 (issue 36): each person sees the e-mails of the areas their roles open, another staff member's
 * address masked (issue 45, db/repositories/outbox-reads.ts `visibleTo`). `GET staff/outbox` lists the outbox's e-mails newest first, each as it is sent and
 * with its delivery (state, tries, the mail server's last answer); `GET staff/outbox/:id` reads one again
 * (its state moves as the worker delivers it; 404 when no e-mail has the id); `POST staff/outbox/:id/resend` sends a
 * failed one again, as the outbox-message machine allows, recorded in the audit log in the same
 * transaction (`outbox.resend`, with the application or message it is about, never the address). A message
 * whose worker's lease ran out by `now` reads as waiting again.
 */
export const outboxRoutes: RoutesPlugin<{ db: Kysely<Database>; now: () => Date }> = async (
  app,
  { db, now },
) => {
  app.get('/staff/outbox', { ...READ, schema: { querystring: outboxQuerySchema } }, async (request) => {
    const query = request.query;
    return ok<OutboxPage>(await listOutbox(db, query, now(), staffOf(request)));
  });

  app.get(
    '/staff/outbox/:id',
    { ...READ, schema: { params: outboxParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const entry = await readOutboxEntry(db, id, now(), staffOf(request));
      if (!entry) return reply.code(404).send(fail(RETURN_CODE.notFound, staffMessages.outboxNotFound()));
      return ok<OutboxEntry>(entry);
    },
  );

  app.post(
    '/staff/outbox/:id/resend',
    { ...WRITE, schema: { params: outboxParamsSchema } },
    async (request, reply) => {
      const { id } = request.params;
      const actor = staffOf(request).name;
      const result = await refusableWrite(db, async (trx) => {
        const about = await outboxAbout(trx, id, staffOf(request));
        if (!about) return new Refusal('notFound' as const);
        if (!(await resendMessage(trx, { id, at: now() }))) return new Refusal(about.state);
        await recordAudit(trx, {
          actor,
          action: 'outbox.resend',
          ...(about.application_no ? { applicationNo: about.application_no } : {}),
          ...(about.contact_no ? { contactNo: about.contact_no } : {}),
          detail: `郵件 ${id}：${OUTBOX_STATE_LABELS.failed} → ${OUTBOX_STATE_LABELS.waiting}`,
        });
        return id;
      });
      if (!(result instanceof Refusal)) return ok({ id });
      if (result.reason === 'notFound')
        return reply.code(404).send(fail(RETURN_CODE.notFound, staffMessages.outboxNotFound()));
      return fail(RETURN_CODE.refused, staffMessages.outboxResendRefused(OUTBOX_STATE_LABELS[result.reason]));
    },
  );
};
