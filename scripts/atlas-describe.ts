import { existsSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';
import {
  type DescribedState,
  type DescribedTransition,
  keyEvent,
  type MachineDescription,
  transitionKey,
} from '../src/features/atlas/machine-diff';

// Reads every machine registered in a tree (this repository checked out at some ref) into the plain JSON
// that npm run atlas:diff compares (MachineDescription in src/features/atlas/machine-diff.ts). A tree's
// machines are read by that tree's own machine-graph.ts (its states, transitions and labels), so an old ref
// is drawn and counted as it drew itself; what its graph does not carry (guard params, delays, actions, the
// actor an invoke outcome belongs to) is read here from XState's own state nodes. A tree from before the
// atlas (no machine-graph.ts) is read here alone, the same way.
//
//   node --import tsx scripts/atlas-describe.ts <tree> <out.json>
//
// writes the descriptions to <out.json> (a file, not stdout, so whatever the tree's modules print while
// loading cannot corrupt them). Run with the tree as the working directory so tsx takes its tsconfig.

/** Where a tree keeps its registry: machine-paths/ today, machines/ before the move. */
const REGISTRY_FILES = ['machine-paths/registry.ts', 'machines/registry.ts'];
const GRAPH_FILE = 'src/features/atlas/machine-graph.ts';

interface TreeGraphState {
  id: string;
  key: string;
  kind: DescribedState['kind'];
  initial: boolean;
  invokes: string[];
  description?: string;
  children: TreeGraphState[];
}
interface TreeGraph {
  root: TreeGraphState;
  edges: Array<{ id: string; transition: AnyTransitionDefinition }>;
  transitions: AnyTransitionDefinition[];
}
/** What this script uses of a tree's machine-graph.ts. */
interface GraphModule {
  machineGraph: (machine: AnyStateMachine) => TreeGraph;
  transitionLabel: (transition: AnyTransitionDefinition, machine?: AnyStateMachine) => string;
}
export interface Registered {
  id: string;
  title: string;
  machine: AnyStateMachine;
}

const importFrom = (tree: string, file: string) => import(pathToFileURL(path.resolve(tree, file)).href);

// ---- the reading used when the tree has no machine-graph.ts (the same walk it does)

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states ?? {});
const allNodes = (node: AnyStateNode): AnyStateNode[] => [node, ...childrenOf(node).flatMap(allNodes)];
const invokedBy = (node: AnyStateNode) =>
  node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id));

