import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { OverprintAccess, OverprintDocument } from '../src/domain/api/overprint';
import type { SubmittedApplication } from '../src/domain/api/shopcart';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '../src/domain/envelope';
import { startBuiltServer } from '../tests/e2e/support/server';
import { HttpVisitor } from '../tests/support/http-visitor';
import { validSubmission } from '../tests/support/shopcart-input';

// Does printing slow every visitor? On the built server (PGlite), another visitor reads
// catalogue/queryPackages every READ_EVERY_MS for PERF_SECONDS, first alone, then while PRINTERS
// visitors each print PDFs of their own application in a loop, the next as soon as the last is answered,
// cycling through the 7 choices of documents. The reader's p50/p99 are printed for both phases and their
// ratio; a p99 under load above RATIO_LIMIT × the idle one exits 1.
// The reader comes from 127.0.0.1, lifted from the rate limits (RATE_LIMIT_ALLOW) so that its reads are
// never refused; the printers come from 127.0.0.2, held to every limit a visitor is. The client runs on
// the same cores as the server: node:http with keep-alive, no browser.
const SECONDS = Number(process.env.PERF_SECONDS ?? 10);
const PRINTERS = Number(process.env.PRINTERS ?? 8);
const READ_EVERY_MS = 20;
const RATIO_LIMIT = 2;
const READER = '127.0.0.1';
const PRINTER_ADDRESS = '127.0.0.2';
const CHOICES: OverprintDocument[][] = [
  ['form'],
  ['roster'],
  ['summary'],
  ['form', 'roster'],
  ['form', 'summary'],
  ['roster', 'summary'],
  ['form', 'roster', 'summary'],
];

/** A visitor printing over plain node:http from PRINTER_ADDRESS: its cookies, the CSRF header, a token. */
class Printer {
  readonly #agent = new Agent({ keepAlive: true, maxSockets: 1, localAddress: PRINTER_ADDRESS });
  #cookies = new Map<string, string>();

  constructor(
    private readonly origin: string,
    private readonly token: string,
  ) {}

  async arrive(): Promise<void> {
    await this.#send('GET', '/groupins/');
  }

  /** the answer's status and its Retry-After in seconds (0 without one) */
  print(documents: OverprintDocument[]): Promise<{ status: number; retryAfter: number }> {
    return this.#send('POST', `${API_BASE}/overprint/document`, { token: this.token, documents });
  }

  close(): void {
    this.#agent.destroy();
  }

  #send(method: string, path: string, body?: unknown): Promise<{ status: number; retryAfter: number }> {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const cookie = [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    return new Promise((resolve, reject) => {
      const outgoing = request(`${this.origin}${path}`, {
        method,
        agent: this.#agent,
        headers: {
          cookie,
          ...(payload
            ? { 'content-type': 'application/json', [CSRF_HEADER]: this.#cookies.get(CSRF_COOKIE) ?? '' }
            : {}),
        },
      });
      outgoing.on('response', (response) => {
        for (const line of response.headers['set-cookie'] ?? []) {
          const [pair = ''] = line.split(';');
          const at = pair.indexOf('=');
          this.#cookies.set(pair.slice(0, at), pair.slice(at + 1));
        }
        response.resume();
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            retryAfter: Number(response.headers['retry-after'] ?? 0),
          }),
        );
        response.on('error', reject);
      });
      outgoing.on('error', reject);
      outgoing.end(payload);
    });
  }
}

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
  const printers = tokens.map((token) => new Printer(server.origin, token));
  await Promise.all(printers.map((printer) => printer.arrive()));
  const reader = await HttpVisitor.arrive(server.origin);
  await readLatencies(reader, 1); // warm: the catalogue cache and the connection

  const idle = summary(await readLatencies(reader, SECONDS));

  const statuses = new Map<number, number>();
  let printing = true;
  const stopAt = performance.now() + SECONDS * 1000;
  const loops = printers.map(async (printer) => {
    for (let i = 0; printing; i++) {
      const { status, retryAfter } = await printer.print(CHOICES[i % CHOICES.length]!);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      // as the page does: a refused print is tried again when the answer says, not at once
      if (retryAfter > 0) await sleep(Math.min(retryAfter * 1000, stopAt - performance.now()));
    }
  });
  const loaded = summary(await readLatencies(reader, SECONDS));
  printing = false;
  await Promise.all(loops);
  for (const printer of printers) printer.close();

  const ratio = loaded.p99 / idle.p99;
  const row = (name: string, s: ReturnType<typeof summary>) =>
    `${name.padEnd(28)} ${String(s.reads).padStart(6)} ${s.p50.toFixed(1).padStart(8)} ${s.p99.toFixed(1).padStart(8)}`;
  console.log(`catalogue/queryPackages, one read every ${READ_EVERY_MS} ms for ${SECONDS} s`);
  console.log(`${'phase'.padEnd(28)} ${'reads'.padStart(6)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}`);
  console.log(row('idle', idle));
  console.log(row(`${PRINTERS} visitors printing`, loaded));
  console.log(
    `PDF answers: ${[...statuses].map(([status, n]) => `${status}×${n}`).join(' ')}; p99 ratio ${ratio.toFixed(2)} (limit ${RATIO_LIMIT})`,
  );
  if (ratio > RATIO_LIMIT) process.exitCode = 1;
} finally {
  await server.stop();
}
