import { performance } from 'node:perf_hooks';
import { startBuiltServer } from '../tests/e2e/support/server';
import { startPostgres } from '../tests/support/postgres-cluster';

// Closed-loop load on the built server over loopback: CONNECTIONS visitors each send their next request
// as soon as the last one answers, for PERF_SECONDS per phase, on the embedded PGlite or (PERF_DB=postgres)
// on a throw-away PostgreSQL 15 cluster. The load runs on the same 2 cores as the server, so compare runs
// made here with each other, not with numbers from elsewhere.
const CONNECTIONS = Number(process.env.CONNECTIONS ?? 200);
const SECONDS = Number(process.env.PERF_SECONDS ?? 10);
const BUDGET_P99_MS = 50;

interface Visitor {
  cookies: Map<string, string>;
}

function remember(visitor: Visitor, response: Response) {
  for (const line of response.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (!name) continue;
    if (/max-age=0/i.test(line)) visitor.cookies.delete(name);
    else visitor.cookies.set(name, value.join('='));
  }
}

async function arrive(origin: string): Promise<Visitor> {
  const visitor: Visitor = { cookies: new Map() };
  remember(visitor, await fetch(`${origin}/groupins/`));
  return visitor;
}

async function call(origin: string, visitor: Visitor, verb: string, body: unknown) {
  const response = await fetch(`${origin}/ODGAWeb/api/DTODGAZ0/${verb}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': visitor.cookies.get('XSRF-TOKEN') ?? '',
    },
    body: JSON.stringify(body),
  });
  remember(visitor, response);
  const answer = (await response.json()) as { returnCode: number; data: unknown };
  if (answer.returnCode !== 0)
    throw new Error(`${verb} answered ${response.status} ${JSON.stringify(answer)}`);
  return answer.data;
}

// Five items that may share a cart: stand-alone products first, then a rider after its main product.
const CELLS = [
  ['GTL', 'N', 1_000_000],
  ['GAD', 'Y', 1_000_000],
  ['GCI', 'N', 500_000],
  ['GCA', 'N', 300_000],
  ['GHR', 'N', 100_000],
] as const;

const cellItem = (index: number) => {
  const [id, acc, amount] = CELLS[index % CELLS.length]!;
  return {
    SOURCE_CODE: 'CELL',
    SHOPCART_CART_NO: '',
    RLAT_CODE: '0',
    CLASS_TITLE: id,
    IS_SLRY_MLTPL: 'N',
    PROD_LIST: [{ PROD_ID: id, ORDER_SEQ: 1, IS_ACC: acc, FACE_AMT_TYPE: 1, FACE_AMT: amount }],
  };
};

async function phase(
  name: string,
  visitors: Visitor[],
  request: (v: Visitor, i: number) => Promise<unknown>,
) {
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + SECONDS * 1000;
  const started = performance.now();
  await Promise.all(
    visitors.map(async (visitor) => {
      for (let i = 0; performance.now() < until; i++) {
        const t = performance.now();
        try {
          await request(visitor, i);
          latencies.push(performance.now() - t);
        } catch {
          failures += 1;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    name,
    requests: latencies.length,
    failures,
    perSecond: Math.round(latencies.length / elapsed),
    p50: at(0.5),
    p99: at(0.99),
    max: latencies.at(-1) ?? 0,
  };
}

process.env.RATE_LIMIT_ALLOW = '127.0.0.1';
process.env.LOG_LEVEL = 'warn';
const postgres = process.env.PERF_DB === 'postgres' ? await startPostgres() : undefined;
const server = await startBuiltServer(postgres ? { DATABASE_URL: postgres.url } : {});
try {
  const visitors = await Promise.all(Array.from({ length: CONNECTIONS }, () => arrive(server.origin)));
  const rows = [
    await phase('getCart', visitors, (v) => call(server.origin, v, 'getCart', {})),
    await phase('insertCart', visitors, async (v, i) => {
      if (i % CELLS.length === 0) v.cookies.delete('gi_cart'); // a full cart: go on with a new one
      await call(server.origin, v, 'insertCart', cellItem(i));
    }),
  ];
  console.log(`${CONNECTIONS} connections, ${SECONDS} s a phase, ${postgres ? 'PostgreSQL 15' : 'PGlite'}`);
  console.log('call        requests  failed  req/s   p50 ms  p99 ms  max ms');
  for (const r of rows) {
    console.log(
      `${r.name.padEnd(11)} ${String(r.requests).padStart(8)}  ${String(r.failures).padStart(6)}  ${String(r.perSecond).padStart(5)}  ${r.p50.toFixed(1).padStart(7)} ${r.p99.toFixed(1).padStart(7)} ${r.max.toFixed(1).padStart(7)}`,
    );
  }
  const over = rows.filter((r) => r.p99 >= BUDGET_P99_MS || r.failures > 0);
  console.log(
    over.length === 0 ? `p99 budget ${BUDGET_P99_MS} ms: within` : `p99 budget ${BUDGET_P99_MS} ms: OVER`,
  );
} finally {
  await server.stop();
  await postgres?.remove();
}
