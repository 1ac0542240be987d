import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { SubmittedApplication } from '../src/domain/api/shopcart';
import type { CatalogueCell } from '../src/domain/catalogue';
import { CART_MAX_ITEMS } from '../src/domain/constants';
import { startBuiltServer } from '../tests/e2e/support/server';
import { HttpVisitor } from '../tests/support/http-visitor';
import { startPostgres } from '../tests/support/postgres-cluster';
import { validSubmission } from '../tests/support/shopcart-input';
import {
  applicationViolations,
  type SubmittedFlow,
  serverDatabase,
} from '../tests/support/stored-applications';

// VISITORS visitors at once, each from its own session, against the built server on the embedded PGlite
// or (PERF_DB=postgres) a throw-away PostgreSQL 15 cluster: each fills its cart (its first item, then one
// more than the cart has room for, all at once), prices STEP1's plan, solves a real captcha and submits
// its application (every 10th twice at once, as a double click). Then the database must hold every
// acknowledged application exactly once, no cart and no application above CART_MAX_ITEMS items, and no
// answer may be a 5xx: any violation exits 1. Rate limits are lifted for 127.0.0.1 (RATE_LIMIT_ALLOW);
// captchas take at most CAPTCHA_MAX_NUMBER hashes (1,000 unless set), the server's own setting.
const VISITORS = Number(process.env.VISITORS ?? 200);
const ON_POSTGRES = process.env.PERF_DB === 'postgres';
const CAPTCHA_MAX_NUMBER = process.env.CAPTCHA_MAX_NUMBER ?? '1000';
const DOUBLE_CLICK_EVERY = 10;

/** The visitor's cart: the first cell alone, then the rest at once: one more than the cart holds. */
const FIRST: CellChoice = ['GTL', 1_000_000];
const RACING: CellChoice[] = [
  ['GAD', 1_000_000],
  ['GCI', 500_000],
  ['GCA', 300_000],
  ['GHR', 100_000],
  ['GHD', 1_000],
];
type CellChoice = readonly [prodId: string, amount: number];

interface CallStats {
  latencies: number[];
  statuses: Map<number, number>;
}

const stats = new Map<string, CallStats>();
function observe(call: string, status: number, ms: number) {
  const entry: CallStats = stats.get(call) ?? { latencies: [], statuses: new Map() };
  entry.latencies.push(ms);
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  stats.set(call, entry);
}

const violations: string[] = [];

/** One visitor's way from the home page to its 受理編號; a flow it could not finish is a violation. */
async function visit(origin: string, cells: Map<string, CatalogueCell>, index: number) {
  const visitor = await HttpVisitor.arrive(origin, observe);
  const insert = ([prodId, amount]: CellChoice) => visitor.insertCell(cells.get(prodId)!, amount);
  const first = await insert(FIRST);
  if (first.body.returnCode !== 0) throw new Error(`insertCart ${FIRST[0]}: ${first.body.msg}`);
  const racing = await Promise.all(RACING.map(insert));
  const refused = racing.filter((answer) => answer.body.returnCode !== 0).length;
  if (refused !== 1 + RACING.length - CART_MAX_ITEMS)
    throw new Error(`${RACING.length} racing inserts into a cart of 1: ${refused} refused`);

  const body = validSubmission();
  const estimate = await visitor.post('shopcart/estimate', body.plan);
  if (estimate.body.returnCode !== 0) throw new Error(`estimate: ${estimate.body.msg}`);
  const submission = { ...body, captcha: await visitor.captcha() };
  const times = index % DOUBLE_CLICK_EVERY === 0 ? 2 : 1;
  const answers = await Promise.all(
    Array.from({ length: times }, () =>
      visitor.post<SubmittedApplication>('shopcart/submitApplication', submission),
    ),
  );
  const numbers = new Set(answers.map((answer) => answer.body.data?.applicationNo));
  if (answers.some((answer) => answer.body.returnCode !== 0) || numbers.size !== 1)
    throw new Error(`submitApplication: ${answers.map((answer) => answer.body.msg).join(' / ')}`);
  return { requestId: body.requestId, sessionId: visitor.sessionId, acknowledged: [...numbers][0] ?? null };
}

const percentile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;

function printTable(seconds: number) {
  console.log('call                       requests   req/s   p50 ms   p99 ms   max ms  statuses');
  for (const [call, { latencies, statuses }] of stats) {
    const sorted = [...latencies].sort((a, b) => a - b);
    const codes = [...statuses].map(([status, n]) => `${status}×${n}`).join(' ');
    console.log(
      `${call.padEnd(26)} ${String(sorted.length).padStart(8)} ${(sorted.length / seconds).toFixed(1).padStart(7)} ${percentile(sorted, 0.5).toFixed(1).padStart(8)} ${percentile(sorted, 0.99).toFixed(1).padStart(8)} ${(sorted.at(-1) ?? 0).toFixed(1).padStart(8)}  ${codes}`,
    );
  }
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-perf-load-'));
const postgres = ON_POSTGRES ? await startPostgres() : undefined;
try {
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    RATE_LIMIT_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'warn',
    CAPTCHA_MAX_NUMBER,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const flows: SubmittedFlow[] = [];
  let seconds = 0;
  try {
    const catalogue = await new HttpVisitor(server.origin).get<CatalogueCell[]>('catalogue/queryCells');
    const cells = new Map(catalogue.body.data.map((cell) => [cell.PROD_ID, cell]));
    const started = performance.now();
    await Promise.all(
      Array.from({ length: VISITORS }, (_, i) =>
        visit(server.origin, cells, i).then(
          (flow) => flows.push(flow),
          (error: Error) => violations.push(`visitor ${i}: ${error.message}`),
        ),
      ),
    );
    seconds = (performance.now() - started) / 1000;
  } finally {
    await server.stop();
  }

  const db = serverDatabase(postgres ? { url: postgres.url } : { dataDir });
  try {
    violations.push(...(await applicationViolations(db, flows, { settled: true })));
  } finally {
    await db.destroy();
  }
  for (const [call, { statuses }] of stats)
    for (const [status, n] of statuses) if (status >= 500) violations.push(`${call}: ${n} answers ${status}`);

  console.log(
    `${VISITORS} visitors at once, ${ON_POSTGRES ? 'PostgreSQL 15' : 'PGlite'}, captcha at most ${CAPTCHA_MAX_NUMBER} hashes: ${flows.length} applications acknowledged in ${seconds.toFixed(1)} s`,
  );
  printTable(seconds);
  if (violations.length > 0) {
    console.log(`${violations.length} violations:`);
    for (const line of violations.slice(0, 20)) console.log(`  ${line}`);
    process.exitCode = 1;
  } else {
    console.log(
      'every acknowledged application stored exactly once, no cart or application above 5 items, no 5xx',
    );
  }
} finally {
  await postgres?.remove();
  rmSync(dataDir, { recursive: true, force: true });
}
