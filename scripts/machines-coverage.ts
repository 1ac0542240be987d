import { machines } from '../machines/registry';
import { coverageOf } from '../tests/support/flow-model';

// Prints, per machine, how many declared transitions the generated shortest paths take.
const rows = machines.map(coverageOf);
const header = ['machine', 'states', 'transitions', 'covered', 'paths', 'coverage'];
const table = rows.map((r) => [
  r.id,
  String(r.states),
  String(r.transitions),
  String(r.covered),
  String(r.paths),
  `${r.transitions === 0 ? 100 : Math.floor((100 * r.covered) / r.transitions)}%`,
]);
const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => (row[i] ?? '').length)));
const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join('  ');
console.log(line(header));
for (const row of table) console.log(line(row));
const missing = rows.flatMap((r) => r.uncovered.map((t) => `${r.id}: ${t}`));
if (missing.length > 0) {
  console.error(`\nTransitions no generated path takes:\n${missing.join('\n')}`);
  process.exitCode = 1;
}
