import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { recordDelivery, takeDueMessages } from '../db/repositories/outbox';
import type { Database } from '../db/schema';
import { withSecret } from './code-placeholder';
import type { MailSender } from './mail-sender';

/** How long a worker holds a message it took: longer than a try's waits together (mail-sender.ts). */
export const LEASE_MS = 2 * 60_000;
/** How often a worker looks for due messages. */
export const POLL_MS = 2_000;

export interface DeliveryWorker {
  /** takes and tries every due message, one at a time; answers how many it tried */
  runOnce(): Promise<number>;
  /** no new try; the one under way ends and is recorded */
  stop(): Promise<void>;
}

/**
 * The server's delivery worker: every POLL_MS it takes due outbox messages one at a time under a lease
 * (db/repositories/outbox.ts), sends each and records how it went. Several processes on one PostgreSQL each
 * run one; a message is held by one of them at a time. A failed read or write is logged and tried at the
 * next round; it never stops the server. The log names the message's row and try, never an address.
 */
export function deliveryWorker(options: {
  db: Kysely<Database>;
  sender: MailSender;
  log: FastifyBaseLogger;
  now?: () => Date;
  leaseMs?: number;
}): DeliveryWorker {
  const { db, sender, log } = options;
  const now = options.now ?? (() => new Date());
  const leaseMs = options.leaseMs ?? LEASE_MS;
  const worker = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  let stopped = false;

  async function runOnce(): Promise<number> {
    let tried = 0;
    while (!stopped) {
      const [message] = await takeDueMessages(db, { worker, now: now(), leaseMs, limit: 1 });
      if (!message) break;
      const outcome = await sender.send(withSecret(message));
      const state = await recordDelivery(db, { id: message.id, worker, at: now(), outcome });
      tried++;
      const fields = { outboxId: message.id, attempt: message.attempts, state };
      if (outcome.accepted) log.info(fields, 'e-mail sent');
      else log.warn(fields, 'e-mail not sent');
    }
    return tried;
  }

  return {
    runOnce,
    async stop() {
      stopped = true;
    },
  };
}

/**
 * Runs a worker every POLL_MS until stopped; stop() waits for the round under way, then closes the
 * sender's connection.
 */
export function scheduleDelivery(worker: DeliveryWorker, sender: MailSender, log: FastifyBaseLogger) {
  let round: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const tick = () => {
    round = worker.runOnce().then(
      () => undefined,
      (error: { code?: unknown }) => log.warn({ errCode: error.code }, 'e-mail delivery round failed'),
    );
    void round.then(() => {
      if (!stopped) timer = setTimeout(tick, POLL_MS).unref();
    });
  };
  tick();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await worker.stop();
      await round;
      sender.close();
    },
  };
}
