import { execFileSync, spawnSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import type { MachineDescription } from '../atlas-engine/machine-comparison';
import {
  type DescribableState,
  delayOf,
  describeMachine,
  type GraphReader,
  type Registered,
} from '../atlas-engine/machine-description';

// Reads every machine registered in a tree (this repository checked out at some ref) into the plain JSON
// that npm run atlas:diff compares (MachineDescription in atlas-engine/machine-comparison.ts), with
// atlas-engine/machine-description.ts. A tree's machines are read by that tree's own machine-graph.ts
// (its states, transitions and labels), so an old ref is drawn and counted as it drew itself. A tree from
// before the atlas (no machine-graph.ts) is read by the same walk written here.
//
//   node --import tsx scripts/atlas-describe.ts <tree> <out.json>
//
// writes the descriptions to <out.json> (a file, not stdout, so whatever the tree's modules print while
// loading cannot corrupt them). Run with the tree as the working directory so tsx takes its tsconfig.
// describeRef runs it so on a ref's tree, for npm run atlas:diff and npm run atlas:release.

/** Where a tree keeps its registry: machine-paths/ today, machines/ before the move. */
const REGISTRY_FILES = ['machine-paths/registry.ts', 'machines/registry.ts'];
/** Where a tree keeps its machine-graph.ts: atlas-engine/ today, src/features/atlas/ before the move. */
const GRAPH_FILES = ['atlas-engine/machine-graph.ts', 'src/features/atlas/machine-graph.ts'];

const importFrom = (tree: string, file: string) => import(pathToFileURL(path.resolve(tree, file)).href);

// ---- the reading used when the tree has no machine-graph.ts (the same walk it does)

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states ?? {});
const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...childrenOf(node).flatMap(allNodes)];
const invokedBy = (node: AnyStateNode) =>
  node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id));

function ownGraph(machine: AnyStateMachine): ReturnType<GraphReader['machineGraph']> {
  const initialIds = new Set(
    allNodes(machine.root).flatMap((node) =>
      node.type === 'compound' ? (node.initial?.target ?? []).map((t) => t.id) : [],
    ),
  );
  const toState = (node: AnyStateNode): DescribableState => ({
    id: node.id,
    key: node.key,
    kind: node.type as DescribableState['kind'],
    initial: initialIds.has(node.id),
    invokes: invokedBy(node),
    ...(typeof node.description === 'string' ? { description: node.description } : {}),
    children: childrenOf(node).map(toState),
  });
  const transitions = allNodes(machine.root).flatMap((node) => [
    ...[...node.transitions.values()].flat(),
    ...(node.always ?? []),
  ]);
  return { root: toState(machine.root), edges: [], transitions };
}

/** As machine-graph.ts labels a transition: its event, a delay's length, the guard's name alone. */
function ownLabel(transition: AnyTransitionDefinition, machine: AnyStateMachine): string {
  const { eventType, guard } = transition;
  const done = /^xstate\.(done|error)\.actor\.(.+)$/.exec(eventType);
  const delay = delayOf(machine, transition);
  const event =
    delay !== undefined
      ? `after ${delay}`
      : done
        ? `${done[1]}: ${done[2]}`
        : eventType === ''
          ? 'always'
          : eventType;
  if (guard === undefined) return event;
  const type = typeof guard === 'string' ? guard : (guard as { type?: unknown }).type;
  return `${event} [${typeof type === 'string' ? type : 'guard'}]`;
}

/** How a tree with no machine-graph.ts is read. */
export const ownReader: GraphReader = { machineGraph: ownGraph, transitionLabel: ownLabel };

/** The machines a tree registers, from its registry module (imported once per process). */
export async function loadRegistry(tree: string): Promise<Registered[]> {
  const registryFile = REGISTRY_FILES.find((file) => existsSync(path.join(tree, file)));
  if (!registryFile)
    throw new Error(`no machine registry in ${tree} (looked for ${REGISTRY_FILES.join(', ')})`);
  const { machines } = (await importFrom(tree, registryFile)) as { machines?: Registered[] };
  if (!Array.isArray(machines)) throw new Error(`${registryFile} exports no machines list`);
  return machines;
}

/** Every machine a tree registers, read by the tree's own machine-graph.ts when it has one. */
export async function describeTree(tree: string): Promise<MachineDescription[]> {
  const machines = await loadRegistry(tree);
  const graphFile = GRAPH_FILES.find((file) => existsSync(path.join(tree, file)));
  const graphModule = graphFile ? ((await importFrom(tree, graphFile)) as Partial<GraphReader>) : {};
  const reader: GraphReader =
    typeof graphModule.machineGraph === 'function' && typeof graphModule.transitionLabel === 'function'
      ? (graphModule as GraphReader)
      : ownReader;
  return machines.map((entry) => describeMachine(entry, reader));
}

export const git = (tree: string, args: string[]) =>
  execFileSync('git', ['-C', tree, ...args], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] }).trim();

/** The full commit `ref` names in `tree`'s repository. */
export function commitOf(tree: string, ref: string): string {
  try {
    return git(tree, ['rev-parse', '--verify', '--quiet', `${ref}^{commit}`]);
  } catch {
    throw new Error(`${ref} names no commit here`);
  }
}

/**
 * The machines of `ref`, read in a child process: its tree is extracted (git archive) into a temporary
 * directory, which is always removed whatever happens, and this script reads it there into plain JSON.
 */
export function describeRef(tree: string, ref: string): MachineDescription[] {
  const temp = mkdtempSync(path.join(os.tmpdir(), 'atlas-ref-'));
  const removeTemp = () => rmSync(temp, { recursive: true, force: true });
  const onSignal = (signal: NodeJS.Signals) => {
    removeTemp();
    process.kill(process.pid, signal);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const copy = path.join(temp, 'tree');
    mkdirSync(copy);
    const archive = spawnSync('git', ['-C', tree, 'archive', '--format=tar', ref], { maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive ${ref}: ${archive.stderr.toString().trim()}`);
    const untar = spawnSync('tar', ['-x', '-C', copy], { input: archive.stdout });
    if (untar.status !== 0) throw new Error(`tar: ${untar.stderr.toString().trim()}`);
    // The copy has no node_modules of its own: it uses the working tree's (a symlink), so an old ref is read
    // with today's installed packages.
    symlinkSync(realpathSync(path.join(tree, 'node_modules')), path.join(copy, 'node_modules'), 'dir');
    const json = path.join(temp, 'machines.json');
    // run in the copy, so that tsx compiles its files with its own tsconfig.json
    const { TSX_TSCONFIG_PATH: _, ...env } = process.env;
    const child = spawnSync(
      process.execPath,
      ['--import', import.meta.resolve('tsx'), fileURLToPath(import.meta.url), copy, json],
      { cwd: copy, env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] },
    );
    if (child.status !== 0 || !existsSync(json))
      throw new Error(
        `reading the machines at ${ref} failed:\n${child.stderr.trim() || child.stdout.trim()}`,
      );
    return JSON.parse(readFileSync(json, 'utf8')) as MachineDescription[];
  } finally {
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    removeTemp();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [tree, out] = process.argv.slice(2);
  if (!tree || !out) {
    console.error('usage: node --import tsx scripts/atlas-describe.ts <tree> <out.json>');
    process.exit(2);
  }
  writeFileSync(out, JSON.stringify(await describeTree(tree)));
}
