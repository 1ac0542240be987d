import { mkdirSync, writeFileSync } from 'node:fs';
import { coverageOf, describeTransition } from '../machine-paths/paths';
import { machines } from '../machine-paths/registry';
import type { TestRuns } from '../src/domain/api/atlas';
import { LEVELS, type Level, PATH_RUNS_DIR, passedPaths } from '../tests/support/path-record';

// Per machine and per declared transition: whether a generated path taking it passed on the machine alone
// (tests/machines), on the rendered app in jsdom (npm test) and in Chromium (npm run test:e2e), in the latest
// run that passed any of the machine's paths on that level (reports/path-runs, tests/support/path-record.ts);
// run the tests first. Fails on any gap. Writes the passed paths per level and machine to
// reports/machine-paths.json, which the atlas shows beside each path.
// A machine is held to the levels its registry entry names (all three unless it says fewer: one whose
// screens are still to come has none for jsdom or Chromium to drive); the others show as '-'.

const RUN_BY: Record<Level, string> = {
  machine: 'npm test',
  jsdom: 'npm test',
  chromium: 'npm run build && npm run test:e2e',
};

const table = (header: string[], rows: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), ...rows.map(line)].join('\n');
};

const gaps: string[] = [];
const summary: string[][] = [];
const details: string[] = [];

for (const entry of machines) {
  const report = coverageOf(entry);
  const passed = Object.fromEntries(LEVELS.map((level) => [level, passedPaths(level, entry.id)])) as Record<
    Level,
    Set<string>
  >;
  const takenOn = (level: Level) =>
    new Set(report.paths.filter((p) => passed[level].has(p.key)).flatMap((p) => p.transitions));
  const taken = Object.fromEntries(LEVELS.map((level) => [level, takenOn(level)])) as Record<
    Level,
    ReturnType<typeof takenOn>
  >;
  const pct = (level: Level) => {
    const n = report.transitions.filter((t) => taken[level].has(t)).length;
    return `${n}/${report.transitions.length} (${Math.floor((100 * n) / report.transitions.length)}%)`;
  };
  summary.push([
    entry.id,
    String(report.states),
    String(report.transitions.length),
    String(report.paths.length),
    ...LEVELS.map(pct),
    String(report.noOps.length),
  ]);
  details.push(
    `\n${entry.id}\n${table(
      ['transition', ...LEVELS],
      report.transitions.map((t) => [
        describeTransition(t),
        ...LEVELS.map((level) => (taken[level].has(t) ? 'yes' : 'NO')),
      ]),
    )}`,
  );
  gaps.push(...report.uncovered.map((t) => `${entry.id}: no generated path takes ${t}`));
  gaps.push(...report.noOps.map((t) => `${entry.id}: ${t} changes nothing`));
  for (const level of LEVELS) {
    if (passed[level].size === 0) gaps.push(`${entry.id}: no ${level} run recorded (run ${RUN_BY[level]})`);
    for (const t of report.transitions)
      if (passed[level].size > 0 && !taken[level].has(t))
        gaps.push(`${entry.id}: ${describeTransition(t)} not taken in ${level}`);
  }
}

const runs: TestRuns = {
  recordedAt: new Date().toISOString(),
  levels: Object.fromEntries(
    LEVELS.map((level) => [
      level,
      Object.fromEntries(machines.map((m) => [m.id, [...passedPaths(level, m.id)]])),
    ]),
  ),
};
mkdirSync('reports', { recursive: true });
writeFileSync('reports/machine-paths.json', `${JSON.stringify(runs, null, 1)}\n`);

console.log(table(['machine', 'states', 'transitions', 'paths', ...LEVELS, 'no-op transitions'], summary));
console.log(details.join('\n'));
if (gaps.length > 0) {
  console.error(`\nGaps (paths passed per level are read from ${PATH_RUNS_DIR}):\n${gaps.join('\n')}`);
  process.exitCode = 1;
}
