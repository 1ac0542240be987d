import { movesFrom } from '../../../machines/application.machine';
import { NOTE_MAX_LENGTH } from '../../domain/api/application-case';
import { APPLICATION_NO } from '../../domain/api/overprint';
import {
  APPLICATION_STATUSES,
  DEFAULT_MISSING_DOCUMENTS,
  isApplicationStatus,
} from '../../domain/application-status';
import { TAIPEI } from '../../domain/roc-date';
import { siteUrlOf } from '../config';
import { type CommandOutput, type Outcome, runOperatorTask } from './command-runner';
import { type AdvanceAnswer, type AdvanceCommand, noteProblem, runAdvance } from './commands';

export { type CommandOutput, processOutput } from './command-runner';

/*
 * `npm run application:advance -- <受理編號> <status> [--note <text>]`: staff move an application along.
 * With DATABASE_URL it runs on PostgreSQL beside the servers (the row lock orders it with them). On the
 * embedded database it goes through the running server's operator socket, or, with no server running,
 * holds the data folder itself while it opens the files (command-runner.ts). It prints the application
 * number and statuses, never the company's data.
 */

/**
 * 0 moved; 1 refused (no such application, a move the machine does not take, a move without its note);
 * 2 a mistake in the arguments; 3 not run.
 */
export const EXIT = { done: 0, refused: 1, usage: 2, notRun: 3 } as const;

export async function runAdvanceCommand(
  argv: readonly string[],
  env: NodeJS.ProcessEnv,
  output: CommandOutput,
): Promise<number> {
  const parsed = parseArguments(argv);
  if ('help' in parsed) {
    output.out(usage());
    return EXIT.done;
  }
  if ('problem' in parsed) {
    output.err(parsed.problem);
    output.err('');
    output.err(usage());
    return EXIT.usage;
  }
  const outcome = await runOperatorTask(
    env,
    {
      command: parsed.command,
      table: 'applications',
      tables: 'application',
      run: (db, command) => runAdvance(db, command, siteUrlOf(env)),
      isResult: isAdvanceAnswer,
    },
    output,
  );
  return report(parsed.command, outcome, output);
}

function report(command: AdvanceCommand, outcome: Outcome<AdvanceAnswer>, output: CommandOutput): number {
  if ('failure' in outcome) {
    output.err(outcome.failure);
    return EXIT.notRun;
  }
  const { answer } = outcome;
  const no = command.applicationNo;
  if (answer.ok) {
    output.out(`${no}: ${answer.from} → ${answer.to} (${taipeiMinute(answer.at)} ${TAIPEI})`);
    return EXIT.done;
  }
  if (answer.reason === 'notFound') {
    output.err(`${no}: no application has this number; nothing was changed.`);
    return EXIT.refused;
  }
  if (answer.reason === 'noteRequired') {
    output.err(
      `${no}: ${answer.from} → ${answer.to} needs a note (--note <text>): the company reads it. Nothing was changed.`,
    );
    return EXIT.refused;
  }
  const next =
    answer.allowed.length > 0
      ? `from ${answer.from} it may go to ${answer.allowed.join(', ')}`
      : `${answer.from} is final: nothing follows it`;
  output.err(`${no}: ${answer.from} → ${command.status} is not allowed; ${next}. Nothing was changed.`);
  return EXIT.refused;
}

function isAdvanceAnswer(value: unknown): value is AdvanceAnswer {
  const result = value as Record<string, unknown> | null;
  if (typeof result !== 'object' || result === null) return false;
  if (result.ok === true)
    return (
      isApplicationStatus(result.from) && isApplicationStatus(result.to) && typeof result.at === 'string'
    );
  if (result.reason === 'notFound') return result.ok === false;
  if (result.reason === 'noteRequired')
    return result.ok === false && isApplicationStatus(result.from) && isApplicationStatus(result.to);
  return (
    result.ok === false &&
    result.reason === 'notAllowed' &&
    isApplicationStatus(result.from) &&
    Array.isArray(result.allowed) &&
    result.allowed.every(isApplicationStatus)
  );
}

type Parsed = { command: AdvanceCommand } | { problem: string } | { help: true };

function parseArguments(argv: readonly string[]): Parsed {
  const positional: string[] = [];
  let note: string | undefined;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i]!;
    if (arg === '--help' || arg === '-h') return { help: true };
    let value: string | undefined;
    if (arg === '--note') {
      value = argv[i + 1];
      if (value === undefined) return { problem: '--note needs a text.' };
      i += 1;
    } else if (arg.startsWith('--note=')) value = arg.slice('--note='.length);
    else if (arg.startsWith('-')) return { problem: `Unknown option: ${arg}` };
    else {
      positional.push(arg);
      continue;
    }
    if (note !== undefined) return { problem: '--note is given twice.' };
    note = value;
  }
  const [number, status, extra] = positional;
  if (number === undefined || status === undefined)
    return { problem: 'Give the 受理編號 and the new status.' };
  if (extra !== undefined) return { problem: `Unexpected argument: ${extra}` };
  const applicationNo = number.trim().toUpperCase();
  if (!APPLICATION_NO.test(applicationNo))
    return { problem: `Not a 受理編號 (GI and 12 digits, e.g. GI115112400001): ${number}` };
  const wanted = status.trim();
  if (!isApplicationStatus(wanted)) return { problem: `Not a status: ${status}` };
  const problem = note === undefined ? undefined : noteProblem(note);
  if (problem) return { problem: `The note is wrong: ${problem}.` };
  return {
    command: { command: 'application.advance', applicationNo, status: wanted, note: note?.trim() ?? null },
  };
}

export function usage(): string {
  const moves = APPLICATION_STATUSES.map((from) => {
    const next = movesFrom(from).map((move) => (move.noteRequired ? `${move.to}*` : move.to));
    return next.length > 0 ? `  ${from} → ${next.join(', ')}` : `  ${from}: final`;
  });
  return [
    'Usage: npm run application:advance -- <受理編號> <status> [--note <text>]',
    '',
    'Moves an application to a new status and records the event its progress page shows.',
    '  <受理編號>      GI, the ROC date yyyMMdd and a 5-digit serial, e.g. GI115112400001',
    `  <status>        one of ${APPLICATION_STATUSES.join(', ')}`,
    `  --note <text>   shown with the event, at most ${NOTE_MAX_LENGTH} characters; 待補件 without one asks for`,
    `                  ${DEFAULT_MISSING_DOCUMENTS}`,
    '',
    'Allowed moves (machines/application.machine.ts); * needs a note, which 待補件 has by default:',
    ...moves,
    '',
    'Exit codes: 0 moved; 1 refused (no such application, a move not allowed, a move without its note);',
    '2 a mistake in the arguments; 3 not run (the database busy, not set up or unreachable).',
  ].join('\n');
}

const TAIPEI_MINUTE = new Intl.DateTimeFormat('en-CA', {
  timeZone: TAIPEI,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `2026-11-24 10:05`: an instant as a minute in Taipei. */
function taipeiMinute(iso: string): string {
  const part = Object.fromEntries(TAIPEI_MINUTE.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}`;
}
