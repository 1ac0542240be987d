import { fork } from 'node:child_process';
import { once } from 'node:events';
import { Worker } from 'node:worker_threads';
import { startBuiltServer } from '../tests/e2e/support/server';
import { freePort } from '../tests/support/free-port';
import { startPostgres } from '../tests/support/postgres-cluster';
import type { LoadWorkerData, PhaseName, PhaseRequest, PhaseResult } from './perf-api/load-worker';

// Closed-loop load over loopback: CONNECTIONS visitors each send their next request as soon as the last
// one answers, for PERF_SECONDS per phase, from LOAD_THREADS worker threads (node:http, keep-alive), on
// the built server with the embedded PGlite or (PERF_DB=postgres) a throw-away PostgreSQL 15 cluster.
// The same generator first loads a bare Fastify server (scripts/perf-api/bare-server.ts, a child process
// answering a constant JSON): each call's throughput is given as a ratio of that one's. The load runs on
// the same cores as the servers, so compare runs made here with each other, not with numbers from
// elsewhere. PROCESSES=N (PostgreSQL only) runs the server as N processes sharing the port (WORKERS=N).
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const SECONDS = Number(process.env.PERF_SECONDS ?? 8);
const THREADS = Number(process.env.LOAD_THREADS ?? 1);
const ON_POSTGRES = process.env.PERF_DB === 'postgres';
const PROCESSES = Number(process.env.PROCESSES ?? 1);
if (!Number.isInteger(PROCESSES) || PROCESSES < 1 || (PROCESSES > 1 && !ON_POSTGRES))
  throw new Error('PROCESSES is a whole number, more than 1 only with PERF_DB=postgres');
/** docs/design.md: getCart's p99 at 200 connections, and its share of the bare route's throughput. */
const BUDGET = { call: 'getCart', p99Ms: 50, ratio: ON_POSTGRES ? 0.2 : 0.1 } as const;
const LOAD_WORKER = new URL('./perf-api/load-worker.ts', import.meta.url);
// insertCart before getCart, so that each visitor reads a cart of 1–5 items; the bare route first and last,
// its mean the yardstick (other work on the machine moves it)
const PHASES: PhaseName[] = ['bare', 'insertCart', 'getCart', 'tryoutQuote', 'queryAllMeta', 'bare'];

interface Row {
  name: PhaseName;
  requests: number;
  failures: number;
  perSecond: number;
  p50: number;
  p99: number;
  ratio: number;
}

async function startBareServer() {
  const port = await freePort();
  const child = fork('scripts/perf-api/bare-server.ts', {
    env: { ...process.env, PORT: String(port) },
    execArgv: ['--import', 'tsx'],
  });
  await once(child, 'message');
  return {
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      child.kill('SIGTERM');
      await once(child, 'exit');
    },
  };
}

async function startLoad(data: Omit<LoadWorkerData, 'visitors'>) {
  const workers = Array.from({ length: THREADS }, (_, i) => {
    const visitors = Math.floor(CONNECTIONS / THREADS) + (i < CONNECTIONS % THREADS ? 1 : 0);
    // Node 20 runs no .ts file as a worker, even under tsx: the worker registers tsx, then imports it
    const entry = `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(LOAD_WORKER.href)}); })`;
    return new Worker(entry, {
      eval: true,
      workerData: { ...data, visitors } satisfies LoadWorkerData,
    });
  });
  await Promise.all(workers.map((worker) => once(worker, 'message')));
  return {
    async phase(phase: PhaseName): Promise<PhaseResult & { seconds: number }> {
      const started = performance.now();
      const results = await Promise.all(
        workers.map((worker) => {
          worker.postMessage({ phase, seconds: SECONDS } satisfies PhaseRequest);
          return once(worker, 'message').then(([result]) => result as PhaseResult);
        }),
      );
      const latencies = new Float64Array(results.reduce((n, r) => n + r.latencies.length, 0));
      let at = 0;
      for (const r of results) {
        latencies.set(r.latencies, at);
        at += r.latencies.length;
      }
      return {
        latencies,
        failures: results.reduce((n, r) => n + r.failures, 0),
        firstFailure: results.find((r) => r.firstFailure)?.firstFailure ?? null,
        seconds: (performance.now() - started) / 1000,
      };
    },
    stop: () => Promise.all(workers.map((worker) => worker.terminate())),
  };
}

function summarise(name: PhaseName, result: PhaseResult & { seconds: number }, bare: number): Row {
  const latencies = result.latencies.sort();
  const quantile = (q: number) =>
    latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  const perSecond = latencies.length / result.seconds;
  return {
    name,
    requests: latencies.length,
    failures: result.failures,
    perSecond: Math.round(perSecond),
    p50: quantile(0.5),
    p99: quantile(0.99),
    ratio: perSecond / bare,
  };
}

process.env.RATE_LIMIT_ALLOW = '127.0.0.1';
process.env.LOG_LEVEL = 'warn';
const postgres = ON_POSTGRES ? await startPostgres() : undefined;
const server = await startBuiltServer(
  postgres ? { DATABASE_URL: postgres.url, WORKERS: String(PROCESSES) } : {},
);
const bareServer = await startBareServer();
let load: Awaited<ReturnType<typeof startLoad>> | undefined;
try {
  load = await startLoad({ origin: server.origin, bareOrigin: bareServer.origin });
  const results = [];
  for (const name of PHASES) {
    const result = await load.phase(name);
    if (result.firstFailure)
      console.warn(`${name}: ${result.failures} failed, first: ${result.firstFailure}`);
    results.push({ name, result });
  }
  const bares = results.filter((r) => r.name === 'bare');
  const bare = bares.reduce((sum, r) => sum + r.result.latencies.length / r.result.seconds, 0) / bares.length;
  const rows: Row[] = results.map(({ name, result }) => summarise(name, result, bare));
  console.log(
    `${CONNECTIONS} connections from ${THREADS} load thread(s), ${SECONDS} s a phase, ${postgres ? `PostgreSQL 15, ${PROCESSES} server process(es)` : 'PGlite'}`,
  );
  console.log(
    `call          requests  failed  req/s   p50 ms  p99 ms  × bare (mean ${Math.round(bare)} req/s)`,
  );
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(13)} ${String(r.requests).padStart(8)}  ${String(r.failures).padStart(6)}  ${String(r.perSecond).padStart(5)}  ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)}  ${r.ratio.toFixed(2).padStart(6)}`,
    );
  }
  const measured = rows.find((r) => r.name === BUDGET.call)!;
  const within = measured.p99 < BUDGET.p99Ms && measured.ratio >= BUDGET.ratio && measured.failures === 0;
  console.log(
    `budget: ${BUDGET.call} p99 < ${BUDGET.p99Ms} ms and ≥ ${BUDGET.ratio}× bare, no failure: ${within ? 'within' : 'OVER'}`,
  );
} finally {
  await load?.stop();
  await bareServer.stop();
  await server.stop();
  await postgres?.remove();
}
