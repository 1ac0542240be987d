import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import {
  type ApplicationProgress,
  documentSchema,
  lookupSchema,
  type OverprintAccess,
  openTokenSchema,
  progressSchema,
} from '../../domain/api/overprint';
import { parseInput } from '../../domain/api/parse-input';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import {
  type ApplicationIdentity,
  findApplicationIdentity,
  readApplicationProgress,
  readApplicationRecord,
} from '../db/repositories/application-records';
import {
  clearLookupFailures,
  type LookupSubjects,
  lookupLockedUntil,
  recordLookupFailure,
} from '../db/repositories/lookup-failures';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { sendCopy, sendPrintBusy, unlessQueueFull } from '../overprint/print-answer';
import { createPrintCache, PRINT_CACHE_MAX_BYTES, PRINT_CACHE_TTL_MS } from '../overprint/print-cache';
import type { Renderer } from '../overprint/render-pool';
import { openToken, visitToken } from '../overprint/sealed-token';
import { maskedRecord } from '../roster-mask';
import { clientSubjectFor } from '../session-keys';

const WRITE = { config: { budget: 'write' } } as const;
const PRINT = { config: { prints: true } } as const;

/** Why a lookup got nothing: `data` of the refusal, for the client to tell the cases apart. */
export type LookupRefusal = 'lookupMismatch' | 'lookupLocked' | 'tokenInvalid' | 'tokenExpired';

export interface OverprintRouteOptions {
  db: Kysely<Database>;
  keys: { tokenKey: Buffer; clientKey: Buffer };
  renderer: Renderer;
}

/**
 * The overprint (ODGAF050-053) and the progress check (ODGAF060). No answer gives an application's data
 * without its identifiers or a token the server sealed for it:
 * - `overprint/lookup`: 受理編號 + 統一編號 + the contact phone + captcha → a token for this visit and the
 *   data the documents print (ID numbers masked).
 * - `DTODGAZ0/getDecryptData`: the print link's token, bound to the 受理編號 in the link → the same.
 * - `overprint/document`: the token + the chosen documents → one PDF, rendered off the request thread
 *   (overprint/render-pool.ts) and handed out again for the same application data and documents
 *   (overprint/print-cache.ts), its printed time included.
 * - `progress/query`: 受理編號 + 統一編號 + captcha → the status timeline.
 * Wrong identifiers get one message that never says which was wrong, and count towards a lockout per
 * 受理編號 and per client (db/repositories/lookup-failures.ts).
 */
export const overprintRoutes: FastifyPluginAsync<OverprintRouteOptions> = async (
  app,
  { db, keys, renderer },
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
    const now = new Date();
    const subjects = subjectsOf(request, input.applicationNo);
    const locked = await lookupLockedUntil(db, subjects, now);
    if (locked) {
      reply.send(refusal('lookupLocked', messages.lookupLocked(minutesUntil(locked, now))));
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
    const lockedNow = await recordLookupFailure(db, subjects, now);
    reply.send(
      lockedNow
        ? refusal('lookupLocked', messages.lookupLocked(minutesUntil(lockedNow, now)))
        : refusal('lookupMismatch', mismatch),
    );
    return null;
  }

  async function access(
    identity: ApplicationIdentity,
    token: string,
    expiresAt: number,
  ): Promise<OverprintAccess> {
    const record = await readApplicationRecord(db, identity.id);
    return { token, expiresAt: new Date(expiresAt).toISOString(), application: maskedRecord(record) };
  }

  app.post('/overprint/lookup', WRITE, async (request, reply) => {
    const input = await parseInput(lookupSchema, request.body);
    const identity = await identify(request, reply, input, messages.lookupMismatch());
    if (!identity) return reply;
    const { token, expiresAt } = visitToken(keys.tokenKey, input.applicationNo, new Date());
    return ok(await access(identity, token, expiresAt));
  });

  app.post('/DTODGAZ0/getDecryptData', async (request) => {
    const { token, applicationNo } = await parseInput(openTokenSchema, request.body);
    const opened = openToken(keys.tokenKey, 'overprint', token, new Date());
    if (!opened.ok) return tokenRefusal(opened.reason);
    const identity =
      opened.claims.applicationNo === applicationNo && (await findApplicationIdentity(db, applicationNo));
    if (!identity) return tokenRefusal('invalid');
    return ok(await access(identity, token, opened.claims.expiresAt));
  });

  app.post('/overprint/document', PRINT, async (request, reply) => {
    const { token, documents } = await parseInput(documentSchema, request.body);
    const now = new Date();
    const opened = openToken(keys.tokenKey, 'overprint', token, now);
    if (!opened.ok) return tokenRefusal(opened.reason);
    const identity = await findApplicationIdentity(db, opened.claims.applicationNo);
    if (!identity) return tokenRefusal('invalid');
    const record = await readApplicationRecord(db, identity.id);
    if (documents.includes('roster') && record.roster.length === 0) {
      return fail(RETURN_CODE.refused, messages.rosterNotGiven());
    }
    const copy = await unlessQueueFull(copies.print(record, documents, now));
    return copy ? sendCopy(reply, record.applicationNo, copy) : sendPrintBusy(reply);
  });

  app.post('/progress/query', WRITE, async (request, reply) => {
    const input = await parseInput(progressSchema, request.body);
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

function tokenRefusal(reason: 'invalid' | 'expired') {
  return reason === 'expired'
    ? refusal('tokenExpired', messages.tokenExpired())
    : refusal('tokenInvalid', messages.tokenInvalid());
}

function minutesUntil(until: Date, now: Date): number {
  return Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
}
