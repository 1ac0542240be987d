import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { APPLICATION_NO } from '../../domain/api/overprint';
import { type ApplicationStatus, isApplicationStatus } from '../../domain/application-status';
import { type AdvanceResult, advanceApplication } from '../db/repositories/application-events';
import type { Database } from '../db/schema';
import { type LineHandler, type OperatorRefusal, refusal } from './data-dir-hold';

/*
 * The commands the operator socket takes (see data-dir-hold.ts), as one JSON line each:
 *   {"command":"application.advance","applicationNo":"GI115112400001","status":"資料審核中","note":null}
 * answered by {"ok":true,"result":<the advance result, its time as ISO>} or {"ok":false,"error","message"}.
 */

/** The longest note an event may carry: a sentence or two on the progress page. */
export const NOTE_MAX_LENGTH = 200;

export interface AdvanceCommand {
  command: 'application.advance';
  applicationNo: string;
  status: ApplicationStatus;
  note: string | null;
}

/** An advance result as it crosses the socket: its time as an ISO string. */
export type AdvanceAnswer =
  | { ok: true; from: ApplicationStatus; to: ApplicationStatus; at: string }
  | Exclude<AdvanceResult, { ok: true }>;

/** What is wrong with a note (a non-empty text of at most NOTE_MAX_LENGTH characters), if anything. */
export function noteProblem(note: string): string | undefined {
  if (note.trim() === '') return 'the note is empty';
  if ([...note].length > NOTE_MAX_LENGTH) return `the note is longer than ${NOTE_MAX_LENGTH} characters`;
  return undefined;
}

const ADVANCE_KEYS = new Set(['command', 'applicationNo', 'status', 'note']);

/** A received line as a command, or the answer refusing it. */
export function parseOperatorLine(line: string): { ok: true; command: AdvanceCommand } | OperatorRefusal {
  let value: unknown;
  try {
    value = JSON.parse(line);
  } catch {
    return refusal('malformed', 'a command is one line of JSON');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    return refusal('malformed', 'a command is a JSON object');
  const fields = value as Record<string, unknown>;
  if (fields.command !== 'application.advance')
    return refusal('unknownCommand', 'unknown command; the one command is application.advance');
  const unknown = Object.keys(fields).filter((key) => !ADVANCE_KEYS.has(key));
  if (unknown.length > 0) return refusal('invalid', `unknown fields: ${unknown.join(', ')}`);
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

/** Runs an advance command and answers its result as it crosses the socket. */
export async function runAdvance(db: Kysely<Database>, command: AdvanceCommand): Promise<AdvanceAnswer> {
  const result = await advanceApplication(db, {
    applicationNo: command.applicationNo,
    status: command.status,
    note: command.note,
  });
  return result.ok ? { ...result, at: result.at.toISOString() } : result;
}

/**
 * The server's answer to each line on its operator socket: the command run on its own database handle.
 * Logged by command and outcome only, never the application's data.
 */
export function operatorHandler(db: Kysely<Database>, log: FastifyBaseLogger): LineHandler {
  return async (line) => {
    const parsed = parseOperatorLine(line);
    if (!parsed.ok) {
      log.warn({ operatorError: parsed.error }, 'operator command refused');
      return parsed;
    }
    try {
      const result = await runAdvance(db, parsed.command);
      log.info(
        { operatorCommand: parsed.command.command, outcome: result.ok ? 'advanced' : result.reason },
        'operator command',
      );
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
