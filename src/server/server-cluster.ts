import cluster, { type Worker } from 'node:cluster';
import type { ServerConfig } from './config';
import { createDatabase, databaseTarget } from './db/database';
import { prepareDatabase } from './server';

/**
 * How long the workers may take to drain after their grace period (config.shutdownGraceMs, through which
 * they still answer; their own limit after it is 10 s) before they are killed.
 */
const DRAIN_LIMIT_MS = 12_000;

/** Why WORKERS > 1 cannot run: the embedded database's files belong to one process. */
export const WORKERS_NEED_POSTGRES =
  'WORKERS is more than 1, but the embedded database (PGlite) belongs to one process: ' +
  'set DATABASE_URL to a PostgreSQL shared by the workers, or leave WORKERS at 1.';

/** A line in the shape of the workers' pino logs (level 30 info, 40 warn, 50 error). */
function log(level: 30 | 40 | 50, fields: Record<string, unknown>, msg: string): void {
  process.stdout.write(`${JSON.stringify({ level, time: Date.now(), pid: process.pid, ...fields, msg })}\n`);
}

/**
 * The primary of `config.workers` server processes sharing the port (node:cluster) on one PostgreSQL: it
 * migrates and seeds the database once, then forks the workers (main.ts starts a server in each). A worker
 * that dies after it listened is logged and replaced; one that dies before it ever listened (it cannot
 * start) stops them all, exit 1. SIGTERM or SIGINT is passed to every worker, which drains as a single
 * server does; the primary exits once they have, 0 if they all exited 0.
 */
export async function runPrimary(config: ServerConfig): Promise<void> {
  const db = createDatabase(databaseTarget(config));
  try {
    await prepareDatabase(db);
  } finally {
    await db.destroy();
  }
  const listened = new WeakSet<Worker>();
  let stopping = false;
  let failed = false;

  const stopAll = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    log(30, { signal }, 'shutting down the workers');
    setTimeout(() => {
      log(50, {}, 'workers still running past the drain limit; killing them');
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }, config.shutdownGraceMs + DRAIN_LIMIT_MS).unref();
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
  };

  cluster.on('listening', (worker) => listened.add(worker));
  cluster.on('exit', (worker, code, signal) => {
    if (stopping && code !== 0) failed = true;
    if (!stopping) {
      const fields = { workerPid: worker.process.pid, code, signal };
      if (listened.has(worker)) {
        log(50, fields, 'worker died; starting another');
        cluster.fork();
        return;
      }
      log(50, fields, 'worker could not start; stopping');
      failed = true;
      stopAll('SIGTERM');
    }
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(failed ? 1 : 0);
  });
  for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => stopAll(signal));

  log(30, { workers: config.workers }, 'starting workers');
  for (let i = 0; i < config.workers; i += 1) cluster.fork();
}
