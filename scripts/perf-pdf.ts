import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';
import { DateTime } from 'luxon';
import { QUEUE_EXPORT_MAX } from '../src/domain/api/application-queue';
import type { OverprintAccess } from '../src/domain/api/overprint';
import type { SubmittedApplication } from '../src/domain/api/shopcart';
import { TAIPEI } from '../src/domain/roc-date';
import { createDatabase } from '../src/server/db/database';
import { migrateToLatest } from '../src/server/db/migrate';
import { upsertStaff } from '../src/server/db/repositories/staff';
import { hashPassword } from '../src/server/staff/passwords';
import { startBuiltServer } from '../tests/e2e/support/server';
import { HttpVisitor } from '../tests/support/http-visitor';
import { insertQueueApplications } from '../tests/support/queue-applications';
import { validSubmission } from '../tests/support/shopcart-input';
import type { PrintersData, PrintersMessage } from './perf-pdf/printers';
import type { Account, StaffData, StaffMessage } from './perf-pdf/staff-burst';
import { seededApplications } from './perf-queue/applications';

// Does printing slow every visitor? On the built server (PGlite), another visitor reads
// catalogue/queryPackages every READ_EVERY_MS for PERF_SECONDS, first alone, then while PRINTERS
// visitors each print PDFs of their own application in a loop (scripts/perf-pdf/printers.ts, on a thread
// of its own), then while PRINTERS more do so (applications of their own, so that no copy printed before
// is handed out again) beside a staff burst (scripts/perf-pdf/staff-burst.ts, another thread): a service
// person and an underwriter each send 16 prints of a case's documents at once, again and again, and the
// underwriter exports the whole queue of 10,000 applications (all but the printers' seeded before the
// server starts, 受理 before today). The reader's p50/p99 are printed for each phase with their ratio to the idle one, and every
// answer's status; a p99 above RATIO_LIMIT × the idle one, or a visitor's print answered 503 beside the
// staff, exits 1.
// The reader comes from 127.0.0.1, lifted from the rate limits (RATE_LIMIT_ALLOW) so that its reads are
// never refused; the printers come from 127.0.0.2 and the staff from 127.0.0.3, held to every limit. The
// client runs on the same cores as the server: fetch and node:http with keep-alive, no browser.
const SECONDS = Number(process.env.PERF_SECONDS ?? 10);
const PRINTERS = Number(process.env.PRINTERS ?? 8);
const READ_EVERY_MS = 20;
const RATIO_LIMIT = 2;
const READER = '127.0.0.1';
/** the queue seeded: with the printers' own, the most one export holds */
const APPLICATIONS = QUEUE_EXPORT_MAX - 2 * PRINTERS;
const STAFF: Record<'service' | 'underwriter', Account> = {
  service: { name: 'perf.service', password: 'a long enough perf passphrase' },
  underwriter: { name: 'perf.underwriter', password: 'a long enough perf passphrase' },
};
const PRINTERS_THREAD = new URL('./perf-pdf/printers.ts', import.meta.url);
const STAFF_THREAD = new URL('./perf-pdf/staff-burst.ts', import.meta.url);

/** A company applies for 基本型 and looks its application up: its 受理編號 and the token its prints send. */
async function application(origin: string): Promise<{ applicationNo: string; token: string }> {
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
  return { applicationNo: submitted.body.data.applicationNo, token: found.body.data.token };
}

/** The queue's applications, all 受理 before today, and the two staff accounts, in PGlite at `dataDir`. */
async function seed(dataDir: string): Promise<void> {
  const today = DateTime.now().setZone(TAIPEI).startOf('day').toJSDate();
  const db = createDatabase({ dataDir });
  try {
    await migrateToLatest(db);
    await insertQueueApplications(db, seededApplications(APPLICATIONS, 300, today).applications);
    await upsertStaff(db, STAFF.service.name, await hashPassword(STAFF.service.password), ['service']);
    await upsertStaff(db, STAFF.underwriter.name, await hashPassword(STAFF.underwriter.password), [
      'underwriter',
    ]);
  } finally {
    await db.destroy();
  }
}

