import type { FastifyReply } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ApplicationCase,
  caseDocumentsSchema,
  caseMoveSchema,
  caseParamsSchema,
  type MoveOvertaken,
  type RevealedRoster,
} from '../../domain/api/application-case';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { staffMessages } from '../../domain/staff-messages';
import { maySeeFullRoster } from '../../domain/staff-roles';
import {
  openApplicationCase,
  readApplicationCase,
  readPrintedRecord,
  recordRosterPrint,
  revealRoster,
} from '../db/repositories/application-case';
import { advanceApplication } from '../db/repositories/application-events';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { sendCopy, sendPrintBusy, unlessQueueFull } from '../overprint/print-answer';
import type { Renderer } from '../overprint/render-pool';
import { staffOf } from '../plugins/staff-session';
import type { RoutesPlugin } from '../route-input';

const READERS = { config: { roles: ['underwriter', 'service'] } } as const;
const UNDERWRITER_WRITE = { config: { roles: ['underwriter'], budget: 'write' } } as const;
const PRINTERS = { config: { roles: ['underwriter', 'service'], budget: 'write', prints: true } } as const;

const notFound = (reply: FastifyReply) =>
  reply.code(404).send(fail(RETURN_CODE.notFound, staffMessages.applicationNotFound()));

/**
 * An application's case (docs/specification.md §6): read by an underwriter or the service desk with the
 * roster's ID numbers masked; opened whole, and recorded, by an underwriter; moved by an underwriter as the
 * application machine allows, on the version the screen showed, with the audit entry in the same
 * transaction. Its documents printed as the overprint prints them, through the same renderer but in the
 * staff's lane of its queue (a visitor's print always finds room), two at a time per staff session; the
 * 名冊, with its full ID numbers and birth dates, by an underwriter only, each print recorded before it is
 * sent.
 */
export const applicationCaseRoutes: RoutesPlugin<{
  db: Kysely<Database>;
  renderer: Renderer;
  /** the site's public address, for the e-mail's link to the progress page */
  siteUrl: string;
  /** the clock the server reads (buildApp's `now`) */
  now: () => Date;
}> = async (app, { db, renderer, siteUrl, now }) => {
  app.get(
    '/staff/applications/:applicationNo',
    { ...READERS, schema: { params: caseParamsSchema } },
    async (request, reply) => {
      const { applicationNo } = request.params;
      const found = await openApplicationCase(db, staffOf(request), applicationNo);
      return found ? ok<ApplicationCase>(found) : notFound(reply);
    },
  );

  app.post(
    '/staff/applications/:applicationNo/roster',
    { ...UNDERWRITER_WRITE, schema: { params: caseParamsSchema } },
    async (request, reply) => {
      const { applicationNo } = request.params;
      const roster = await revealRoster(db, staffOf(request).name, applicationNo);
      return roster ? ok<RevealedRoster>({ roster }) : notFound(reply);
    },
  );

  app.post(
    '/staff/applications/:applicationNo/documents',
    { ...PRINTERS, schema: { params: caseParamsSchema, body: caseDocumentsSchema } },
    async (request, reply) => {
      const { applicationNo } = request.params;
      const { documents } = request.body;
      const staff = staffOf(request);
      const withRoster = documents.includes('roster');
      if (withRoster && !maySeeFullRoster(staff.roles)) {
        return reply
          .code(RETURN_CODE.forbidden)
          .send(fail(RETURN_CODE.forbidden, staffMessages.rosterPrintNotPermitted()));
      }
      const record = await readPrintedRecord(db, applicationNo);
      if (!record) return notFound(reply);
      if (withRoster && record.roster.length === 0) {
        return fail(RETURN_CODE.refused, messages.rosterNotGiven());
      }
      const printedAt = now();
      const copy = await unlessQueueFull(
        renderer.render({ record, documents, printedAt }, 'staff').then((pdf) => ({ pdf, printedAt })),
      );
      if (!copy) return sendPrintBusy(reply);
      // committed before a byte is sent: no print of the 名冊 goes unrecorded
      if (withRoster) await recordRosterPrint(db, staff.name, record);
      return sendCopy(reply, applicationNo, copy);
    },
  );

  app.post(
    '/staff/applications/:applicationNo/move',
    { ...UNDERWRITER_WRITE, schema: { params: caseParamsSchema, body: caseMoveSchema } },
    async (request, reply) => {
      const { applicationNo } = request.params;
      const move = request.body;
      const result = await advanceApplication(db, {
        applicationNo,
        actor: staffOf(request).name,
        status: move.to,
        note: move.note,
        version: move.version,
        siteUrl,
      });
      if (result.ok) {
        const moved = await readApplicationCase(db, applicationNo, staffOf(request).roles);
        return ok<ApplicationCase>(moved!);
      }
      switch (result.reason) {
        case 'notFound':
          return notFound(reply);
        case 'updatedByOthers':
          return fail<MoveOvertaken>(RETURN_CODE.refused, result.message, {
            status: result.status,
            version: result.version,
          });
        case 'notAllowed':
          return fail(RETURN_CODE.refused, staffMessages.applicationMoveRefused(result.from, move.to));
        case 'noteRequired':
          return fail(RETURN_CODE.refused, staffMessages.applicationNoteRequired(move.to));
      }
    },
  );
};
