import { once } from 'node:events';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import type { OverprintAccess } from '../src/domain/api/overprint';
import type { SubmittedApplication } from '../src/domain/api/shopcart';
import { startBuiltServer } from '../tests/e2e/support/server';
import { HttpVisitor } from '../tests/support/http-visitor';
import { validSubmission } from '../tests/support/shopcart-input';
import type { PrintersData, PrintersMessage } from './perf-pdf/printers';

// Does printing slow every visitor? On the built server (PGlite), another visitor reads
// catalogue/queryPackages every READ_EVERY_MS for PERF_SECONDS, first alone, then while PRINTERS
// visitors each print PDFs of their own application in a loop (scripts/perf-pdf/printers.ts, on a thread
// of its own). The reader's p50/p99 are printed for both phases and their
// ratio; a p99 under load above RATIO_LIMIT × the idle one exits 1.
// The reader comes from 127.0.0.1, lifted from the rate limits (RATE_LIMIT_ALLOW) so that its reads are
// never refused; the printers come from 127.0.0.2, held to every limit a visitor is. The client runs on
// the same cores as the server: fetch and node:http with keep-alive, no browser.
const SECONDS = Number(process.env.PERF_SECONDS ?? 10);
const PRINTERS = Number(process.env.PRINTERS ?? 8);
const READ_EVERY_MS = 20;
const RATIO_LIMIT = 2;
const READER = '127.0.0.1';
const PRINTERS_THREAD = new URL('./perf-pdf/printers.ts', import.meta.url);

/** A company applies for 基本型 and looks its application up: the token its prints send. */
async function applicationToken(origin: string): Promise<string> {
  const visitor = await HttpVisitor.arrive(origin);
  await visitor.insertPackage('BASIC');
  const submitted = await visitor.post<SubmittedApplication>('shopcart/submitApplication', {
    ...validSubmission(),
    captcha: await visitor.captcha(),
  });
  if (submitted.body.returnCode !== 0) throw new Error(`submitApplication: ${submitted.body.msg}`);
  const found = await visitor.post<OverprintAccess>('overprint/lookup', {
    applicationNo: submitted.body.data.applicationNo,
    taxId: '12345675',
    contactPhone: '0912345678',
    captcha: await visitor.captcha(),
  });
  if (found.body.returnCode !== 0) throw new Error(`overprint/lookup: ${found.body.msg}`);
  return found.body.data.token;
}

/** The reader's latencies (ms) over the phase, one read every READ_EVERY_MS; a refused read throws. */
async function readLatencies(reader: HttpVisitor, seconds: number): Promise<number[]> {
  const latencies: number[] = [];
  const end = performance.now() + seconds * 1000;
  while (performance.now() < end) {
    const started = performance.now();
    const answer = await reader.get('catalogue/queryPackages');
    latencies.push(performance.now() - started);
    if (answer.status !== 200) throw new Error(`catalogue/queryPackages answered ${answer.status}`);
    await sleep(READ_EVERY_MS);
  }
  return latencies;
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function summary(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  return { reads: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
}

const server = await startBuiltServer({
  RATE_LIMIT_ALLOW: READER,
  LOG_LEVEL: 'warn',
  CAPTCHA_MAX_NUMBER: '1000',
});
try {
  const tokens = await Promise.all(Array.from({ length: PRINTERS }, () => applicationToken(server.origin)));
  // Node 20 runs no .ts file as a worker, even under tsx: the worker registers tsx, then imports it
  const printers = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(PRINTERS_THREAD.href)}); })`,
    { eval: true, workerData: { origin: server.origin, tokens, seconds: SECONDS } satisfies PrintersData },
  );
  await once(printers, 'message');
  const reader = await HttpVisitor.arrive(server.origin);
  await readLatencies(reader, 1); // warm: the catalogue cache and the connection

  const idle = summary(await readLatencies(reader, SECONDS));
  printers.postMessage('go');
  const [loaded, [statuses]] = await Promise.all([
    readLatencies(reader, SECONDS).then(summary),
    once(printers, 'message') as Promise<[Exclude<PrintersMessage, 'ready'>]>,
  ]);
  await printers.terminate();

  const ratio = loaded.p99 / idle.p99;
  const row = (name: string, s: ReturnType<typeof summary>) =>
    `${name.padEnd(28)} ${String(s.reads).padStart(6)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)}`;
  console.log(`catalogue/queryPackages, one read every ${READ_EVERY_MS} ms for ${SECONDS} s`);
  console.log(`${'phase'.padEnd(28)} ${'reads'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(row('idle', idle));
  console.log(row(`${PRINTERS} visitors printing`, loaded));
  console.log(
    `PDF answers: ${statuses.map(([status, n]) => `${status}×${n}`).join(' ')}; p99 ratio ${ratio.toFixed(2)} (limit ${RATIO_LIMIT})`,
  );
  if (ratio > RATIO_LIMIT) process.exitCode = 1;
} finally {
  await server.stop();
}
