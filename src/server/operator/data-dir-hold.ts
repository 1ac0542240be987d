import { once } from 'node:events';
import { chmodSync, lstatSync, mkdirSync, rmdirSync, statSync, unlinkSync } from 'node:fs';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeDataDir } from '../config';
import { narrowDataDir, narrowedNotice } from './data-dir-rights';

/*
 * The embedded database (PGlite) is files that one process may open at a time: a second process writing
 * them beside the first corrupts them. Whoever opens them (the server, an operator command, db:migrate)
 * first holds the data folder by listening on `<DATA_DIR>/operator.sock`: a Unix socket is a lock that
 * goes with its process, since a socket nobody listens on any more refuses connections, whatever was left
 * on disk. Over the same socket the holder answers operator commands (one JSON line in, one out), so a
 * command runs on the running server's own database handle instead of opening the files a second time.
 */

export const OPERATOR_SOCKET = 'operator.sock';

/** Linux's sun_path holds 108 bytes, the terminating zero included. */
const MAX_SOCKET_PATH_BYTES = 107;
/** The longest line a holder reads: a command is a few hundred bytes. */
const MAX_LINE_BYTES = 16 * 1024;
/** A connection that sends no full line in this time is closed. */
const IDLE_MS = 10_000;
/** How long a found socket must keep refusing before it counts as left by a crash. */
const STALE_RECHECK_MS = 100;
/** A recovery lock older than this was left by a process that died during the milliseconds it holds it. */
const RECOVERY_LOCK_STALE_MS = 10_000;

export const operatorSocketPath = (dataDir: string) => join(dataDir, OPERATOR_SOCKET);

export class DataDirInUseError extends Error {
  constructor(readonly dataDir: string) {
    super(
      `The database in ${dataDir} is in use by another process (a running server or an operator command). ` +
        'Stop it first, or set DATABASE_URL to use PostgreSQL.',
    );
    this.name = 'DataDirInUseError';
  }
}

/** What a holder answers to a line that reached no command: why, in words an operator can act on. */
export type OperatorError = 'malformed' | 'tooLong' | 'unknownCommand' | 'invalid' | 'busy' | 'failed';

/** The one line a holder writes back. */
export type OperatorAnswer = { ok: true; result: unknown } | OperatorRefusal;
export type OperatorRefusal = { ok: false; error: OperatorError; message: string };

/** Turns one received line into its answer; a throw answers 'failed'. */
export type LineHandler = (line: string) => Promise<OperatorAnswer>;

export interface DataDirHold {
  readonly dataDir: string;
  readonly socketPath: string;
  /** set when the folder was found open to other accounts (and closed): the operator is told this */
  readonly notice: string | undefined;
  /** From now on, lines are answered by `handler` (until then: 'busy' with the hold's busy message). */
  serve(handler: LineHandler): void;
  /** Lines are answered 'busy' with `message` again; resolves once the lines in flight are answered. */
  refuse(message: string): Promise<void>;
  /** Stops listening and removes the socket: the folder is free. Call it after closing the database. */
  close(): Promise<void>;
}

/**
 * Holds `dataDir` for this process, or throws DataDirInUseError when a live process holds it. A socket
 * file whose process is gone (killed, crashed) is removed and taken over. Until `serve` is called, every
 * command line is answered 'busy' with `busyMessage` (an operator command holding the folder, a server
 * still migrating). The folder is made, or found and narrowed, its owner's alone (data-dir-rights.ts);
 * throws DataDirRightsError when it cannot be.
 */
