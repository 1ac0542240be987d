import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { createDatabase, databaseTarget } from '../db/database';
import type { Database } from '../db/schema';
import { errorCode } from './commands';
import {
  type DataDirHold,
  DataDirInUseError,
  holdDataDir,
  operatorSocketPath,
  sendOperatorLine,
} from './data-dir-hold';

/*
 * Where an operator command runs (application:advance, staff:add): with DATABASE_URL on PostgreSQL
 * beside the servers; on the embedded database through the running server's operator socket, or, with no
 * server running, holding the data folder itself while it opens the files.
 */

/** Where a command writes its lines: stdout and stderr in the script, arrays in tests. */
export interface CommandOutput {
  out(line: string): void;
  err(line: string): void;
}

export const processOutput: CommandOutput = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

/** How long the command waits for PostgreSQL, a row lock a request holds included. */
const POSTGRES_TIMEOUT_MS = 10_000;

/** What the command got: the result of its run, or why it did not run. */
export type Outcome<T> = { answer: T } | { failure: string };

/** A command the operator socket also takes: how to run it on a database, and to check the server's result. */
export interface OperatorTask<C, T> {
  command: C;
  /** a table the command needs: a database without it has not been set up */
  table: keyof Database;
  /** what the missing tables are called in the message: 'application', 'staff' */
  tables: string;
  run(db: Kysely<Database>, command: C): Promise<T>;
  /** the result as it came over the socket, checked: the server may be another version */
  isResult(value: unknown): value is T;
}

/** Runs `task`; `output` hears of a data folder the command found open to other accounts, and closed. */
export async function runOperatorTask<C, T>(
  env: NodeJS.ProcessEnv,
  task: OperatorTask<C, T>,
  output: CommandOutput,
): Promise<Outcome<T>> {
  try {
    return env.DATABASE_URL
      ? await onPostgres(env.DATABASE_URL, task)
      : await onPglite(resolve(env.DATA_DIR || 'data'), task, output);
  } catch (error) {
    // a database's or the system's error by its code: its message may quote data
    const { code } = error as { code?: unknown };
    return {
      failure: `The command did not run: ${typeof code === 'string' ? code : (error as Error).message}`,
    };
  }
}

async function onPostgres<C, T>(url: string, task: OperatorTask<C, T>): Promise<Outcome<T>> {
  const db = createDatabase({ url, timeoutMs: POSTGRES_TIMEOUT_MS });
  try {
    if (!(await isMigrated(db, task)))
      return { failure: notSetUp('The PostgreSQL database of DATABASE_URL', task) };
    return { answer: await task.run(db, task.command) };
  } catch (error) {
    // the URL may hold a password: only the error's code is printed
    return { failure: `The command did not run on PostgreSQL (DATABASE_URL): ${errorCode(error)}.` };
  } finally {
    await db.destroy();
  }
}

async function onPglite<C, T>(
  dataDir: string,
  task: OperatorTask<C, T>,
  output: CommandOutput,
): Promise<Outcome<T>> {
  // a folder that does not exist has no database; holding it would create it
  if (!existsSync(dataDir)) return { failure: notSetUp(`The folder ${dataDir}`, task) };
  // A server stopping or starting between our two tries is retried: then the folder is free, or taken.
  for (let attempt = 0; attempt < 3; attempt += 1) {
    let hold: DataDirHold;
    try {
      hold = await holdDataDir(dataDir, {
        busyMessage: `The database in ${dataDir} is in use by another operator command; try again in a moment.`,
      });
    } catch (error) {
      if (!(error instanceof DataDirInUseError)) throw error;
      try {
        return readAnswer(await sendOperatorLine(operatorSocketPath(dataDir), task.command), task);
      } catch (sendError) {
        const code = (sendError as NodeJS.ErrnoException).code;
        if (code === 'ECONNREFUSED' || code === 'ENOENT') continue;
        throw sendError;
      }
    }
    if (hold.notice) output.err(hold.notice);
    try {
      return await onHeldFolder(dataDir, task);
    } finally {
      await hold.close();
    }
  }
  return { failure: new DataDirInUseError(dataDir).message };
}

/** With the folder held: its PGlite files, opened by this process alone. */
async function onHeldFolder<C, T>(dataDir: string, task: OperatorTask<C, T>): Promise<Outcome<T>> {
  const target = databaseTarget({ dataDir, databaseUrl: undefined, databaseTimeoutMs: POSTGRES_TIMEOUT_MS });
  if ('dataDir' in target && !existsSync(target.dataDir))
    return { failure: notSetUp(`The folder ${dataDir}`, task) };
  const db = createDatabase(target);
  try {
    if (!(await isMigrated(db, task))) return { failure: notSetUp(`The database in ${dataDir}`, task) };
    return { answer: await task.run(db, task.command) };
  } finally {
    await db.destroy();
  }
}

async function isMigrated(db: Kysely<Database>, task: OperatorTask<unknown, unknown>): Promise<boolean> {
  const tables = await db.introspection.getTables();
  return tables.some((table) => table.name === task.table);
}

const notSetUp = (what: string, task: OperatorTask<unknown, unknown>) =>
  `${what} has no ${task.tables} tables yet: run npm start or npm run db:migrate first.`;

/** What the server's operator socket answered, checked: it may be another version of the server. */
function readAnswer<T>(value: unknown, task: OperatorTask<unknown, T>): Outcome<T> {
  const answer = value as { ok?: unknown; result?: unknown; error?: unknown; message?: unknown } | null;
  if (answer?.ok === false && typeof answer.message === 'string') {
    return {
      failure: answer.error === 'busy' ? answer.message : `The server refused the command: ${answer.message}`,
    };
  }
  if (answer?.ok === true && task.isResult(answer.result)) return { answer: answer.result };
  return {
    failure: 'The server answered something this command does not understand: is it another version?',
  };
}
