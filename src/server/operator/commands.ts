import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { ANALYST_NAME } from '../../domain/api/atlas';
import { APPLICATION_NO } from '../../domain/api/overprint';
import {
  type ApplicationStatus,
  DEFAULT_MISSING_DOCUMENTS,
  isApplicationStatus,
} from '../../domain/application-status';
import { ARGON2ID_PREFIX } from '../atlas/passwords';
import { upsertAnalyst } from '../db/repositories/analysts';
import { advanceApplication, type UnversionedResult } from '../db/repositories/application-events';
import type { Database } from '../db/schema';
import { type LineHandler, type OperatorRefusal, refusal } from './data-dir-hold';

/*
 * The commands the operator socket takes (see data-dir-hold.ts), as one JSON line each:
 *   {"command":"application.advance","applicationNo":"GI115112400001","status":"資料審核中","note":null}
 *   {"command":"analyst.add","name":"alice","passwordHash":"$argon2id$…"}
 * answered by {"ok":true,"result":<the command's result>} or {"ok":false,"error","message"}: an advance's
 * result with its time as ISO, an analyst's {"created":true|false}.
 */

/** The longest note an event may carry: a sentence or two on the progress page. */
export const NOTE_MAX_LENGTH = 200;
/** An argon2id hash with the library's costs is about 100 characters; far more is not one. */
const HASH_MAX_LENGTH = 512;

export interface AdvanceCommand {
  command: 'application.advance';
  applicationNo: string;
  status: ApplicationStatus;
  note: string | null;
}

/** An analyst added, or an existing one given a new password; the command hashed it, never sends it. */
export interface AnalystAddCommand {
  command: 'analyst.add';
  name: string;
  passwordHash: string;
}

export type OperatorCommand = AdvanceCommand | AnalystAddCommand;

/** An advance result as it crosses the socket: its time as an ISO string. */
export type AdvanceAnswer =
  | { ok: true; from: ApplicationStatus; to: ApplicationStatus; at: string }
  | Exclude<UnversionedResult, { ok: true }>;

/** false: the analyst existed, and now has the new password, no lock and no session. */
export interface AnalystAddAnswer {
  created: boolean;
}

/** What is wrong with a note (a non-empty text of at most NOTE_MAX_LENGTH characters), if anything. */
export function noteProblem(note: string): string | undefined {
  if (note.trim() === '') return 'the note is empty';
  if ([...note].length > NOTE_MAX_LENGTH) return `the note is longer than ${NOTE_MAX_LENGTH} characters`;
  return undefined;
}

type Parsed = { ok: true; command: OperatorCommand } | OperatorRefusal;

/** A received line as a command, or the answer refusing it. */
export function parseOperatorLine(line: string): Parsed {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return refusal('malformed', 'a command is one line of JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refusal('malformed', 'a command is a JSON object');
  const fields = value as Record<string, unknown>;
  if (fields.command === 'application.advance') return parseAdvance(fields);
  if (fields.command === 'analyst.add') return parseAnalystAdd(fields);
  return refusal('unknownCommand', 'unknown command; the commands are application.advance and analyst.add');
}

function unknownFields(
  fields: Record<string, unknown>,
  known: readonly string[],
): OperatorRefusal | undefined {
  const unknown = Object.keys(fields).filter((key) => !known.includes(key));
  return unknown.length > 0 ? refusal('invalid', `unknown fields: ${unknown.join(', ')}`) : undefined;
}

function parseAdvance(fields: Record<string, unknown>): Parsed {
  const unknown = unknownFields(fields, ['command', 'applicationNo', 'status', 'note']);
  if (unknown) return unknown;
  const { applicationNo, status, note = null } = fields;
  if (typeof applicationNo !== 'string' || !APPLICATION_NO.test(applicationNo))
    return refusal('invalid', 'applicationNo is not a 受理編號 (GI and 12 digits)');
  if (!isApplicationStatus(status)) return refusal('invalid', 'status is not an application status');
  if (note !== null && typeof note !== 'string') return refusal('invalid', 'note is a text or null');
  const problem = note === null ? undefined : noteProblem(note);
  if (problem) return refusal('invalid', problem);
  return {
    ok: true,
    command: {
      command: 'application.advance',
      applicationNo,
      status,
      note: note === null ? null : note.trim(),
    },
  };
}

function parseAnalystAdd(fields: Record<string, unknown>): Parsed {
  const unknown = unknownFields(fields, ['command', 'name', 'passwordHash']);
  if (unknown) return unknown;
  const { name, passwordHash } = fields;
  if (typeof name !== 'string' || !ANALYST_NAME.test(name))
    return refusal('invalid', 'name is not an analyst name (a-z first, then a-z 0-9 . _ -, 3 to 32)');
  if (
    typeof passwordHash !== 'string' ||
    !passwordHash.startsWith(ARGON2ID_PREFIX) ||
    passwordHash.length > HASH_MAX_LENGTH ||
    !/^[\x21-\x7e]+$/.test(passwordHash)
  )
    return refusal('invalid', 'passwordHash is not an argon2id hash');
  return { ok: true, command: { command: 'analyst.add', name, passwordHash } };
}

/**
 * Runs an advance command and answers its result as it crosses the socket. 待補件 without a note asks for
 * the documents every application needs (the machine wants a note there); no version: the command is judged
 * on the status the last move left.
 */
export async function runAdvance(db: Kysely<Database>, command: AdvanceCommand): Promise<AdvanceAnswer> {
  const result = await advanceApplication(db, {
    applicationNo: command.applicationNo,
    status: command.status,
    note: command.note ?? (command.status === '待補件' ? DEFAULT_MISSING_DOCUMENTS : null),
  });
  return result.ok ? { ok: true, from: result.from, to: result.to, at: result.at.toISOString() } : result;
}

export function runAnalystAdd(db: Kysely<Database>, command: AnalystAddCommand): Promise<AnalystAddAnswer> {
  return upsertAnalyst(db, command.name, command.passwordHash);
}

async function runCommand(
  db: Kysely<Database>,
  command: OperatorCommand,
): Promise<{ result: unknown; outcome: string }> {
  if (command.command === 'analyst.add') {
    const result = await runAnalystAdd(db, command);
    return { result, outcome: result.created ? 'added' : 'replaced' };
  }
  const result = await runAdvance(db, command);
  return { result, outcome: result.ok ? 'advanced' : result.reason };
}

/**
 * The server's answer to each line on its operator socket: the command run on its own database handle.
 * Logged by command and outcome only, never the application's data nor the analyst's name or hash.
 */
export function operatorHandler(db: Kysely<Database>, log: FastifyBaseLogger): LineHandler {
  return async (line) => {
    const parsed = parseOperatorLine(line);
    if (!parsed.ok) {
      log.warn({ operatorError: parsed.error }, 'operator command refused');
      return parsed;
    }
    try {
      const { result, outcome } = await runCommand(db, parsed.command);
      log.info({ operatorCommand: parsed.command.command, outcome }, 'operator command');
      return { ok: true, result };
    } catch (error) {
      log.error(
        { operatorCommand: parsed.command.command, errCode: (error as { code?: unknown }).code },
        'operator command failed',
      );
      return refusal('failed', `the database refused the command (${errorCode(error)})`);
    }
  };
}

export function errorCode(error: unknown): string {
  const { code, name } = error as { code?: unknown; name?: unknown };
  return typeof code === 'string' ? code : typeof name === 'string' ? name : 'error';
}
