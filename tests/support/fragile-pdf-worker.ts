import { parentPort } from 'node:worker_threads';
import type { RenderRequest } from '../../src/server/overprint/render-pool';
import '../../src/server/overprint/pdf-worker';

// A render thread that dies on a 名冊 and hangs on a 摘要 alone; anything else it renders as the real one
// (imported above, its listener first) does.
parentPort?.on('message', ({ documents }: RenderRequest) => {
  if (documents.includes('roster')) process.exit(1);
  if (documents.length === 1 && documents[0] === 'summary') for (;;);
});
