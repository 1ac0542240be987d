import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { AnyStateMachine } from 'xstate';
import { DiagramSvg } from '../atlas-engine/diagram-svg';
import { diffDrawing } from '../atlas-engine/diff-drawing';
import { diffLines, diffSummary } from '../atlas-engine/diff-wording';
import { type Layout, layoutGraph, layoutMachine } from '../atlas-engine/layout';
import { diffMachines, type MachineDiff } from '../atlas-engine/machine-comparison';
import { commitOf, describeRef, describeTree, loadRegistry } from './atlas-describe';

// npm run atlas:diff -- <ref> [--out <dir>]: every registered machine at <ref> against the working tree's:
// states and transitions added, removed or changed, printed per changed machine (nothing for an unchanged
// one) with a summary line, and each changed machine drawn to <dir>/<machine>.svg (default reports/atlas-diff):
// today's diagram, its added and changed elements marked, the removed ones drawn from the old machine. It
// only informs: it exits 0 whatever changed, and 2 when it cannot compare (an unknown ref, a tree that does
// not load).
//
// The ref is read in a child process (describeRef in scripts/atlas-describe.ts), with the ref's own
// machine-graph.ts. The working tree is read by the same code, in this process, where its machines are drawn.

export const DEFAULT_OUT = 'reports/atlas-diff';

/** A machine no longer registered: a root with nothing in it, so all it draws is what was removed. */
function emptyRootLayout(
  diff: MachineDiff,
  extras: ReturnType<typeof diffDrawing>['extras'],
): Promise<Layout> {
  const root = {
    id: diff.id,
    path: '',
    key: diff.id,
    kind: 'compound' as const,
    initial: false,
    invokes: [],
    children: [],
  };
  return layoutGraph({ root, edges: [], transitions: [] }, diff.id, extras);
}

/** One changed machine's diagram as an SVG file's text. */
export async function diffSvg(diff: MachineDiff, machine: AnyStateMachine | undefined, against: string) {
  const { extras, marks } = diffDrawing(diff);
  const layout = machine ? await layoutMachine(machine, extras) : await emptyRootLayout(diff, extras);
  const svg = renderToStaticMarkup(
    createElement(DiagramSvg, {
      layout,
      title: `${diff.title}（${diff.id}）`,
      marks: { diff: { ...marks, against } },
    }),
  );
  return `<?xml version="1.0" encoding="UTF-8"?>\n${svg}\n`;
}

export interface AtlasDiffResult {
  diffs: MachineDiff[];
  /** the diagrams written, one per changed machine */
  written: string[];
}

/** Compares the machines at `ref` with those of the working tree `tree`, prints the list and draws the diagrams. */
export async function atlasDiff(options: {
  ref: string;
  tree: string;
  out: string;
  print: (line: string) => void;
}): Promise<AtlasDiffResult> {
  const { ref, tree, out, print } = options;
  const commit = commitOf(tree, ref);
  const against = `${ref} (${commit.slice(0, 8)})`;
  const before = describeRef(tree, commit);
  const after = await describeTree(tree);
  // the working tree's registry, imported by describeTree already: its machines are laid out here
  const machineOf = new Map((await loadRegistry(tree)).map((entry) => [entry.id, entry.machine]));

  const diffs = diffMachines(before, after);
  print(`atlas:diff: the machines at ${against} → the working tree`);
  mkdirSync(out, { recursive: true });
  const written: string[] = [];
  for (const diff of diffs) {
    const file = path.join(out, `${diff.id}.svg`);
    if (diff.kind === 'unchanged') {
      // an earlier run's picture of a machine that no longer differs would mislead
      rmSync(file, { force: true });
      continue;
    }
    print('');
    for (const line of diffLines(diff)) print(line);
    writeFileSync(file, await diffSvg(diff, machineOf.get(diff.id), against));
    written.push(file);
  }
  print('');
  print(`${diffSummary(diffs)}${written.length ? `; diagrams in ${out}/` : ''}`);
  return { diffs, written };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const outAt = args.indexOf('--out');
  const out = outAt >= 0 ? args[outAt + 1] : DEFAULT_OUT;
  const ref = args.find((arg, i) => !arg.startsWith('--') && (outAt < 0 || i !== outAt + 1));
  if (!ref || !out) {
    console.error('usage: npm run atlas:diff -- <git ref> [--out <dir>]');
    process.exit(2);
  }
  const started = performance.now();
  try {
    await atlasDiff({ ref, tree: process.cwd(), out, print: (line) => console.log(line) });
    console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s)`);
  } catch (error) {
    console.error(`atlas:diff: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}
