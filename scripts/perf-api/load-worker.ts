import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';
import { type Answer, LeanConnection } from './lean-http';

// One load-generating thread: its share of the visitors, each on its own keep-alive connection, sending
// its next request as soon as the last one answered (closed loop). The main thread asks for one phase at
// a time and gets back every answered request's latency and the count of failed ones.

export interface LoadWorkerData {
  /** the app under test */
  origin: string;
  /** the bare Fastify server answering a constant JSON */
  bareOrigin: string;
  visitors: number;
}

export interface PhaseRequest {
  phase: PhaseName;
  seconds: number;
}

export interface PhaseResult {
  latencies: Float64Array;
  failures: number;
  /** the first failure's status and body, to say why */
  firstFailure: string | null;
}

export const PHASES = ['bare', 'getCart', 'insertCart', 'tryoutQuote', 'queryAllMeta'] as const;
export type PhaseName = (typeof PHASES)[number];

/** A visitor: its cookies, and its own keep-alive connection to the app and to the bare server. */
interface Visitor {
  cookies: Map<string, string>;
  app: LeanConnection;
  bare: LeanConnection;
}

const { origin, bareOrigin, visitors: count } = workerData as LoadWorkerData;

async function send(
  to: 'app' | 'bare',
  visitor: Visitor,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<Answer> {
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const headers: Record<string, string> = {
    cookie: [...visitor.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
  };
  if (payload !== undefined) {
    headers['content-type'] = 'application/json';
    headers['x-csrf-token'] = visitor.cookies.get('XSRF-TOKEN') ?? '';
  }
  const answer = await visitor[to].request(method, path, headers, payload);
  remember(visitor, answer.setCookies);
  return answer;
}

function remember(visitor: Visitor, lines: string[]) {
  for (const line of lines) {
    const [pair] = line.split(';');
    const [name, ...value] = (pair ?? '').split('=');
    if (!name) continue;
    if (/max-age=0/i.test(line)) visitor.cookies.delete(name);
    else visitor.cookies.set(name, value.join('='));
  }
}

/** A call the app must answer 200 with returnCode 0; anything else counts as a failure. */
async function api(visitor: Visitor, method: 'GET' | 'POST', path: string, body?: unknown) {
  const answer = await send('app', visitor, method, `/ODGAWeb/api/${path}`, body);
  if (answer.status !== 200 || !answer.body.startsWith('{"returnCode":0'))
    throw new Error(`${path} answered ${answer.status} ${answer.body.slice(0, 200)}`);
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

/** The tryout's STEP1 choice (團體一年定期壽險 100 萬) for STEP2's ten people aged 30–39. */
const QUOTE = {
  item: cellItem(0),
  group: { headcount: 10, occupationClass: '1', ageBasis: 'bands', ageBands: { age30: 10 } },
};

const requests: Record<PhaseName, (visitor: Visitor, i: number) => Promise<unknown>> = {
  bare: async (visitor) => {
    const answer = await send('bare', visitor, 'POST', '/bare', {});
    if (answer.status !== 200) throw new Error(`bare answered ${answer.status}`);
  },
  getCart: (visitor) => api(visitor, 'POST', 'DTODGAZ0/getCart', {}),
  insertCart: (visitor, i) => api(visitor, 'POST', 'DTODGAZ0/insertCart', cellItem(i)),
  tryoutQuote: (visitor) => api(visitor, 'POST', 'tryout/quote', QUOTE),
  queryAllMeta: (visitor) => api(visitor, 'GET', 'functionMeta/queryAllMeta?meta_attr=title'),
};

/**
 * What a visitor does before a request, untimed: one whose cart is full leaves, and a new one arrives (a
 * cart belongs to its session, so a new cart needs a new session).
 */
const before: Partial<Record<PhaseName, (visitor: Visitor, i: number) => Promise<unknown>>> = {
  insertCart: async (visitor, i) => {
    if (i > 0 && i % CELLS.length === 0) await arrive(visitor);
  },
};

function newVisitor(): Visitor {
  return { cookies: new Map(), app: new LeanConnection(origin), bare: new LeanConnection(bareOrigin) };
}

/** A visitor's first page: its session and CSRF cookies. */
async function arrive(visitor: Visitor = newVisitor()): Promise<Visitor> {
  visitor.cookies.clear();
  const answer = await send('app', visitor, 'GET', '/groupins/');
  if (answer.status !== 200) throw new Error(`the home page answered ${answer.status}`);
  return visitor;
}

async function run({ phase, seconds }: PhaseRequest, visitors: Visitor[]): Promise<PhaseResult> {
  const latencies: number[] = [];
  let failures = 0;
  let firstFailure: string | null = null;
  const until = performance.now() + seconds * 1000;
  await Promise.all(
    visitors.map(async (visitor) => {
      for (let i = 0; performance.now() < until; i++) {
        try {
          await before[phase]?.(visitor, i);
          const started = performance.now();
          await requests[phase](visitor, i);
          latencies.push(performance.now() - started);
        } catch (error) {
          failures += 1;
          firstFailure ??= (error as Error).message;
        }
      }
    }),
  );
  return { latencies: Float64Array.from(latencies), failures, firstFailure };
}

const visitors = await Promise.all(Array.from({ length: count }, () => arrive()));
parentPort!.on('message', async (message: PhaseRequest) => {
  const result = await run(message, visitors);
  parentPort!.postMessage(result, [result.latencies.buffer as ArrayBuffer]);
});
parentPort!.postMessage('ready');
