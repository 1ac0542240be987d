import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { Stryker } from '@stryker-mutator/core';

// Mutation testing (StrykerJS + its Vitest runner) in two groups, one after the other, each with its own
// tests (scripts/mutation.vitest.config.ts) and target. Prints each group's score and every mutant no test
// detected, and exits non-zero when a group misses its target.
//   node --import tsx scripts/mutation.ts [machines|domain ...] [--incremental] [--concurrency N] [--mutate GLOB ...] [--report-only]
// --mutate narrows a group to some of its files (Stryker's syntax, e.g. src/domain/money.ts:20-29) while
// working on them; the score printed is then that of those files only. --report-only prints the last
// reports again without running anything.

interface Group {
  name: string;
  mutate: string[];
  target: number;
}

const GROUPS: Group[] = [
  // The app-wide machines (cart, consent, session), their bindings and the path generator; each flow's
  // machine and bindings are in groups of their own below, so that every file is in one group.
  {
    name: 'machines',
    mutate: [
      'machines/{cart,consent,session}.machine.ts',
      'machine-paths/paths.ts',
      'machines/unbound.ts',
      'machines/failure-message.ts',
      'src/features/{cart,consent,session}/*-actors.ts',
      'src/app-actors.ts',
    ],
    target: 85,
  },
  // A flow's machine with the machine-level tests only (tests/machines), and its bindings with the flow's
  // rendered tests: quicker than the machines group, which runs every flow's tests on every mutant. A
  // machine mutant the rendered tests would also kill counts as survived here, so the score is a floor.
  {
    name: 'shopcart-machine',
    mutate: ['machines/shopcart.machine.ts', 'machines/shopcart.context.ts'],
    target: 85,
  },
  {
    name: 'shopcart-bindings',
    mutate: [
      'src/features/shopcart/shopcart-actors.ts',
      'src/features/shopcart/shopcart-flow.ts',
      'src/lib/stored-flow.ts',
      'src/lib/create-flow.ts',
      'src/lib/use-flow-step.ts',
    ],
    target: 85,
  },
  { name: 'tryout-machine', mutate: ['machines/tryout.machine.ts'], target: 85 },
  {
    name: 'tryout-bindings',
    mutate: ['src/features/tryout/tryout-actors.ts', 'src/features/tryout/tryout-flow.ts'],
    target: 85,
  },
  { name: 'overprint-machine', mutate: ['machines/overprint.machine.ts'], target: 85 },
  {
    name: 'overprint-bindings',
    mutate: [
      'src/features/overprint/overprint-actors.ts',
      'src/features/overprint/overprint-flow.ts',
      'src/lib/save-file.ts',
    ],
    target: 85,
  },
  { name: 'contact-machine', mutate: ['machines/contact.machine.ts'], target: 85 },
  {
    name: 'contact-bindings',
    mutate: [
      'src/features/contact/contact-actors.ts',
      'src/features/contact/contact-flow.ts',
      'src/features/contact/contact-form.tsx',
    ],
    target: 85,
  },
  // The application's life (issue 35): the machine and its readings (movesFrom, judgeMove), with the
  // machine-level tests; the server, the screens and the progress page that use them in the group after.
  { name: 'application-machine', mutate: ['machines/application.machine.ts'], target: 85 },
  // What binds the application machine: the server's move and case (a move lands only if the machine takes
  // it), 案件明細's moves and documents, and the progress page's "what you can do next".
  {
    name: 'application-bindings',
    mutate: [
      'src/server/db/repositories/application-{events,case}.ts',
      'src/server/routes/application-case.ts',
      'src/features/application-case/*.{ts,tsx}',
      'src/features/progress/status-guidance.tsx',
    ],
    target: 85,
  },
  { name: 'contact-message-machine', mutate: ['machines/contact-message.machine.ts'], target: 85 },
  // What binds the message machine: the inbox's store and routes, and the 聯絡訊息 screens.
  {
    name: 'contact-message-bindings',
    mutate: [
      'src/server/db/repositories/contact-inbox.ts',
      'src/server/routes/contact-inbox.ts',
      'src/features/contact-inbox/*.{ts,tsx}',
    ],
    target: 85,
  },
  { name: 'outbox-message-machine', mutate: ['machines/outbox-message.machine.ts'], target: 85 },
  // The outbox: its store, the delivery worker, the sender and the messages' wording.
  {
    name: 'outbox-bindings',
    mutate: [
      'src/server/db/repositories/{outbox,outbox-reads,staff-notifications}.ts',
      'src/server/routes/{outbox,staff-notifications}.ts',
      'src/server/mail/*.ts',
    ],
    target: 85,
  },
  // A code sent by e-mail (issue 45): its life, and the store and routes that ask it.
  { name: 'email-code-machine', mutate: ['machines/email-code.machine.ts'], target: 85 },
  {
    name: 'email-code-bindings',
    mutate: ['src/server/db/repositories/email-codes.ts', 'src/server/roster-mask.ts'],
    target: 85,
  },
  // 寄件匣 and 通知設定, the screens on the outbox (a group of its own: the two together run for hours).
  { name: 'outbox-screens', mutate: ['src/features/{outbox,staff-notices}/*.{ts,tsx}'], target: 85 },
  // The atlas's reading of a machine (graph, layout, simulation, traffic) and the flows' transition trace.
  {
    name: 'atlas',
    mutate: [
      'atlas-engine/machine-graph.ts',
      'atlas-engine/meeting-order.ts',
      'atlas-engine/choice-points.ts',
      'atlas-engine/layout.ts',
      'atlas-engine/simulation.ts',
      'atlas-engine/traffic-marks.ts',
      'atlas-engine/traffic-vs-tests.ts',
      'atlas-engine/test-coverage.ts',
      'atlas-engine/machine-comparison.ts',
      'atlas-engine/diff-wording.ts',
      'atlas-engine/diff-drawing.ts',
      'atlas-engine/machine-description.ts',
      'atlas-engine/release-changes.ts',
      'src/lib/transition-trace.ts',
    ],
    target: 85,
  },
  { name: 'domain', mutate: ['src/domain/**/*.ts'], target: 90 },
];

