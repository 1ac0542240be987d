import { loadConfig } from './config';
import { DataDirInUseError } from './operator/data-dir-hold';
import { startServer } from './server';

const SHUTDOWN_GRACE_MS = 10_000;

const server = await startServer(loadConfig()).catch((error: unknown) => {
  // an operator's mistake, not a fault: the message says what to do, without a stack trace
  if (!(error instanceof DataDirInUseError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});

for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    server.app.log.info({ signal }, 'shutting down');
    // A request that never ends must not keep the process alive past the orchestrator's patience.
    setTimeout(() => {
      server.app.log.error('shutdown grace period over; exiting');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    server.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        server.app.log.error({ errType: (error as Error).name }, 'shutdown failed');
        process.exit(1);
      },
    );
  });
}
