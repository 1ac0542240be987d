import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { SubmittedApplication } from '../../src/domain/api/shopcart';
import type { Cart } from '../../src/domain/cart-item';
import { freePort } from '../support/free-port';
import { HttpVisitor } from '../support/http-visitor';
import { type PostgresCluster, startPostgres } from '../support/postgres-cluster';
import { validSubmission } from '../support/shopcart-input';
import { applicationViolations, type SubmittedFlow, serverDatabase } from '../support/stored-applications';
import { type RunningServer, startBuiltServer } from './support/server';

/*
 * The built server killed (SIGKILL) while shopcart submits are in flight, then started again on the same
 * data: on its PGlite files and on a throw-away PostgreSQL 15. Each round VISITORS visitors, each with 基本型
 * in its own cart, submit at the same instant; the server is killed when the first acknowledgement
 * arrives (plus a few random milliseconds) or at a random moment after sending. Then every visitor, with
 * the cookies it had, reads its cart and sends the same flow again as the client does after a lost answer
 * (the flow's requestId, a new captcha), twice at once as a double click does.
 */

const ROUNDS = 4;
const VISITORS = 12;
/** Hashes a challenge may take: solved here in milliseconds. */
const CAPTCHA_MAX_NUMBER = '1000';
/** Two server starts a round on a busy 2-core machine. */
const TEST_TIMEOUT_MS = 300_000;

type Submit = { requestId: string } & Record<string, unknown>;
type Outcome = { visitor: HttpVisitor; body: Submit; acknowledged: string | null };

interface Databases {
  name: string;
  start(): Promise<{ env: Record<string, string>; target: { url: string } | null; stop(): Promise<void> }>;
}

const DATABASES: Databases[] = [
  {
    name: 'PGlite',
    start: async () => ({ env: {}, target: null, stop: async () => {} }),
  },
  {
    name: 'PostgreSQL 15',
    start: async () => {
      const cluster: PostgresCluster = await startPostgres();
      return {
        env: { DATABASE_URL: cluster.url },
        target: { url: cluster.url },
        stop: () => cluster.remove(),
      };
    },
  },
];

describe.each(DATABASES)('a shopcart submit when the server is killed ($name)', (database) => {
  it(
    'loses no acknowledged application, stores each flow once when its visitor sends it again, and keeps the visitors’ session and cart',
    async () => {
      const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-kill-'));
      const store = await database.start();
      const port = await freePort();
      const start = () =>
        startBuiltServer({
          DATA_DIR: dataDir,
          PORT: String(port),
          CAPTCHA_MAX_NUMBER,
          RATE_LIMIT_ALLOW: '127.0.0.1',
          ...store.env,
        });
      let server: RunningServer = await start();
      const flows: SubmittedFlow[] = [];
      let lost = 0;
      try {
        for (let round = 0; round < ROUNDS; round++) {
          const outcomes = await submitAndKill(server, round);
          lost += outcomes.filter((o) => o.acknowledged === null).length;
          server = await start();
          for (const outcome of outcomes) {
            const { visitor, body } = outcome;
            // the number its retry answered is what the visitor now holds as acknowledged
            const applicationNo = await expectFlowResumes(outcome);
            flows.push({
              requestId: body.requestId,
              sessionId: visitor.sessionId,
              acknowledged: applicationNo,
            });
          }
        }
        // the kills cut answers off: the rounds tested something
        expect(lost).toBeGreaterThan(0);
        await server.stop();

        const db = serverDatabase(store.target ?? { dataDir });
        try {
          expect(await applicationViolations(db, flows, { settled: true })).toEqual([]);
          const all = await db.selectFrom('applications').select('request_id').execute();
          expect(all.map((row) => row.request_id).sort()).toEqual(flows.map((f) => f.requestId).sort());
        } finally {
          await db.destroy();
        }
      } finally {
        await server.stop();
        await store.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    TEST_TIMEOUT_MS,
  );
});

/** VISITORS flows submitted at once, the server killed in their midst: what each visitor was answered. */
async function submitAndKill(server: RunningServer, round: number): Promise<Outcome[]> {
  const ready = await Promise.all(
    Array.from({ length: VISITORS }, async () => {
      const visitor = await HttpVisitor.arrive(server.origin);
      expect((await visitor.insertPackage('BASIC')).body.returnCode).toBe(0);
      const body: Submit = { ...validSubmission(), captcha: await visitor.captcha() };
      return { visitor, body };
    }),
  );
  let firstAcknowledged = () => {};
  const acknowledged = new Promise<void>((resolve) => {
    firstAcknowledged = resolve;
  });
  const sent = ready.map(async ({ visitor, body }): Promise<Outcome> => {
    try {
      const answer = await visitor.post<SubmittedApplication>('shopcart/submitApplication', body);
      expect([answer.status, answer.body.returnCode]).toEqual([200, 0]);
      firstAcknowledged();
      return { visitor, body, acknowledged: answer.body.data.applicationNo };
    } catch (error) {
      if (error instanceof TypeError) return { visitor, body, acknowledged: null }; // the connection died
      throw error;
    }
  });
  // even rounds: at the first acknowledgement and 0-10 ms on; odd rounds: 0-150 ms after sending
  const all = Promise.all(sent);
  if (round % 2 === 0) await Promise.race([acknowledged.then(() => sleep(Math.random() * 10)), all]);
  else await sleep(Math.random() * 150);
  await server.kill();
  return all;
}

/**
 * After the restart the visitor's cookies still work (same session, same cart) and its cart is as the
 * server left it: empty once its application was stored, still holding 基本型 otherwise. Sending the flow
 * again, twice at once, answers the acknowledged 受理編號, or one number for both, and empties the cart.
 */
async function expectFlowResumes({ visitor, body, acknowledged }: Outcome): Promise<string> {
  const sessionId = visitor.sessionId;
  const cartNo = visitor.cartNo;
  const before = await visitor.cart<Cart>('getCart');
  expect(before.status).toBe(200);
  expect(before.body.data.CART_NO).toBe(cartNo);
  const titles = before.body.data.CLASS_LIST.map((item) => item.CLASS_TITLE);
  if (acknowledged) expect(titles).toEqual([]);
  else expect([[], ['基本型']]).toContainEqual(titles);

  const again = { ...body, captcha: await visitor.captcha() };
  const answers = await Promise.all([
    visitor.post<SubmittedApplication>('shopcart/submitApplication', again),
    visitor.post<SubmittedApplication>('shopcart/submitApplication', again),
  ]);
  expect(answers.map((a) => [a.status, a.body.returnCode])).toEqual([
    [200, 0],
    [200, 0],
  ]);
  const [first, second] = answers.map((a) => a.body.data.applicationNo);
  expect(second).toBe(first);
  if (acknowledged) expect(first).toBe(acknowledged);

  expect((await visitor.cart<Cart>('getCart')).body.data.CLASS_LIST).toEqual([]);
  expect([visitor.sessionId, visitor.cartNo]).toEqual([sessionId, cartNo]);
  return first!;
}
