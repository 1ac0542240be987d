import { writeFileSync } from 'node:fs';
import { Server } from 'node:http';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { isMainThread } from 'node:worker_threads';

// Loaded into the built server's process by the load run (node --import), never by the product; plain
// JavaScript, as the server runs without a TypeScript loader. From the first visitor's page to SIGTERM it
// records the process's CPU time, its event loop's delay and each call's time inside the server (Node's
// 'request' event to the answer's last byte), and for the visitor apart's requests (they carry the time they
// were sent) how long each waited to be accepted and then to be read; then writes them to LOAD_PROBE_FILE
// (ServerFigures in scripts/perf-load.ts).

const file = process.env.LOAD_PROBE_FILE;
/** the visitors' first request: their page */
const START_PATH = '/groupins/';
/** sent by scripts/perf-load/home-visitor.ts: Date.now() when it sent the request */
const SENT_AT_HEADER = 'x-load-sent-at';
const acceptedAt = Symbol('acceptedAt');

if (file && isMainThread) {
  const delay = monitorEventLoopDelay({ resolution: 10 });
  /** @type {Record<string, number[]>} */
  const inServer = {};
  /** @type {{ accepted: number[], read: number[] }} */
  const apart = { accepted: [], read: [] };
  /** @type {{ at: number, cpu: NodeJS.CpuUsage } | undefined} */
  let started;

  const emit = Server.prototype.emit;
  Server.prototype.emit = function probedEmit(event, ...args) {
    if (event === 'connection') args[0][acceptedAt] = Date.now();
    if (event === 'request') {
      const [request, response] = args;
      const sentAt = Number(request.headers[SENT_AT_HEADER]);
      if (started && sentAt > 0) {
        const accepted = request.socket[acceptedAt];
        apart.accepted.push(accepted - sentAt);
        apart.read.push(Date.now() - accepted);
      }
      const path = (request.url ?? '').split('?', 1)[0];
      if (!started && path === START_PATH) {
        started = { at: performance.now(), cpu: process.cpuUsage() };
        delay.enable();
      }
      if (started) {
        const at = performance.now();
        response.once('finish', () => {
          inServer[path] ??= [];
          inServer[path].push(performance.now() - at);
        });
      }
    }
    return emit.call(this, event, ...args);
  };

  process.once('SIGTERM', () => {
    if (!started) return;
    delay.disable();
    const cpu = process.cpuUsage(started.cpu);
    writeFileSync(
      file,
      JSON.stringify({
        seconds: (performance.now() - started.at) / 1000,
        cpuSeconds: (cpu.user + cpu.system) / 1e6,
        loopDelayP50: delay.percentile(50) / 1e6,
        loopDelayP99: delay.percentile(99) / 1e6,
        loopDelayMax: delay.max / 1e6,
        inServer,
        apart,
      }),
    );
  });
}
