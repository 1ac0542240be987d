import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ApplicationProgress,
  documentSchema,
  lookupSchema,
  type OverprintAccess,
  openTokenSchema,
  progressSchema,
  type RosterCodeSent,
  rosterCodeSchema,
  rosterOpenSchema,
} from '../../domain/api/overprint';
import { APPLICANT_ACTOR } from '../../domain/audit-actions';
import { maskEmail } from '../../domain/email-code';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { recordRosterPrint } from '../db/repositories/application-case';
import {
  type ApplicationIdentity,
  findApplicationIdentity,
  readApplicationProgress,
  readApplicationRecord,
} from '../db/repositories/application-records';
import { checkEmailCode, issueEmailCode } from '../db/repositories/email-codes';
import {
  clearLookupFailures,
  type LookupSubjects,
  lookupLockedUntil,
  recordLookupFailure,
} from '../db/repositories/lookup-failures';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { queueRosterCode } from '../mail/queued-messages';
import { sendCopy, sendPrintBusy, unlessQueueFull } from '../overprint/print-answer';
import { createPrintCache, PRINT_CACHE_MAX_BYTES, PRINT_CACHE_TTL_MS } from '../overprint/print-cache';
import type { Renderer } from '../overprint/render-pool';
import { openToken, type TokenClaims, visitToken } from '../overprint/sealed-token';
import { maskedRecord } from '../roster-mask';
import type { RoutesPlugin } from '../route-input';
import { clientSubjectFor } from '../session-keys';

const WRITE = { config: { budget: 'write' } } as const;
const PRINT = { config: { prints: true } } as const;

/** Why a lookup got nothing: `data` of the refusal, for the client to tell the cases apart. */
export type LookupRefusal = 'lookupMismatch' | 'lookupLocked' | 'tokenInvalid' | 'tokenExpired';

/** Why the 名冊 was not opened or printed: `data` of the refusal. */
export type RosterRefusal =
  | 'rosterCodeRequired'
  | 'codeMismatch'
  | 'codeVoided'
  | 'codeExpired'
  | 'codeNone'
  | 'codeTooMany';

export interface OverprintRouteOptions {
  db: Kysely<Database>;
  keys: { tokenKey: Buffer; clientKey: Buffer; codeKey: Buffer };
  renderer: Renderer;
  /** the clock codes are issued and checked by; the system's unless a test moves it */
  now: () => Date;
}

/**
 * The overprint (ODGAF050-053) and the progress check (ODGAF060). No answer gives an application's data
 * without its identifiers or a token the server sealed for it:
 * - `overprint/lookup`: 受理編號 + 統一編號 + the contact phone + captcha → a token for this visit and the
 *   data the documents print (ID numbers masked).
 * - `DTODGAZ0/getDecryptData`: the print link's token, bound to the 受理編號 in the link → the same.
 * - `overprint/document`: the token + the chosen documents → one PDF, rendered off the request thread
 *   (overprint/render-pool.ts) and handed out again for the same application data and documents
 *   (overprint/print-cache.ts), its printed time included. The 名冊, with its full ID numbers and birth
 *   dates, only with a token that opens it (issue 45): the print link the applicant's session was given, or
 *   `overprint/rosterOpen`'s after the code `overprint/rosterCode` e-mailed to the application's contact;
 *   the identifiers alone, which staff see on the case, never print it. Each print of it is recorded in the
 *   audit log (`roster.print` by APPLICANT_ACTOR) before the PDF is sent.
 * - `progress/query`: 受理編號 + 統一編號 + captcha → the status timeline.
 * Wrong identifiers get one message that never says which was wrong, and count towards a lockout per
 * 受理編號 and per client (db/repositories/lookup-failures.ts).
 */
