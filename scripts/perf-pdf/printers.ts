import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { OverprintDocument } from '../../src/domain/api/overprint';
import { type Answer, HttpClient } from './http-client';

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

/** A visitor printing from PRINTER_ADDRESS with its token. */
class Printer {
  readonly #client: HttpClient;

  constructor(
    origin: string,
    private readonly token: string,
  ) {
    this.#client = new HttpClient(origin, PRINTER_ADDRESS);
  }

  arrive(): Promise<void> {
    return this.#client.arrive();
  }

  print(documents: OverprintDocument[]): Promise<Answer> {
    return this.#client.post('overprint/document', { token: this.token, documents });
  }

  close(): void {
    this.#client.close();
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
