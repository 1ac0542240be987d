import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import type { Kysely } from 'kysely';
import { buildApp } from './app';
import type { ServerConfig } from './config';
import { createDatabase, databaseTarget } from './db/database';
import { migrateToLatest } from './db/migrate';
import { releaseStoppedRunLeases } from './db/repositories/outbox';
import type { Database } from './db/schema';
import { seed } from './db/seed';
import { deliveryWorker, scheduleDelivery } from './mail/delivery-worker';
import { smtpSender } from './mail/mail-sender';
import { scheduleOverdueNotices } from './mail/overdue-notices';
import { operatorHandler } from './operator/commands';
import { holdDataDir } from './operator/data-dir-hold';
import { scheduleSessionPurge } from './session-purge';

export interface RunningServer {
  app: FastifyInstance;
  db: Kysely<Database>;
  /** stops taking requests, lets the ones in flight finish, then closes the database */
  stop(): Promise<void>;
  /**
   * SIGTERM: health answers 503 while requests are still taken and answered for the grace period
   * (config.shutdownGraceMs), so a load balancer stops sending; then stop()
   */
  shutdown(): Promise<void>;
}

/**
 * On the embedded database (no DATABASE_URL) the server first holds its data folder (operator/
 * data-dir-hold.ts): it refuses to start while another process has the PGlite files open, and answers
 * operator commands (npm run application:advance) on `<DATA_DIR>/operator.sock` with its own database
 * handle. It lets the folder go last, once the database is closed.
 */
export async function startServer(
  config: ServerConfig,
  /** prepared: the database is migrated and seeded already (by the primary of a cluster, server-cluster.ts) */
  options: { logger?: boolean; prepared?: boolean } = {},
): Promise<RunningServer> {
  const hold = config.databaseUrl
    ? undefined
    : await holdDataDir(config.dataDir, {
        busyMessage: `The server on ${config.dataDir} is still starting; try again in a moment.`,
      });
  const db = createDatabase(databaseTarget(config));
  const release = () => db.destroy().finally(() => hold?.close());
  let app: FastifyInstance | undefined;
  let purge: ReturnType<typeof scheduleSessionPurge> | undefined;
  let delivery: ReturnType<typeof scheduleDelivery> | undefined;
  let overdue: ReturnType<typeof scheduleOverdueNotices> | undefined;
  try {
    if (!options.prepared) await prepareDatabase(db);
    if (!config.databaseUrl) await releaseStoppedRunLeases(db);
    app = await buildApp({ db, config, logger: options.logger ?? true });
    if (hold?.notice) app.log.warn(hold.notice);
    purge = scheduleSessionPurge(db, config.sessionRetentionHours, app.log);
    await purge.first;
    overdue = scheduleOverdueNotices(db, config.siteUrl, app.log);
    await overdue.first;
    await app.listen({ port: config.port, host: config.host });
    delivery = startDelivery(db, config, app.log);
  } catch (error) {
    purge?.stop();
    overdue?.stop();
    await delivery?.stop();
    await app?.close();
    await release();
    throw error;
  }
  const listening = app;
  const purging = purge;
  const delivering = delivery;
  const checkingOverdue = overdue;
  hold?.serve(operatorHandler(db, listening.log, config.siteUrl));

  let stopping: Promise<void> | undefined;
  const stop = () => {
    purging.stop();
    checkingOverdue.stop();
    stopping ??= Promise.all([
      hold?.refuse(`The server on ${config.dataDir} is stopping; run the command again once it has stopped.`),
      listening.close(),
      delivering?.stop(),
    ]).then(
      () => release(),
      (error: unknown) => release().then(() => Promise.reject(error)),
    );
    return stopping;
  };
  let shuttingDown: Promise<void> | undefined;
  const shutdown = () => {
    shuttingDown ??= (async () => {
      listening.drain();
      await sleep(config.shutdownGraceMs);
      await stop();
    })();
    return shuttingDown;
  };
  return { app: listening, db, stop, shutdown };
}

/**
 * The outbox's delivery worker, with SMTP_URL; without it nothing is sent and every message waits (shown in
 * 寄件匣).
 */
function startDelivery(db: Kysely<Database>, config: ServerConfig, log: FastifyInstance['log']) {
  if (!config.smtpUrl || !config.mailFrom) return undefined;
  const sender = smtpSender(config.smtpUrl, config.mailFrom);
  return scheduleDelivery(deliveryWorker({ db, sender, log }), sender, log);
}

/** Migrations, then the seed: once before a server (or a cluster's workers) takes requests. */
export async function prepareDatabase(db: Kysely<Database>): Promise<void> {
  await migrateToLatest(db);
  await seed(db);
}