/** A thread running `module` with `data`, once it has said it is ready. */
async function thread(module: URL, data: unknown): Promise<Worker> {
  // Node 20 runs no .ts file as a worker, even under tsx: the worker registers tsx, then imports it
  const worker = new Worker(
    `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(module.href)}); })`,
    { eval: true, workerData: data },
  );
  await once(worker, 'message');
  return worker;
}

/** What a started thread answers when told to go, after its phase. */
async function phase<T>(worker: Worker): Promise<T> {
  worker.postMessage('go');
  const [answer] = (await once(worker, 'message')) as [T];
  await worker.terminate();
  return answer;
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

const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-perf-pdf-'));
await seed(path.join(dataDir, 'pglite'));
const server = await startBuiltServer({
  DATA_DIR: dataDir,
  RATE_LIMIT_ALLOW: READER,
  LOG_LEVEL: 'warn',
  CAPTCHA_MAX_NUMBER: '1000',
});
try {
  const applied = (n: number) => Promise.all(Array.from({ length: n }, () => application(server.origin)));
  const [first, second] = [await applied(PRINTERS), await applied(PRINTERS)];
  const printersOf = (applications: typeof first) =>
    thread(PRINTERS_THREAD, {
      origin: server.origin,
      tokens: applications.map(({ token }) => token),
      seconds: SECONDS,
    } satisfies PrintersData);
  const reader = await HttpVisitor.arrive(server.origin);
  await readLatencies(reader, 1); // warm: the catalogue cache and the connection

  const idle = summary(await readLatencies(reader, SECONDS));

  const printers = await printersOf(first);
  const [printing, visitorStatuses] = await Promise.all([
    readLatencies(reader, SECONDS).then(summary),
    phase<Exclude<PrintersMessage, 'ready'>>(printers),
  ]);

  const [besidePrinters, staff] = await Promise.all([
    printersOf(second),
    thread(STAFF_THREAD, {
      origin: server.origin,
      applicationNos: second.map(({ applicationNo }) => applicationNo),
      seconds: SECONDS,
      ...STAFF,
    } satisfies StaffData),
  ]);
  const [withStaff, besideStatuses, staffAnswers] = await Promise.all([
    readLatencies(reader, SECONDS).then(summary),
    phase<Exclude<PrintersMessage, 'ready'>>(besidePrinters),
    phase<Exclude<StaffMessage, 'ready'>>(staff),
  ]);

  const ratio = (s: ReturnType<typeof summary>) => s.p99 / idle.p99;
  const statuses = (answers: [number, number][]) =>
    answers
      .sort(([a], [b]) => a - b)
      .map(([status, n]) => `${status}×${n}`)
      .join(' ');
  const row = (name: string, s: ReturnType<typeof summary>) =>
    `${name.padEnd(36)} ${String(s.reads).padStart(6)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)} ${s === idle ? '' : `${ratio(s).toFixed(2)}×`.padStart(7)}`;
  console.log(`catalogue/queryPackages, one read every ${READ_EVERY_MS} ms for ${SECONDS} s`);
  console.log(
    `${'phase'.padEnd(36)} ${'reads'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)} ${'p99/idle'.padStart(7)}`,
  );
  console.log(row('idle', idle));
  console.log(row(`${PRINTERS} visitors printing`, printing));
  console.log(row(`${PRINTERS} visitors printing, staff burst`, withStaff));
  console.log(`visitors' PDF answers, visitors alone: ${statuses(visitorStatuses)}`);
  console.log(`visitors' PDF answers, beside the staff: ${statuses(besideStatuses)}`);
  console.log(`staff prints: ${statuses(staffAnswers.prints)}; exports: ${statuses(staffAnswers.exports)}`);
  const visitorsRefused = besideStatuses.some(([status]) => status === 503);
  const over = [printing, withStaff].some((s) => ratio(s) > RATIO_LIMIT);
  console.log(
    `p99 limit ${RATIO_LIMIT}× idle: ${over ? 'OVER' : 'within'}; a visitor's PDF answered 503 beside the staff: ${visitorsRefused ? 'YES' : 'no'}`,
  );
  if (over || visitorsRefused) process.exitCode = 1;
} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
