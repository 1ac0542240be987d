import { readFileSync } from 'node:fs';
import { machines } from '../machine-paths/registry';
import { diagramFigures } from './atlas-figures/diagram-figures';

// How the committed diagrams in docs/machines read (scripts/atlas-figures/diagram-figures.ts), a row a machine.

const header = [
  'machine',
  'forward drawn backwards',
  'mean edge px',
  'edges through a state',
  'label overlaps',
];
console.log(`| ${header.join(' | ')} |\n| ${header.map(() => '---').join(' | ')} |`);
for (const entry of machines) {
  const figures = diagramFigures(readFileSync(`docs/machines/${entry.id}.svg`, 'utf8'), entry.machine);
  const row = [
    entry.id,
    `${figures.backward} of ${figures.forward}`,
    figures.meanLength.toFixed(0),
    String(figures.throughState),
    String(figures.labelOverlaps),
  ];
  console.log(`| ${row.join(' | ')} |`);
}
