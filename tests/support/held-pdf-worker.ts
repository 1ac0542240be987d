import { BroadcastChannel, parentPort } from 'node:worker_threads';
import type { RenderAnswer, RenderRequest } from '../../src/server/overprint/render-pool';

// A render thread whose renders the test lets finish one by one: each job says on the channel HELD_RENDERS
// that it is held, waits for a release sent there (releases sent once the first is held are kept), then
// answers its 受理編號's bytes as the "PDF".

export const HELD_RENDERS = 'held-pdf-worker';

let releases = 0;
let waiting: (() => void) | undefined;
const channel = new BroadcastChannel(HELD_RENDERS);
channel.onmessage = (message) => {
  if ((message as { data?: unknown }).data !== 'release') return;
  releases += 1;
  waiting?.();
};
// the channel alone keeps no thread alive: the pool's own handle decides
channel.unref();

async function released(): Promise<void> {
  while (releases === 0) await new Promise<void>((resolve) => (waiting = resolve));
  releases -= 1;
}

parentPort?.on('message', async ({ record }: RenderRequest) => {
  channel.postMessage(`held ${record.applicationNo}`);
  await released();
  const pdf = new TextEncoder().encode(record.applicationNo);
  parentPort?.postMessage({ pdf } satisfies RenderAnswer, [pdf.buffer]);
});

parentPort?.postMessage({ ready: true } satisfies RenderAnswer);