export async function holdDataDir(dataDir: string, options: { busyMessage: string }): Promise<DataDirHold> {
  const socketPath = operatorSocketPath(dataDir);
  if (Buffer.byteLength(socketPath) > MAX_SOCKET_PATH_BYTES) {
    throw new Error(
      `The operator socket ${socketPath} is longer than a Unix socket path may be ` +
        `(${MAX_SOCKET_PATH_BYTES} bytes): set a shorter DATA_DIR.`,
    );
  }
  makeDataDir(dataDir);
  const lines = new LineServer(options.busyMessage);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    if (await listen(lines.server, socketPath)) {
      // a failed accept (out of file descriptors) must not end the process; the client sees it fail
      lines.server.on('error', () => {});
      chmodSync(socketPath, 0o600);
      const inode = statSync(socketPath).ino;
      const close = async () => {
        await lines.close();
        removeIfOurs(socketPath, inode);
      };
      let narrowed: number;
      try {
        narrowed = narrowDataDir(dataDir);
      } catch (error) {
        await close();
        throw error;
      }
      return {
        dataDir,
        socketPath,
        notice: narrowed > 0 ? narrowedNotice(dataDir, narrowed) : undefined,
        serve: (handler) => lines.serve(handler),
        refuse: (message) => lines.refuse(message),
        close,
      };
    }
    const found = await probe(socketPath);
    if (found === 'answers') throw new DataDirInUseError(dataDir);
    if (found === 'refuses') await removeStaleSocket(socketPath);
    // 'gone': its holder stopped meanwhile; listen again
  }
  throw new DataDirInUseError(dataDir);
}

/**
 * Sends one command line to the holder of `socketPath` and answers what it wrote back. Rejects with the
 * connection's error (code ECONNREFUSED or ENOENT: nobody holds the folder any more), or when no answer
 * comes within `timeoutMs`.
 */
export function sendOperatorLine(socketPath: string, request: unknown, timeoutMs = 30_000): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const socket = connect(socketPath);
    let received = '';
    let settled = false;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      socket.destroy();
      outcome();
    };
    socket.setEncoding('utf8');
    socket.setTimeout(timeoutMs, () =>
      settle(() => reject(new Error(`no answer on ${socketPath} within ${timeoutMs / 1000} s`))),
    );
    socket.on('connect', () => socket.write(`${JSON.stringify(request)}\n`));
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end >= 0) settle(() => parseAnswer(received.slice(0, end), resolve, reject));
    });
    socket.on('end', () => settle(() => parseAnswer(received, resolve, reject)));
    socket.on('error', (error) => settle(() => reject(error)));
  });
}

function parseAnswer(line: string, resolve: (value: unknown) => void, reject: (error: Error) => void): void {
  try {
    resolve(JSON.parse(line));
  } catch {
    reject(new Error('the holder of the data folder answered no JSON line'));
  }
}

/** Resolves true once listening on `path`, false when the path exists already. */
async function listen(server: Server, path: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off('listening', onListening);
      if (error.code === 'EADDRINUSE') resolve(false);
      else reject(new Error(`Cannot listen on the operator socket ${path} (${error.code ?? error.message})`));
    };
    const onListening = () => {
      server.off('error', onError);
      resolve(true);
    };
    server.once('error', onError);
    server.once('listening', onListening);
    server.listen({ path, exclusive: true });
  });
}

/** Whether a process listens on `path` ('answers'), a file without one is there ('refuses'), or nothing. */
function probe(path: string): Promise<'answers' | 'refuses' | 'gone'> {
  return new Promise((resolve, reject) => {
    const socket = connect(path);
    socket.on('connect', () => {
      // an empty connection: the holder closes it without an answer
      socket.end();
      resolve('answers');
    });
    socket.on('error', (error: NodeJS.ErrnoException) => {
      socket.destroy();
      if (error.code === 'ECONNREFUSED') resolve('refuses');
      else if (error.code === 'ENOENT') resolve('gone');
      // a listener whose backlog is full is alive
      else if (error.code === 'EAGAIN') resolve('answers');
      else reject(new Error(`Cannot check the operator socket ${path} (${error.code ?? error.message})`));
    });
  });
}

/**
 * Removes a socket file nobody listens on. Two processes finding the same stale file must not both take
 * it over (the second would unlink the first one's new socket), so the removal happens under a lock
 * (an exclusive mkdir), after a second look: a file that still refuses a moment later, and is still the
 * same file, was left by a process that is gone.
 */
