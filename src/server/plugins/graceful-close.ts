import type { IncomingMessage } from 'node:http';
import type { Socket } from 'node:net';
import { PassThrough } from 'node:stream';
import { setImmediate as nextLoop, setTimeout as sleep } from 'node:timers/promises';
import { sharedPlugin } from './shared-plugin';

/** How long a connection accepted before the close may take to send its request. */
const FRESH_CONNECTION_WAIT_MS = 1_000;
/** How long a request body still arriving when the close begins may take before it is cut off. */
const UPLOAD_CUTOFF_MS = 1_000;

class UploadCutOff extends Error {
  readonly statusCode = 408;
}

/**
 * Drains on app.close() (SIGTERM): answers everything that arrived, in the envelope, then lets go.
 * - Connections the kernel had queued, or accepted but not yet read, are read before the listener closes:
 *   closing it destroys every connection without a request, and requests already sent on them were lost.
 * - Requests arriving while closing are served as usual (Fastify's own 503 is off, see app.ts).
 * - A body still arriving a second into the close is cut off with a 408, so no upload holds the close.
 * - Answers sent while closing end their connection, so keep-alive does not hold the server open.
 */
export const gracefulClosePlugin = sharedPlugin(async (app) => {
  let closing = false;
  const fresh = new Set<Socket>();
  const uploads = new Map<IncomingMessage, PassThrough>();

  app.server.on('connection', (socket: Socket) => {
    fresh.add(socket);
    socket.once('close', () => fresh.delete(socket));
  });
  app.server.on('request', (request: { socket: Socket }) => fresh.delete(request.socket));

  // Only a body still arriving over the network is wrapped (inject() has no `complete`).
  app.addHook('preParsing', async (request, _reply, payload) => {
    if (request.raw.complete !== false) return payload;
    const upload = new PassThrough();
    // Fastify listens for the cut-off while it reads a body; a body nobody reads (a GET's) must not throw
    upload.on('error', () => {});
    uploads.set(request.raw, upload);
    request.raw.once('close', () => uploads.delete(request.raw));
    payload.pipe(upload);
    return upload;
  });

  app.addHook('preClose', async () => {
    closing = true;
    setTimeout(() => {
      for (const [raw, upload] of uploads) {
        if (!raw.complete) upload.destroy(new UploadCutOff('request body cut off at shutdown'));
      }
    }, UPLOAD_CUTOFF_MS).unref();
    // one turn of the event loop accepts what the kernel queued; then wait for those requests to be read
    await nextLoop();
    const until = Date.now() + FRESH_CONNECTION_WAIT_MS;
    while (fresh.size > 0 && Date.now() < until) await sleep(10);
  });

  app.addHook('onSend', async (_request, reply) => {
    if (closing) reply.header('connection', 'close');
  });
});
