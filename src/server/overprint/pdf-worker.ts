import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { printDocuments } from './print-documents';
import type { RenderAnswer, RenderRequest } from './render-pool';

/*
 * A render thread of the PDF pool (render-pool.ts): one document at a time, so pdfkit's layout never runs
 * on the thread that answers requests. The bytes go back in a buffer of their own, transferred, not copied.
 */

/** The render thread's niceness (Linux): with the cores busy, the request thread runs first. */
const RENDER_NICE = 19;

// On Linux a thread has an id of its own, and setpriority on it sets that thread's niceness only. Where
// /proc/thread-self is missing, the thread keeps the process's priority.
try {
  setPriority(Number(readlinkSync('/proc/thread-self').split('/').pop()), RENDER_NICE);
} catch {}

parentPort?.on('message', async ({ record, documents, printedAt }: RenderRequest) => {
  try {
    const pdf = new Uint8Array(await printDocuments(record, documents, new Date(printedAt)));
    parentPort?.postMessage({ pdf } satisfies RenderAnswer, [pdf.buffer]);
  } catch (error) {
    parentPort?.postMessage({ failed: (error as Error).name } satisfies RenderAnswer);
  }
});