interface ReportMutant {
  mutatorName: string;
  replacement?: string;
  status: string;
  location: { start: { line: number; column: number }; end: { line: number; column: number } };
}
interface Report {
  files: Record<string, { source: string; mutants: ReportMutant[] }>;
}

const usage = `usage: mutation.ts [${GROUPS.map((g) => g.name).join('|')} ...] [--incremental] [--concurrency N] [--mutate GLOB ...] [--report-only]`;
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    incremental: { type: 'boolean', default: false },
    concurrency: { type: 'string', default: '2' },
    mutate: { type: 'string', multiple: true },
    'report-only': { type: 'boolean', default: false },
  },
});
const concurrency = Number(values.concurrency);
if (
  positionals.some((n) => !GROUPS.some((g) => g.name === n)) ||
  !Number.isInteger(concurrency) ||
  concurrency < 1
) {
  console.error(usage);
  process.exit(2);
}
const selected = positionals.length > 0 ? GROUPS.filter((g) => positionals.includes(g.name)) : GROUPS;

const DETECTED = ['Killed', 'Timeout'];
const UNDETECTED = ['Survived', 'NoCoverage'];

/** The text a location spans (the end first: on one line, slicing the start would shift it). */
function spanned(source: string, { start, end }: ReportMutant['location']): string {
  const lines = source.split('\n').slice(start.line - 1, end.line);
  const last = lines.length - 1;
  lines[last] = (lines[last] ?? '').slice(0, end.column - 1);
  lines[0] = (lines[0] ?? '').slice(start.column - 1);
  return lines.join('\n');
}

/** `original → mutant` on one line; long ones cut to where they differ. */
function change(original: string, mutant: string): string {
  const [a, b] = [original, mutant].map((t) => t.replace(/\s+/g, ' ').trim()) as [string, string];
  let head = 0;
  while (head < a.length && head < b.length && a[head] === b[head]) head++;
  let tail = 0;
  while (tail < a.length - head && tail < b.length - head && a.at(-1 - tail) === b.at(-1 - tail)) tail++;
  const long = a.length > 70 || b.length > 70;
  const from = long ? Math.max(0, head - 20) : 0;
  const cut = long ? Math.max(0, tail - 20) : 0;
  const clip = (t: string) => {
    const middle = t.slice(from, t.length - cut);
    const text = middle.length > 70 ? `${middle.slice(0, 67)}...` : middle;
    return `${from > 0 ? '...' : ''}${text}${cut > 0 && middle.length <= 70 ? '...' : ''}`;
  };
  return `${clip(a)} → ${clip(b)}`;
}

