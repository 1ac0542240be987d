import { mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { DiagramSvg } from '../atlas-engine/diagram-svg';
import { layoutMachine } from '../atlas-engine/layout';
import { coverageOf } from '../machine-paths/paths';
import { machines } from '../machine-paths/registry';

// Writes each registry machine's diagram (the atlas's own layout and drawing) to docs/machines, with an index,
// so a change to a machine shows in the diff. `--check` writes nothing and fails when a file would change.

const DIR = 'docs/machines';
const check = process.argv.includes('--check');

const files = new Map<string, string>();
const rows: string[][] = [];
for (const entry of machines) {
  const layout = await layoutMachine(entry.machine);
  const svg = renderToStaticMarkup(
    createElement(DiagramSvg, { layout, title: `${entry.title}（${entry.id}）` }),
  );
  files.set(`${entry.id}.svg`, `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`);
  const report = coverageOf(entry);
  rows.push([
    entry.id,
    entry.title,
    String(report.states),
    String(report.transitions.length),
    String(report.paths.length),
  ]);
}

const header = ['machine', '名稱', 'states', 'transitions', 'generated paths'];
files.set(
  'README.md',
  [
    '# The flows as state machines',
    '',
    'Drawn from `machine-paths/registry.ts` by `npm run atlas:export` (the same layout and drawing as the atlas at',
    '/groupins/atlas). CI fails when these files differ from what the machines draw: regenerate and commit them',
    'with the machine change.',
    '',
    `| ${header.join(' | ')} |`,
    `| ${header.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
    '',
    ...rows.flatMap(([id, title]) => [`## ${title} (${id})`, '', `![${title}](./${id}.svg)`, '']),
  ].join('\n'),
);
files.set(
  'index.html',
  [
    '<!doctype html>',
    '<html lang="zh-Hant-TW">',
    '<head><meta charset="utf-8"><title>團體保險流程狀態圖</title></head>',
    '<body>',
    '<h1>團體保險流程狀態圖</h1>',
    ...rows.flatMap(([id, title, states, transitions, paths]) => [
      `<h2>${title}（${id}）</h2>`,
      `<p>${states} 個狀態、${transitions} 個轉換、${paths} 條產生的測試路徑</p>`,
      `<img src="./${id}.svg" alt="${title}狀態圖">`,
    ]),
    '</body>',
    '</html>',
    '',
  ].join('\n'),
);

const stale: string[] = [];
const read = (file: string) => {
  try {
    return readFileSync(path.join(DIR, file), 'utf8');
  } catch {
    return undefined;
  }
};
for (const [file, content] of files) if (read(file) !== content) stale.push(file);
const extra = (() => {
  try {
    return readdirSync(DIR).filter((file) => !files.has(file));
  } catch {
    return [];
  }
})();
stale.push(...extra);

if (check) {
  if (stale.length > 0) {
    console.error(
      `docs/machines is stale (${stale.join(', ')}): run npm run atlas:export and commit the result`,
    );
    process.exitCode = 1;
  } else console.log(`docs/machines matches the machines (${machines.length} diagrams)`);
} else {
  mkdirSync(DIR, { recursive: true });
  for (const file of extra) rmSync(path.join(DIR, file));
  for (const [file, content] of files) writeFileSync(path.join(DIR, file), content);
  console.log(`wrote ${files.size} files to ${DIR} (${stale.length} changed)`);
}