function ownGraph(machine: AnyStateMachine): TreeGraph {
  const initialIds = new Set(
    allNodes(machine.root).flatMap((node) =>
      node.type === 'compound' ? (node.initial?.target ?? []).map((t) => t.id) : [],
    ),
  );
  const toState = (node: AnyStateNode): TreeGraphState => ({
    id: node.id,
    key: node.key,
    kind: node.type as DescribedState['kind'],
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
function ownLabel(machine: AnyStateMachine, transition: AnyTransitionDefinition): string {
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

// ---- what every tree's transitions are read for here

/** A guard's name, with its params when it has plain ones; `and(a, b)` for XState's higher-order guards. */
function guardText(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const { guards } = guard as { guards?: unknown[] };
    const type = (guard as { type?: unknown }).type;
    if (typeof type === 'string') return type;
    if (Array.isArray(guards)) return `${guard.name}(${guards.map(guardText).join(', ')})`;
    return guard.name || 'guard';
  }
  if (guard && typeof guard === 'object') {
    const { type, params } = guard as { type?: unknown; params?: unknown };
    const name = typeof type === 'string' ? type : 'guard';
    return params === undefined || typeof params === 'function' ? name : `${name} ${JSON.stringify(params)}`;
  }
  return 'guard';
}

const guardOf = (transition: AnyTransitionDefinition) =>
  transition.guard === undefined ? undefined : guardText(transition.guard);

function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  const type = (action as { type?: unknown } | null)?.type;
  if (typeof type === 'string') return type;
  return typeof action === 'function' && action.name ? action.name : 'inline';
}

/** `2 s`; a named delay with its length on the machine's own initial context, when that is a plain object. */
function delayOf(machine: AnyStateMachine, transition: AnyTransitionDefinition): string | undefined {
  const { delay } = transition as { delay?: unknown };
  const name = delay ?? /^xstate\.after\.([^.]+)\./.exec(transition.eventType)?.[1];
  if (name === undefined) return undefined;
  if (typeof name === 'number' || /^\d+$/.test(String(name))) return `${Number(name) / 1000} s`;
  if (typeof name !== 'string') return 'expression';
  const value = (machine.implementations as { delays?: Record<string, unknown> }).delays?.[name];
  const context = machine.config.context;
  const ms =
    typeof value === 'number'
      ? value
      : typeof value === 'function' && context !== undefined && typeof context !== 'function'
        ? (value as (args: { context: unknown }) => unknown)({ context })
        : undefined;
  return typeof ms === 'number' ? `${name} (${ms / 1000} s)` : name;
}

/** The source of the actor whose done or error event this is, as the source state invokes it. */
function actorOf(transition: AnyTransitionDefinition): string | undefined {
  const id = /^xstate\.(?:done|error)\.actor\.(.+)$/.exec(transition.eventType)?.[1];
  if (id === undefined) return undefined;
  const invoke = transition.source.invoke.find((candidate) => candidate.id === id);
  if (!invoke) return undefined;
  return typeof invoke.src === 'string' ? invoke.src : invoke.id;
}

export function describeMachine(entry: Registered, graphModule?: GraphModule): MachineDescription {
  const { machine } = entry;
  const graph = graphModule ? graphModule.machineGraph(machine) : ownGraph(machine);
  const states: DescribedState[] = [];
  const walk = (state: TreeGraphState, parent: string | null) => {
    states.push({
      id: state.id,
      parent,
      key: state.key,
      kind: state.kind,
      initial: state.initial,
      invokes: [...state.invokes],
      ...(state.description === undefined ? {} : { description: state.description }),
    });
    for (const child of state.children) walk(child, state.id);
  };
  walk(graph.root, null);

  const counters = new Map<string, number>();
  const transitions: DescribedTransition[] = graph.transitions.map((transition) => {
    const source = transition.source.id;
    const event = keyEvent(transition.eventType);
    const index = counters.get(`${source}|${event}`) ?? 0;
    counters.set(`${source}|${event}`, index + 1);
    const guard = guardOf(transition);
    const delay = delayOf(machine, transition);
    const actor = actorOf(transition);
    const edges = graph.edges.filter((edge) => edge.transition === transition).map((edge) => edge.id);
    return {
      key: transitionKey(source, event, index),
      source,
      event,
      index,
      eventType: transition.eventType,
      label: graphModule ? graphModule.transitionLabel(transition, machine) : ownLabel(machine, transition),
      targets: (transition.target ?? []).map((target) => target.id),
      ...(guard === undefined ? {} : { guard }),
      ...(delay === undefined ? {} : { delay }),
      actions: transition.actions.map(actionName),
      ...(actor === undefined ? {} : { actor }),
      ...(edges.length > 0 ? { edges } : {}),
    };
  });
  return { id: entry.id, title: entry.title, states, transitions };
}

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
  const graphModule = existsSync(path.join(tree, GRAPH_FILE))
    ? ((await importFrom(tree, GRAPH_FILE)) as Partial<GraphModule>)
    : {};
  const own =
    typeof graphModule.machineGraph === 'function' && typeof graphModule.transitionLabel === 'function'
      ? (graphModule as GraphModule)
      : undefined;
  return machines.map((entry) => describeMachine(entry, own));
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const [tree, out] = process.argv.slice(2);
  if (!tree || !out) {
    console.error('usage: node --import tsx scripts/atlas-describe.ts <tree> <out.json>');
    process.exit(2);
  }
  writeFileSync(out, JSON.stringify(await describeTree(tree)));
}