async function removeStaleSocket(path: string): Promise<void> {
  const lock = `${path}.lock`;
  try {
    mkdirSync(lock);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    if (Date.now() - statMtime(lock) > RECOVERY_LOCK_STALE_MS) removeDir(lock);
    await sleep(STALE_RECHECK_MS);
    return;
  }
  try {
    const before = socketInode(path);
    if (before === undefined || (await probe(path)) !== 'refuses') return;
    await sleep(STALE_RECHECK_MS);
    if (socketInode(path) === before && (await probe(path)) === 'refuses') unlinkSync(path);
  } finally {
    removeDir(lock);
  }
}

function socketInode(path: string): number | undefined {
  try {
    const stats = lstatSync(path);
    if (!stats.isSocket()) throw new Error(`${path} exists and is not a socket: remove it`);
    return stats.ino;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function statMtime(path: string): number {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return Date.now();
  }
}

function removeDir(path: string): void {
  try {
    rmdirSync(path);
  } catch {
    // another process removed it
  }
}

/** Node removes the socket file when the server closes; this covers a platform that does not. */
function removeIfOurs(path: string, inode: number): void {
  try {
    if (lstatSync(path).ino === inode) unlinkSync(path);
  } catch {
    // gone already
  }
}

/** One JSON line in, one JSON line out, per connection; nothing a client sends can throw out of it. */
class LineServer {
  readonly server: Server;
  readonly #sockets = new Set<Socket>();
  readonly #inFlight = new Set<Promise<void>>();
  #handler: LineHandler | undefined;

  constructor(private busyMessage: string) {
    // a client may end its side after its line and still read the answer
    this.server = createServer({ allowHalfOpen: true }, (socket) => this.#accept(socket));
  }

  serve(handler: LineHandler): void {
    this.#handler = handler;
  }

  async refuse(message: string): Promise<void> {
    this.#handler = undefined;
    this.busyMessage = message;
    await Promise.allSettled([...this.#inFlight]);
  }

  async close(): Promise<void> {
    await this.refuse(this.busyMessage);
    if (!this.server.listening) return;
    const closed = once(this.server, 'close');
    this.server.close();
    for (const socket of this.#sockets) socket.destroy();
    await closed;
  }

  #accept(socket: Socket): void {
    this.#sockets.add(socket);
    socket.on('close', () => this.#sockets.delete(socket));
    socket.on('error', () => socket.destroy());
    socket.setEncoding('utf8');
    socket.setTimeout(IDLE_MS, () => socket.destroy());
    let received = '';
    let taken = false;
    const take = (line: string) => {
      taken = true;
      socket.removeAllListeners('data');
      const answered = this.#answer(line).then((answer) => {
        if (!socket.destroyed) socket.end(`${JSON.stringify(answer)}\n`);
      });
      this.#inFlight.add(answered);
      void answered.finally(() => this.#inFlight.delete(answered));
    };
    socket.on('data', (chunk: string) => {
      received += chunk;
      const end = received.indexOf('\n');
      if (end >= 0) take(received.slice(0, end));
      else if (Buffer.byteLength(received) > MAX_LINE_BYTES) {
        taken = true;
        socket.removeAllListeners('data');
        socket.end(`${JSON.stringify(refusal('tooLong', `a line is at most ${MAX_LINE_BYTES} bytes`))}\n`);
      }
    });
    socket.on('end', () => {
      if (taken) return;
      // an empty connection is a probe of the lock: closed without an answer
      if (received.trim() === '') socket.end();
      else take(received);
    });
  }

  async #answer(line: string): Promise<OperatorAnswer> {
    const handler = this.#handler;
    if (!handler) return refusal('busy', this.busyMessage);
    try {
      return await handler(line);
    } catch {
      return refusal('failed', 'the command failed');
    }
  }
}

export const refusal = (error: OperatorError, message: string): OperatorRefusal => ({
  ok: false,
  error,
  message,
});
