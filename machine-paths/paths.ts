import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { getAdjacencyMap, getStateNodes } from 'xstate/graph';
import type { RegisteredMachine } from './registry';

export interface FlowStep {
  /** what happened: a visitor's event, an invoke's done/error, or a delay's `xstate.after.*` */
  event: EventObject & Record<string, unknown>;
  /** the machine's snapshot after it (the machine's word, never a test's expectation) */
  state: AnyMachineSnapshot;
}

/** A generated path: its steps from `xstate.init`, and the declared transitions it takes. */
export interface FlowPath {
  /** the events in order, with their payloads: a path's identity across runs and levels */
  key: string;
  description: string;
  steps: FlowStep[];
  transitions: AnyTransitionDefinition[];
}

/** The payload cases the registry gives for each event type the state handles; a bare event otherwise. */
export function eventCases(entry: RegisteredMachine) {
  return (state: AnyMachineSnapshot): EventObject[] =>
    __unsafe_getAllOwnEventDescriptors(state).flatMap((type) => {
      const matching = entry.events.filter((c) => c.type === type);
      return (matching.length > 0 ? matching : [{ type }]) as EventObject[];
    });
}

/** A vertex is what the visitor could tell apart: the state value and the context's projection. */
function vertexKey(entry: RegisteredMachine, state: AnyMachineSnapshot): string {
  const context = entry.serializeContext ? entry.serializeContext(state.context as never) : state.context;
  return JSON.stringify({ value: state.value, context });
}

function traversal(entry: RegisteredMachine) {
  return {
    events: eventCases(entry),
    serializeState: (state: AnyMachineSnapshot) => vertexKey(entry, state),
    ...(entry.input === undefined ? {} : { input: entry.input }),
  };
}

const eventLabel = ({ type, ...payload }: EventObject & Record<string, unknown>) =>
  Object.keys(payload).length === 0 ? type : `${type} ${JSON.stringify(payload)}`;

function toFlowPath(steps: FlowStep[], transitions: AnyTransitionDefinition[]): FlowPath {
  const last = steps.at(-1)!.state;
  return {
    key: steps.map((s) => eventLabel(s.event)).join(' → '),
    description: `${steps.map((s) => s.event.type).join(' → ')} ⇒ ${JSON.stringify(last.value)}`,
    steps,
    transitions,
  };
}

interface Edge {
  from: AnyMachineSnapshot;
  event: EventObject & Record<string, unknown>;
  to: AnyMachineSnapshot;
  transitions: AnyTransitionDefinition[];
}

/** What path generation knows of a machine, worked out once and shared by its paths and its report. */
interface MachineGraph {
  /** every edge that takes at least one declared transition */
  edges: Edge[];
  paths: FlowPath[];
}

/**
 * The declared transitions an event takes from a snapshot, each asked of the machine once: the guards are
 * the costly part of the traversal (the shopcart's run the shared schemas), and the paths through a
 * vertex all ask again of the same snapshot and event (the adjacency map's own objects).
 */
function transitionsTaken(machine: AnyStateMachine) {
  const known = new WeakMap<AnyMachineSnapshot, WeakMap<EventObject, AnyTransitionDefinition[]>>();
  return (state: AnyMachineSnapshot, event: EventObject): AnyTransitionDefinition[] => {
    const byEvent = known.get(state) ?? new WeakMap<EventObject, AnyTransitionDefinition[]>();
    known.set(state, byEvent);
    const taken = byEvent.get(event) ?? machine.getTransitionData(state, event);
    byEvent.set(event, taken);
    return taken;
  };
}

/** xstate/graph's adjacency map, read by plain keys (its own type brands them) */
type Adjacency = Record<
  string,
  {
    state: AnyMachineSnapshot;
    transitions: Record<string, { event: Edge['event']; state: AnyMachineSnapshot }>;
  }
>;

/**
 * The shortest path's steps to every vertex, breadth first over the adjacency map from its first vertex
 * (the initial snapshot), as xstate/graph's getShortestPaths finds them over the same map: the first edge
 * to reach a vertex is its way in, and each step holds the snapshot the last edge into its vertex reached.
 */
function shortestSteps(adjacency: Adjacency, key: (s: AnyMachineSnapshot) => string) {
  const [initial] = Object.keys(adjacency);
  const snapshots = new Map([[initial!, adjacency[initial!]!.state]]);
  const wayIn = new Map<string, { from: string; event: Edge['event'] } | null>([[initial!, null]]);
  const queue = [initial!];
  for (const vertex of queue)
    for (const { event, state } of Object.values(adjacency[vertex]!.transitions)) {
      const next = key(state);
      snapshots.set(next, state);
      if (wayIn.has(next)) continue;
      wayIn.set(next, { from: vertex, event });
      queue.push(next);
    }
  const steps = new Map<string, FlowStep[]>();
  for (const [vertex, via] of wayIn) {
    const state = snapshots.get(vertex)!;
    steps.set(
      vertex,
      via
        ? [...steps.get(via.from)!, { event: via.event, state }]
        : [{ event: { type: 'xstate.init' }, state }],
    );
  }
  return steps;
}