export const overprintRoutes: RoutesPlugin<OverprintRouteOptions> = async (
  app,
  { db, keys, renderer, now },
) => {
  const copies = createPrintCache({
    render: (job) => renderer.render(job),
    ttlMs: PRINT_CACHE_TTL_MS,
    maxBytes: PRINT_CACHE_MAX_BYTES,
  });
  const subjectsOf = (request: FastifyRequest, applicationNo: string): LookupSubjects => ({
    application: applicationNo,
    client: clientSubjectFor(keys, request.ip),
  });

  /**
   * The application the identifiers name, or the refusal to answer: the lock is checked before the captcha
   * is spent, and a wrong captcha counts for nothing (it guesses no identifier).
   */
  async function identify(
    request: FastifyRequest,
    reply: FastifyReply,
    input: { applicationNo: string; taxId: string; captcha: string; contactPhone?: string },
    mismatch: string,
  ): Promise<ApplicationIdentity | null> {
    const at = now();
    const subjects = subjectsOf(request, input.applicationNo);
    const locked = await lookupLockedUntil(db, subjects, at);
    if (locked) {
      reply.send(refusal('lookupLocked', messages.lookupLocked(minutesUntil(locked, at))));
      return null;
    }
    if (!(await app.captcha.verify(db, input.captcha))) {
      reply.code(400).send(fail(RETURN_CODE.badInput, messages.captcha()));
      return null;
    }
    const identity = await findApplicationIdentity(db, input.applicationNo);
    if (identity && identity.taxId === input.taxId && phoneMatches(identity, input.contactPhone)) {
      await clearLookupFailures(db, input.applicationNo);
      return identity;
    }
    const lockedNow = await recordLookupFailure(db, subjects, at);
    reply.send(
      lockedNow
        ? refusal('lookupLocked', messages.lookupLocked(minutesUntil(lockedNow, at)))
        : refusal('lookupMismatch', mismatch),
    );
    return null;
  }

  async function access(
    identity: ApplicationIdentity,
    token: string,
    claims: Pick<TokenClaims, 'expiresAt' | 'roster'>,
  ): Promise<OverprintAccess> {
    const record = await readApplicationRecord(db, identity.id);
    const rosterOpen = claims.roster === true;
    return {
      token,
      expiresAt: new Date(claims.expiresAt).toISOString(),
      rosterOpen,
      application: maskedRecord(record, rosterOpen ? 'whole' : 'masked'),
    };
  }

  /** The application a token opens now, with its claims; or the refusal to answer. */
  async function opened(token: string) {
    const result = openToken(keys.tokenKey, 'overprint', token, now());
    if (!result.ok) return { refusal: tokenRefusal(result.reason) } as const;
    const identity = await findApplicationIdentity(db, result.claims.applicationNo);
    if (!identity) return { refusal: tokenRefusal('invalid') } as const;
    return { identity, claims: result.claims } as const;
  }

  app.post('/overprint/lookup', { ...WRITE, schema: { body: lookupSchema } }, async (request, reply) => {
    const input = request.body;
    const identity = await identify(request, reply, input, messages.lookupMismatch());
    if (!identity) return reply;
    const { token, expiresAt } = visitToken(keys.tokenKey, input.applicationNo, now());
    return ok(await access(identity, token, { expiresAt }));
  });

  app.post('/DTODGAZ0/getDecryptData', { schema: { body: openTokenSchema } }, async (request) => {
    const { token, applicationNo } = request.body;
    const link = await opened(token);
    if ('refusal' in link) return link.refusal;
    if (link.claims.applicationNo !== applicationNo) return tokenRefusal('invalid');
    return ok(await access(link.identity, token, link.claims));
  });

  app.post('/overprint/rosterCode', { ...WRITE, schema: { body: rosterCodeSchema } }, async (request) => {
    const { token } = request.body;
    const visit = await opened(token);
    if ('refusal' in visit) return visit.refusal;
    const { applicationNo } = visit.claims;
    const record = await readApplicationRecord(db, visit.identity.id);
    if (record.roster.length === 0) return fail(RETURN_CODE.refused, messages.rosterNotGiven());
    const at = now();
    const issued = await db.transaction().execute(async (trx) => {
      const code = await issueEmailCode(trx, keys.codeKey, {
        purpose: 'roster.print',
        subject: applicationNo,
        address: record.contact.email,
        client: subjectsOf(request, applicationNo).client,
        now: at,
      });
      if ('code' in code)
        await queueRosterCode(trx, {
          applicationNo,
          contactName: record.contact.name,
          email: record.contact.email,
          code: code.code,
          at,
        });
      return code;
    });
    if ('tooMany' in issued) return rosterRefusal('codeTooMany', messages.emailCodeTooMany(issued.tooMany));
    return ok<RosterCodeSent>({
      sentTo: maskEmail(record.contact.email),
      expiresAt: issued.expiresAt.toISOString(),
    });
  });

  app.post('/overprint/rosterOpen', { ...WRITE, schema: { body: rosterOpenSchema } }, async (request) => {
    const { token, code } = request.body;
    const visit = await opened(token);
    if ('refusal' in visit) return visit.refusal;
    const { applicationNo, expiresAt } = visit.claims;
    const checked = await checkEmailCode(db, keys.codeKey, {
      purpose: 'roster.print',
      subject: applicationNo,
      code,
      now: now(),
    });
    if (!checked.ok) {
      switch (checked.reason) {
        case 'mismatch':
          return rosterRefusal('codeMismatch', messages.emailCodeMismatch(checked.triesLeft));
        case 'voided':
          return rosterRefusal('codeVoided', messages.emailCodeVoided());
        case 'expired':
          return rosterRefusal('codeExpired', messages.emailCodeExpired());
        case 'none':
          return rosterRefusal('codeNone', messages.emailCodeNone());
      }
    }
    const open = visitToken(keys.tokenKey, applicationNo, now(), { until: expiresAt });
    return ok(await access(visit.identity, open.token, { expiresAt: open.expiresAt, roster: true }));
  });

  app.post('/overprint/document', { ...PRINT, schema: { body: documentSchema } }, async (request, reply) => {
    const { token, documents } = request.body;
    const printedAt = now();
    const visit = await opened(token);
    if ('refusal' in visit) return visit.refusal;
    const record = await readApplicationRecord(db, visit.identity.id);
    const withRoster = documents.includes('roster');
    if (withRoster && record.roster.length === 0) {
      return fail(RETURN_CODE.refused, messages.rosterNotGiven());
    }
    if (withRoster && visit.claims.roster !== true) {
      return rosterRefusal('rosterCodeRequired', messages.rosterCodeRequired());
    }
    const copy = await unlessQueueFull(copies.print(record, documents, printedAt));
    if (!copy) return sendPrintBusy(reply);
    // committed before a byte is sent, a copy handed out again included: no print of the 名冊 goes unrecorded
    if (withRoster) await recordRosterPrint(db, APPLICANT_ACTOR, record);
    return sendCopy(reply, record.applicationNo, copy);
  });

  app.post('/progress/query', { ...WRITE, schema: { body: progressSchema } }, async (request, reply) => {
    const input = request.body;
    const identity = await identify(request, reply, input, messages.progressMismatch());
    if (!identity) return reply;
    return ok<ApplicationProgress>(await readApplicationProgress(db, identity.id));
  });
};

/** The typed phone is the one given at application: the mobile, or the landline when no mobile was given. */
function phoneMatches(identity: ApplicationIdentity, typed: string | undefined): boolean {
  if (typed === undefined) return true;
  const digits = (value: string | null) => (value ?? '').replace(/\D/g, '');
  const given = digits(identity.mobile) || digits(identity.phone);
  return given !== '' && digits(typed) === given;
}

function refusal(reason: LookupRefusal, message: string) {
  return fail(RETURN_CODE.refused, message, reason);
}

function rosterRefusal(reason: RosterRefusal, message: string) {
  return fail(RETURN_CODE.refused, message, reason);
}

function tokenRefusal(reason: 'invalid' | 'expired') {
  return reason === 'expired'
    ? refusal('tokenExpired', messages.tokenExpired())
    : refusal('tokenInvalid', messages.tokenInvalid());
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
