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

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The server is going (SIGTERM came): from now on health answers 503 so a load balancer stops sending,
     * and every answer ends its connection, while requests are still taken and answered as usual.
     */
    drain(): void;
    /** drain() was called, or the close began */
    readonly draining: boolean;
  }
}

/**
 * Drains on app.drain() and app.close() (SIGTERM, see server.ts shutdown()): answers everything that
 * arrived, in the envelope, then lets go.
 * - From drain() on, answers end their connections, so keep-alive does not hold the server open, and
 *   health answers 503 (routes/health.ts); requests are served as usual until the close.
 * - On close, connections the kernel had queued, or accepted but not yet read, are read before the listener
 *   closes: closing it destroys every connection without a request, and requests already sent on them were
 *   lost.
 * - Requests arriving while closing are served as usual (Fastify's own 503 is off, see app.ts).
 * - A body still arriving a second into the close is cut off with a 408, so no upload holds the close.
 */
export const gracefulClosePlugin = sharedPlugin(async (app) => {
  let draining = false;
  app.decorate('drain', () => {
    draining = true;
  });
  app.decorate('draining', { getter: () => draining });
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
    draining = true;
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
    if (draining) reply.header('connection', 'close');
  });
});
