import cluster from 'node:cluster';
import { loadConfig } from './config';
import { DataDirInUseError } from './operator/data-dir-hold';
import { DataDirRightsError } from './operator/data-dir-rights';
import { startServer } from './server';
import { runPrimary, WORKERS_NEED_POSTGRES } from './server-cluster';

/** How long the drain after the grace period may take before the process gives up on it. */
const DRAIN_LIMIT_MS = 10_000;

const config = loadConfig();
if (config.workers > 1 && !config.databaseUrl) {
  process.stderr.write(`${WORKERS_NEED_POSTGRES}\n`);
  process.exit(1);
}
if (config.workers > 1 && cluster.isPrimary) await runPrimary(config);
else await serve();

async function serve(): Promise<void> {
  // a cluster's worker: the primary migrated and seeded the database before forking it
  const server = await startServer(config, { prepared: cluster.isWorker }).catch((error: unknown) => {
    // an operator's mistake, not a fault: the message says what to do, without a stack trace
    if (!(error instanceof DataDirInUseError || error instanceof DataDirRightsError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      server.app.log.info({ signal, graceMs: config.shutdownGraceMs }, 'shutting down');
      // A request that never ends must not keep the process alive past the orchestrator's patience.
      setTimeout(() => {
        server.app.log.error('shutdown drain limit over; exiting');
        process.exit(1);
      }, config.shutdownGraceMs + DRAIN_LIMIT_MS).unref();
      server.shutdown().then(
        () => process.exit(0),
        (error: unknown) => {
          server.app.log.error({ errType: (error as Error).name }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
