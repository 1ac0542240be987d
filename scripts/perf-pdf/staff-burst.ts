import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { OverprintDocument } from '../../src/domain/api/overprint';
import { type Answer, HttpClient } from './http-client';

// The staff of scripts/perf-pdf.ts, on a thread of their own as the printing visitors are, from
// STAFF_ADDRESS so that the server holds them to every limit: a service person and an underwriter each
// send BURST prints of a case's documents at once (the service desk the 要保書 and 投保申請摘要, the
// underwriter the 名冊 too), wait for every answer and then for the longest Retry-After among them, and
// again; the underwriter exports the whole queue too, one export after another (waiting out a refusal's
// Retry-After), until the phase ends.

export interface StaffData {
  origin: string;
  applicationNos: string[];
  seconds: number;
  service: Account;
  underwriter: Account;
}
export interface Account {
  name: string;
  password: string;
}
/** 'ready' once both are signed in; then, after 'go', the answers' statuses and counts */
export type StaffMessage =
  | 'ready'
  | { prints: [status: number, count: number][]; exports: [status: number, count: number][] };

const STAFF_ADDRESS = '127.0.0.3';
const BURST = 16;
const SERVICE_CHOICES: OverprintDocument[][] = [['form'], ['summary'], ['form', 'summary']];
const UNDERWRITER_CHOICES: OverprintDocument[][] = [...SERVICE_CHOICES, ['roster'], ['form', 'roster']];

async function signIn(origin: string, account: Account): Promise<HttpClient> {
  const client = new HttpClient(origin, STAFF_ADDRESS, BURST);
  await client.arrive();
  const answer = await client.post('staff/login', account);
  if (answer.status !== 200) throw new Error(`staff/login answered ${answer.status}`);
  return client;
}

const count = (into: Map<number, number>, answers: Answer[]) => {
  for (const { status } of answers) into.set(status, (into.get(status) ?? 0) + 1);
};

const { origin, applicationNos, seconds, service, underwriter } = workerData as StaffData;
const people = [
  { client: await signIn(origin, service), choices: SERVICE_CHOICES },
  { client: await signIn(origin, underwriter), choices: UNDERWRITER_CHOICES },
];
parentPort?.postMessage('ready' satisfies StaffMessage);
parentPort?.once('message', async () => {
  const prints = new Map<number, number>();
  const exports = new Map<number, number>();
  const stopAt = performance.now() + seconds * 1000;
  const waitOut = (answers: Answer[]) => {
    const retryAfter = Math.max(0, ...answers.map((answer) => answer.retryAfter));
    return sleep(Math.max(0, Math.min(retryAfter * 1000, stopAt - performance.now())));
  };
  const bursts = people.map(async ({ client, choices }) => {
    for (let round = 0; performance.now() < stopAt; round++) {
      const answers = await Promise.all(
        Array.from({ length: BURST }, (_, i) =>
          client.post(`staff/applications/${applicationNos[(round + i) % applicationNos.length]}/documents`, {
            documents: choices[(round + i) % choices.length],
          }),
        ),
      );
      count(prints, answers);
      await waitOut(answers);
    }
  });
  const exporting = (async () => {
    const { client } = people[1]!;
    while (performance.now() < stopAt) {
      const answer = await client.get('staff/applications/export');
      count(exports, [answer]);
      await waitOut([answer]);
    }
  })();
  await Promise.all([...bursts, exporting]);
  for (const { client } of people) client.close();
  parentPort?.postMessage({ prints: [...prints], exports: [...exports] } satisfies StaffMessage);
});
