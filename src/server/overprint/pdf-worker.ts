import { parentPort } from 'node:worker_threads';
import { printDocuments } from './print-documents';
import type { RenderAnswer, RenderRequest } from './render-pool';

/*
 * A render thread of the PDF pool (render-pool.ts): one document at a time, so pdfkit's layout never runs
 * on the thread that answers requests. The bytes go back in a buffer of their own, transferred, not copied.
 */

parentPort?.on('message', async ({ record, documents, printedAt }: RenderRequest) => {
  try {
    const pdf = new Uint8Array(await printDocuments(record, documents, new Date(printedAt)));
    parentPort?.postMessage({ pdf } satisfies RenderAnswer, [pdf.buffer]);
  } catch (error) {
    parentPort?.postMessage({ failed: (error as Error).name } satisfies RenderAnswer);
  }
});

parentPort?.postMessage({ ready: true } satisfies RenderAnswer);
