import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { NOTE_MAX_LENGTH } from '../../domain/api/application-case';
import { APPLICATION_NO } from '../../domain/api/overprint';
import { STAFF_NAME } from '../../domain/api/staff';
import {
  type ApplicationStatus,
  DEFAULT_MISSING_DOCUMENTS,
  isApplicationStatus,
} from '../../domain/application-status';
import { isStaffRole, STAFF_ROLES, type StaffRole } from '../../domain/staff-roles';
import { advanceApplication, type UnversionedResult } from '../db/repositories/application-events';
import { upsertStaff } from '../db/repositories/staff';
import type { Database } from '../db/schema';
import { ARGON2ID_PREFIX } from '../staff/passwords';
import { type LineHandler, type OperatorRefusal, refusal } from './data-dir-hold';

/*
 * The commands the operator socket takes (see data-dir-hold.ts), as one JSON line each:
 *   {"command":"application.advance","applicationNo":"GI115112400001","status":"資料審核中","note":null}
 *   {"command":"staff.add","name":"alice","roles":["admin"],"passwordHash":"$argon2id$…"}
 * answered by {"ok":true,"result":<the command's result>} or {"ok":false,"error","message"}: an advance's
 * result with its time as ISO, a staff account's {"created":true|false}.
 */

/** An argon2id hash with the library's costs is about 100 characters; far more is not one. */
const HASH_MAX_LENGTH = 512;

export interface AdvanceCommand {
  command: 'application.advance';
  applicationNo: string;
  status: ApplicationStatus;
  note: string | null;
}

/**
 * A staff account added, or an existing one given a new password and these roles; the command hashed the
 * password, never sends it.
 */
export interface StaffAddCommand {
  command: 'staff.add';
  name: string;
  roles: StaffRole[];
  passwordHash: string;
}

export type OperatorCommand = AdvanceCommand | StaffAddCommand;

/** An advance result as it crosses the socket: its time as an ISO string. */
export type AdvanceAnswer =
  | { ok: true; from: ApplicationStatus; to: ApplicationStatus; at: string }
  | Exclude<UnversionedResult, { ok: true }>;

/** false: the account existed, and now has the new password and roles, no wrong-password lock, no session. */
export interface StaffAddAnswer {
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
  if (fields.command === 'staff.add') return parseStaffAdd(fields);
  return refusal('unknownCommand', 'unknown command; the commands are application.advance and staff.add');
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

function parseStaffAdd(fields: Record<string, unknown>): Parsed {
  const unknown = unknownFields(fields, ['command', 'name', 'roles', 'passwordHash']);
  if (unknown) return unknown;
  const { name, roles, passwordHash } = fields;
  if (typeof name !== 'string' || !STAFF_NAME.test(name))
    return refusal('invalid', 'name is not an account name (a-z first, then a-z 0-9 . _ -, 3 to 32)');
  if (
    !Array.isArray(roles) ||
    roles.length === 0 ||
    roles.length > STAFF_ROLES.length ||
    !roles.every(isStaffRole)
  )
    return refusal('invalid', `roles is a list of one or more of ${STAFF_ROLES.join(', ')}`);
  if (
    typeof passwordHash !== 'string' ||
    !passwordHash.startsWith(ARGON2ID_PREFIX) ||
    passwordHash.length > HASH_MAX_LENGTH ||
    !/^[\x21-\x7e]+$/.test(passwordHash)
  )
    return refusal('invalid', 'passwordHash is not an argon2id hash');
  return { ok: true, command: { command: 'staff.add', name, roles, passwordHash } };
}

/**
 * Runs an advance command and answers its result as it crosses the socket. 待補件 without a note asks for
 * the documents every application needs (the machine wants a note there); no version: the command is judged
 * on the status the last move left.
 */
export async function runAdvance(
  db: Kysely<Database>,
  command: AdvanceCommand,
  siteUrl: string,
): Promise<AdvanceAnswer> {
  const result = await advanceApplication(db, {
    applicationNo: command.applicationNo,
    siteUrl,
    status: command.status,
    note: command.note ?? (command.status === '待補件' ? DEFAULT_MISSING_DOCUMENTS : null),
  });
  return result.ok ? { ok: true, from: result.from, to: result.to, at: result.at.toISOString() } : result;
}

export function runStaffAdd(db: Kysely<Database>, command: StaffAddCommand): Promise<StaffAddAnswer> {
  return upsertStaff(db, command.name, command.passwordHash, command.roles);
}

async function runCommand(
  db: Kysely<Database>,
  command: OperatorCommand,
  siteUrl: string,
): Promise<{ result: unknown; outcome: string }> {
  if (command.command === 'staff.add') {
    const result = await runStaffAdd(db, command);
    return { result, outcome: result.created ? 'added' : 'replaced' };
  }
  const result = await runAdvance(db, command, siteUrl);
  return { result, outcome: result.ok ? 'advanced' : result.reason };
}

/**
 * The server's answer to each line on its operator socket: the command run on its own database handle.
 * Logged by command and outcome only, never the application's data nor the account's name, roles or hash.
 */
export function operatorHandler(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  /** the site's public address, for the e-mail a move writes */
  siteUrl: string,
): LineHandler {
  return async (line) => {
    const parsed = parseOperatorLine(line);
    if (!parsed.ok) {
      log.warn({ operatorError: parsed.error }, 'operator command refused');
      return parsed;
    }
    try {
      const { result, outcome } = await runCommand(db, parsed.command, siteUrl);
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
