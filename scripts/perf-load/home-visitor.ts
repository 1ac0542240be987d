import { get } from 'node:http';
import { performance } from 'node:perf_hooks';

// A visitor apart from the crowd of `npm run perf:load`, in its own process: while the crowd applies, it
// loads the home page every PAUSE_MS as a first visit (a new connection, no cookies), one at a time, and
// answers the parent with each load's time in ms when told to stop. Its own work is one small request at
// a time, so its figures are the server's answer time, not a busy client's event loop.

const ORIGIN = process.env.ORIGIN ?? '';
const PAUSE_MS = 100;
/** read by scripts/perf-load/server-probe.mjs */
const SENT_AT_HEADER = 'x-load-sent-at';

export type HomeVisitorReport = { latencies: number[]; failures: string[] };

function loadHome(): Promise<number> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    // when it was sent, by the machine's clock: the server's probe tells from it how long it waited to be accepted
    const headers = { [SENT_AT_HEADER]: String(Date.now()) };
    get(`${ORIGIN}/groupins/`, { agent: false, headers }, (response) => {
      response.resume();
      response.on('end', () => {
        if (response.statusCode === 200) resolve(performance.now() - started);
        else reject(new Error(`home page answered ${response.statusCode}`));
      });
    }).on('error', reject);
  });
}

let stopping = false;
process.once('message', () => {
  stopping = true;
});
const report: HomeVisitorReport = { latencies: [], failures: [] };
process.send?.('ready');
while (!stopping) {
  await loadHome().then(
    (ms) => report.latencies.push(ms),
    (error: Error) => report.failures.push(error.message),
  );
  await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
}
process.send?.(report, () => process.disconnect());
