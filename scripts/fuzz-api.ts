import fc from 'fast-check';
import { FuzzTarget, fuzzRequest } from '../tests/support/api-fuzz';

// Crafted payloads (tests/support/api-fuzz.ts) against every endpoint of the app on an in-memory PGlite,
// through inject(), as a visitor signed in as staff with every role; prints how many answers each status got, per
// endpoint, and every answer that is a 5xx, not the envelope, not in Chinese, echoing the input, a 400
// naming no field of its route, or a refusal that stored a row. FUZZ_RUNS payloads (10,000), FUZZ_SEED to
// replay a run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const BATCH = 500;

const target = await FuzzTarget.start();
const { endpoints } = target;
const statuses = new Map<number, number>();
/** answers per endpoint and status, `METHOD url` → status → count */
const byEndpoint = new Map<string, Map<number, number>>();
const problems: string[] = [];
const started = performance.now();

for (let done = 0; done < RUNS; done += BATCH) {
  const batch = fc.sample(fuzzRequest(endpoints, target.known), {
    numRuns: Math.min(BATCH, RUNS - done),
    seed: SEED + done,
  });
  for (const request of batch) {
    const { status, problem } = await target.answer(request);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    const routed = endpoints.some(({ method, url }) => method === request.method && url === request.endpoint);
    const endpoint = `${request.method} ${routed ? request.endpoint : '(a path no route serves)'}`;
    const counts = byEndpoint.get(endpoint) ?? new Map<number, number>();
    byEndpoint.set(endpoint, counts.set(status, (counts.get(status) ?? 0) + 1));
    if (problem) problems.push(`${problem} ← ${request.method} ${request.url.slice(0, 120)}`);
  }
}
await target.close();

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${RUNS} payloads over ${endpoints.length} endpoints in ${seconds} s (FUZZ_SEED=${SEED})`);
const tally = (counts: Map<number, number>) =>
  [...counts]
    .sort(([a], [b]) => a - b)
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
console.log(`  ${tally(statuses)}`);
for (const [endpoint, counts] of [...byEndpoint].sort(([a], [b]) => a.localeCompare(b))) {
  console.log(`  ${endpoint.padEnd(48)} ${tally(counts)}`);
}
console.log(`answers with a problem: ${problems.length}`);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
process.exitCode = problems.length === 0 ? 0 : 1;
