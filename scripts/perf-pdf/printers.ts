import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { OverprintDocument } from '../../src/domain/api/overprint';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '../../src/domain/envelope';

// The printing visitors of scripts/perf-pdf.ts, on a thread of their own so that receiving their PDFs
// never delays the reader's event loop: each visitor prints in a loop, the next as soon as the last is
// answered (or, refused, when its Retry-After says, as the page does), cycling through the 7 choices of
// documents, from PRINTER_ADDRESS so the server holds them to every limit a visitor is.

export interface PrintersData {
  origin: string;
  tokens: string[];
  seconds: number;
}
/** 'ready' once every visitor has its session; then, after 'go', the answers' statuses and counts */
export type PrintersMessage = 'ready' | [status: number, count: number][];

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

const { origin, tokens, seconds } = workerData as PrintersData;
const printers = tokens.map((token) => new Printer(origin, token));
await Promise.all(printers.map((printer) => printer.arrive()));
parentPort?.postMessage('ready' satisfies PrintersMessage);
parentPort?.once('message', async () => {
  const statuses = new Map<number, number>();
  const stopAt = performance.now() + seconds * 1000;
  await Promise.all(
    printers.map(async (printer) => {
      for (let i = 0; performance.now() < stopAt; i++) {
        const { status, retryAfter } = await printer.print(CHOICES[i % CHOICES.length]!);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        if (retryAfter > 0) await sleep(Math.max(0, Math.min(retryAfter * 1000, stopAt - performance.now())));
      }
      printer.close();
    }),
  );
  parentPort?.postMessage([...statuses] satisfies PrintersMessage);
});
