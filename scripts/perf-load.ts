import { fork } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
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
import type { HomeVisitorReport } from './perf-load/home-visitor';

// VISITORS visitors at once, each from its own session, against the built server on the embedded PGlite
// or (PERF_DB=postgres) a throw-away PostgreSQL 15 cluster: each fills its cart (its first item, then one
// more than the cart has room for, all at once), prices STEP1's plan, solves a real captcha and submits
// its application (every 10th twice at once, as a double click). Then the database must hold every
// acknowledged application exactly once, no cart and no application above CART_MAX_ITEMS items, and no
// answer may be a 5xx: any violation exits 1. Rate limits are lifted for 127.0.0.1 (RATE_LIMIT_ALLOW);
// captchas take at most CAPTCHA_MAX_NUMBER hashes (1,000 unless set), the server's own setting.
// Whose time a wait is: this process (the crowd's client) reports its CPU time and event-loop delay, the
// server its own (scripts/perf-load/server-probe.mjs, loaded into its process), and a visitor apart, in a
// process of its own, loads the home page while the crowd applies (scripts/perf-load/home-visitor.ts).
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

/** the crowd's first page (HttpVisitor.arrive: the home page's HTML, no assets), and the visitor's apart */
const PAGE = 'page';
const PAGE_APART = 'page, a visitor apart';

interface CallStats {
  latencies: number[];
  statuses: Map<number, number>;
}