const unchanged = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) =>
  JSON.stringify({ v: a.value, c: a.context }) === JSON.stringify({ v: b.value, c: b.context });

const graphs = new WeakMap<RegisteredMachine, MachineGraph>();

/**
 * A machine's graph: xstate/graph's adjacency map over the registry's payload cases, built once per
 * registered machine. Its edges are those that take at least one declared transition: an event the state
 * refuses (no handler, or every guard false) takes none and is no edge.
 *
 * Its paths: for each declared transition, the shortest path to a state where it can be taken, followed by
 * the event that takes it. Paths that are the same, or the beginning of another path, are left out, so each
 * path takes at least one transition no other path ends with.
 */
function graphOf(entry: RegisteredMachine): MachineGraph {
  const known = graphs.get(entry);
  if (known) return known;
  const { machine } = entry;
  const taken = transitionsTaken(machine);
  const adjacency = getAdjacencyMap(machine, traversal(entry)) as unknown as Adjacency;
  const edges = Object.values(adjacency).flatMap(({ state, transitions }) =>
    Object.values(transitions).flatMap(({ event, state: to }) => {
      const transitions = taken(state, event);
      return transitions.length === 0 ? [] : [{ from: state, event, to, transitions }];
    }),
  );
  const toVertex = shortestSteps(adjacency, (s) => vertexKey(entry, s));
  const candidates = edges
    .filter((edge) => !unchanged(edge.from, edge.to))
    .map((edge) => {
      const steps = [...toVertex.get(vertexKey(entry, edge.from))!, { event: edge.event, state: edge.to }];
      return toFlowPath(
        steps,
        steps.slice(1).flatMap((step, i) => taken(steps[i]!.state, step.event)),
      );
    });
  const chosen = new Map<string, FlowPath>();
  for (const t of allTransitions(machine)) {
    const best = candidates
      .filter((p) => p.transitions.includes(t))
      .sort((a, b) => a.steps.length - b.steps.length)[0];
    if (best) chosen.set(best.key, best);
  }
  const kept = [...chosen.values()];
  const graph = {
    edges,
    paths: kept.filter((p) => !kept.some((q) => q !== p && q.key.startsWith(`${p.key} → `))),
  };
  graphs.set(entry, graph);
  return graph;
}

/** The generated paths of a machine (see graphOf). */
export function flowPaths(entry: RegisteredMachine): FlowPath[] {
  return [...graphOf(entry).paths];
}

/** Declared transitions that, somewhere, are taken yet change neither the state nor its context. */
export function noOpTransitions(entry: RegisteredMachine): string[] {
  const noOps = graphOf(entry).edges.filter((edge) => unchanged(edge.from, edge.to));
  return [...new Set(noOps.flatMap((edge) => edge.transitions.map(describeTransition)))];
}

/** Every transition declared in the machine: on, after, invoke onDone and onError. */
export function allTransitions(machine: AnyStateMachine): AnyTransitionDefinition[] {
  return [machine.root, ...getStateNodes(machine.root)].flatMap((node) =>
    [...node.transitions.values()].flat(),
  );
}

/** A readable name for a transition: `source --event [guard]--> target`. */
export function describeTransition(t: AnyTransitionDefinition): string {
  const guard = t.guard
    ? ` [${typeof t.guard === 'string' ? t.guard : ((t.guard as { type?: string }).type ?? 'guard')}]`
    : '';
  const targets = t.target?.map((n) => n.id).join(',') ?? '(self)';
  return `${t.source.id} --${t.eventType}${guard}--> ${targets}`;
}

export interface CoverageReport {
  id: string;
  states: number;
  transitions: AnyTransitionDefinition[];
  paths: FlowPath[];
  uncovered: string[];
  noOps: string[];
}

export function coverageOf(entry: RegisteredMachine): CoverageReport {
  const paths = flowPaths(entry);
  const covered = new Set(paths.flatMap((p) => p.transitions));
  const transitions = allTransitions(entry.machine);
  return {
    id: entry.id,
    states: getStateNodes(entry.machine.root).length,
    transitions,
    paths,
    uncovered: transitions.filter((t) => !covered.has(t)).map(describeTransition),
    noOps: noOpTransitions(entry),
  };
}