function summarise(report: Report) {
  const counts: Record<string, number> = {};
  const undetected: string[] = [];
  for (const [file, { source, mutants }] of Object.entries(report.files)) {
    for (const m of mutants) {
      counts[m.status] = (counts[m.status] ?? 0) + 1;
      if (!UNDETECTED.includes(m.status)) continue;
      const where = `${file}:${m.location.start.line}:${m.location.start.column}`;
      const status = m.status === 'Survived' ? '' : ` [${m.status}]`;
      undetected.push(
        `  ${where} ${m.mutatorName}${status}: ${change(spanned(source, m.location), m.replacement ?? '')}`,
      );
    }
  }
  const sum = (statuses: string[]) => statuses.reduce((n, s) => n + (counts[s] ?? 0), 0);
  const detected = sum(DETECTED);
  const valid = detected + sum(UNDETECTED);
  const score = valid === 0 ? 100 : (100 * detected) / valid;
  const tally = Object.entries(counts)
    .map(([status, n]) => `${status} ${n}`)
    .join(', ');
  return { score, tally, undetected };
}

/**
 * --incremental reuses the last run's detected mutants only. Stryker would also reuse a survivor whose
 * code and covering tests are unchanged, but it links a static mutant (one that runs while modules load)
 * to the tests of the last run: a test added since that kills it would never run against it.
 */
function forgetUndetected(incrementalFile: string): void {
  if (!existsSync(incrementalFile)) return;
  const report = JSON.parse(readFileSync(incrementalFile, 'utf8')) as Report;
  for (const file of Object.values(report.files))
    file.mutants = file.mutants.filter((m) => !UNDETECTED.includes(m.status));
  writeFileSync(incrementalFile, JSON.stringify(report));
}

async function runStryker(group: Group): Promise<void> {
  process.env.MUTATION_GROUP = group.name;
  const incrementalFile = `reports/mutation/${group.name}-incremental.json`;
  if (values.incremental) forgetUndetected(incrementalFile);
  await new Stryker({
    mutate: values.mutate ?? group.mutate,
    testRunner: 'vitest',
    vitest: { configFile: 'scripts/mutation.vitest.config.ts', related: true },
    coverageAnalysis: 'perTest',
    concurrency,
    incremental: values.incremental,
    incrementalFile,
    ignorePatterns: ['dist', 'data', 'coverage', '.perf', 'reports'],
    reporters: ['progress', 'clear-text', 'json', 'html'],
    clearTextReporter: { reportMutants: false, reportTests: false, skipFull: true },
    jsonReporter: { fileName: `reports/mutation/${group.name}.json` },
    htmlReporter: { fileName: `reports/mutation/${group.name}.html` },
    tempDirName: '.stryker-tmp',
  }).runMutationTest();
}

const results: { group: Group; score: number }[] = [];
for (const group of selected) {
  console.log(`\n=== mutation group "${group.name}" ===`);
  if (!values['report-only']) await runStryker(group);
  const report = JSON.parse(readFileSync(`reports/mutation/${group.name}.json`, 'utf8')) as Report;
  const { score, tally, undetected } = summarise(report);
  console.log(`\n${group.name}: mutation score ${score.toFixed(2)}% (target ${group.target}%): ${tally}`);
  if (undetected.length > 0) console.log(`Undetected mutants (file:line:column mutator: original → mutant):`);
  for (const line of undetected) console.log(line);
  results.push({ group, score });
}

console.log('\n=== mutation scores ===');
for (const { group, score } of results) {
  const verdict = score >= group.target ? 'ok' : 'BELOW TARGET';
  console.log(`${group.name.padEnd(9)} ${score.toFixed(2)}%  target ${group.target}%  ${verdict}`);
}
if (results.some(({ group, score }) => score < group.target)) process.exitCode = 1;