const stats = new Map<string, CallStats>();
/** when the crowd's last first page answered, and the client's CPU time until then */
let pagesAnswered: { at: number; cpu: NodeJS.CpuUsage } | undefined;
function observe(call: string, status: number, ms: number) {
  const entry: CallStats = stats.get(call) ?? { latencies: [], statuses: new Map() };
  entry.latencies.push(ms);
  entry.statuses.set(status, (entry.statuses.get(status) ?? 0) + 1);
  stats.set(call, entry);
  if (call === PAGE && entry.latencies.length === VISITORS)
    pagesAnswered = { at: performance.now(), cpu: process.cpuUsage() };
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

/**
 * This process's CPU time and event-loop delay from the start of the crowd: the load's own client. Its CPU
 * time until the crowd's last first page answered, beside that time, tells how much of the page's wait was
 * the client's own work.
 */
function clientProbe() {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  delay.enable();
  const at = performance.now();
  const cpu = process.cpuUsage();
  const cpuSeconds = (used: NodeJS.CpuUsage) => (used.user + used.system) / 1e6;
  return (): ClientFigures => {
    delay.disable();
    return {
      cpuSeconds: cpuSeconds(process.cpuUsage(cpu)),
      loopDelayP99: delay.percentile(99) / 1e6,
      loopDelayMax: delay.max / 1e6,
      pages: pagesAnswered && {
        seconds: (pagesAnswered.at - at) / 1000,
        cpuSeconds: cpuSeconds(pagesAnswered.cpu) - cpuSeconds(cpu),
      },
    };
  };
}

interface ClientFigures {
  /** user + system CPU time, in seconds */
  cpuSeconds: number;
  /** the event loop's delay, ms */
  loopDelayP99: number;
  loopDelayMax: number;
  /** until the crowd's last first page answered: the time and the client's CPU time in it */
  pages: { seconds: number; cpuSeconds: number } | undefined;
}

/** The visitor apart (scripts/perf-load/home-visitor.ts), loading the home page until told to stop. */
async function startHomeVisitor(origin: string) {
  const child = fork(new URL('./perf-load/home-visitor.ts', import.meta.url), {
    env: { ...process.env, ORIGIN: origin },
    execArgv: ['--import', 'tsx'],
  });
  await once(child, 'message');
  return {
    async stop(): Promise<HomeVisitorReport> {
      const report = once(child, 'message');
      child.send('stop');
      const [answer] = await report;
      return answer as HomeVisitorReport;
    },
  };
}

/** What the server process did during the load, written by scripts/perf-load/server-probe.mjs. */
interface ServerFigures {
  seconds: number;
  /** user + system CPU time, in seconds */
  cpuSeconds: number;
  /** the event loop's delay, ms */
  loopDelayP50: number;
  loopDelayP99: number;
  loopDelayMax: number;
  /** ms from Node's 'request' event to the answer's end, by path */
  inServer: Record<string, number[]>;
  /** the visitor apart's requests: ms from sent to accepted by the server, and from accepted to read */
  apart: { accepted: number[]; read: number[] };
}

/**
 * Whose time a call's latency is: the server's (its CPU, its event loop's delay, the call's time from Node's
 * 'request' event to its answer's end) beside the client's own (this process), on the same cores.
 */
function printWhereTimeWent(
  seconds: number,
  client: ClientFigures | undefined,
  server: ServerFigures | undefined,
) {
  const ms = (n: number) => n.toFixed(1);
  if (client) {
    console.log(
      `client (this process): CPU ${ms(client.cpuSeconds)} s of ${ms(seconds)} s, event-loop delay p99 ${ms(client.loopDelayP99)} ms, max ${ms(client.loopDelayMax)} ms`,
    );
    if (client.pages)
      console.log(
        `  until the crowd's last page answered: CPU ${ms(client.pages.cpuSeconds)} s of ${ms(client.pages.seconds)} s`,
      );
  }
  if (!server) return;
  console.log(
    `server: CPU ${ms(server.cpuSeconds)} s of ${ms(server.seconds)} s, event-loop delay p50 ${ms(server.loopDelayP50)} ms, p99 ${ms(server.loopDelayP99)} ms, max ${ms(server.loopDelayMax)} ms`,
  );
  const quantiles = (latencies: number[]) => {
    const sorted = [...latencies].sort((a, b) => a - b);
    return `p50 ${ms(percentile(sorted, 0.5)).padStart(7)} ms, p99 ${ms(percentile(sorted, 0.99)).padStart(7)} ms`;
  };
  for (const [call, latencies] of Object.entries(server.inServer))
    console.log(`  in the server ${call.padEnd(48)} ${quantiles(latencies)}`);
  // Node accepts one connection a turn of its event loop: a crowd of new connections is a queue in the kernel
  console.log(`  ${PAGE_APART}: waiting to be accepted ${quantiles(server.apart.accepted)}`);
  console.log(`  ${PAGE_APART}: accepted, waiting to be read ${quantiles(server.apart.read)}`);
}

const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-perf-load-'));
const probeFile = path.join(dataDir, 'server-figures.json');
const postgres = ON_POSTGRES ? await startPostgres() : undefined;
try {
  const server = await startBuiltServer({
    DATA_DIR: dataDir,
    RATE_LIMIT_ALLOW: '127.0.0.1',
    LOG_LEVEL: 'warn',
    CAPTCHA_MAX_NUMBER,
    NODE_OPTIONS: `--import ${new URL('./perf-load/server-probe.mjs', import.meta.url).href}`,
    LOAD_PROBE_FILE: probeFile,
    ...(postgres ? { DATABASE_URL: postgres.url } : {}),
  });
  const flows: SubmittedFlow[] = [];
  let seconds = 0;
  let client: ClientFigures | undefined;
  try {
    const catalogue = await new HttpVisitor(server.origin).get<CatalogueCell[]>('catalogue/queryCells');
    const cells = new Map(catalogue.body.data.map((cell) => [cell.PROD_ID, cell]));
    const apart = await startHomeVisitor(server.origin);
    try {
      const probe = clientProbe();
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
      client = probe();
    } finally {
      const { latencies, failures } = await apart.stop();
      for (const ms of latencies) observe(PAGE_APART, 200, ms);
      violations.push(...failures.map((failure) => `${PAGE_APART}: ${failure}`));
    }
  } finally {
    await server.stop();
  }
  const serverFigures = existsSync(probeFile)
    ? (JSON.parse(readFileSync(probeFile, 'utf8')) as ServerFigures)
    : undefined;

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
  printWhereTimeWent(seconds, client, serverFigures);
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
