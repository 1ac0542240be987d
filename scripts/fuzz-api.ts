import fc from 'fast-check';
import { answerProblem, endpointCollector, fuzzRequest, send } from '../tests/support/api-fuzz';
import { createTestApp } from '../tests/support/server';

// Crafted payloads (tests/support/api-fuzz.ts) against every endpoint of the app on an in-memory PGlite,
// through inject(); prints how many answers each status got and every answer that is a 5xx, not the
// envelope, not in Chinese or echoing the input. FUZZ_RUNS payloads (10,000), FUZZ_SEED to replay a run.
const RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const BATCH = 500;

const { endpoints, onRoute } = endpointCollector();
const t = await createTestApp({ onRoute, config: { rateLimitAllowList: ['127.0.0.1'] } });
const jar = await t.newVisitor();
const statuses = new Map<number, number>();
const problems: string[] = [];
const started = performance.now();

for (let done = 0; done < RUNS; done += BATCH) {
  const batch = fc.sample(fuzzRequest(endpoints), {
    numRuns: Math.min(BATCH, RUNS - done),
    seed: SEED + done,
  });
  for (const request of batch) {
    const response = await send(t, jar, request);
    statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
    const problem = answerProblem(response);
    if (problem) problems.push(`${problem} ← ${request.method} ${request.url.slice(0, 120)}`);
  }
}
await t.close();

const seconds = ((performance.now() - started) / 1000).toFixed(1);
console.log(`${RUNS} payloads over ${endpoints.length} endpoints in ${seconds} s (FUZZ_SEED=${SEED})`);
for (const [status, count] of [...statuses].sort(([a], [b]) => a - b)) console.log(`  ${status}: ${count}`);
console.log(`answers with a problem: ${problems.length}`);
for (const problem of problems.slice(0, 20)) console.log(`  ${problem}`);
process.exitCode = problems.length === 0 ? 0 : 1;
