import {
  __unsafe_getAllOwnEventDescriptors,
  type AnyMachineSnapshot,
  type AnyStateMachine,
  type AnyTransitionDefinition,
  type EventObject,
} from 'xstate';
import { type AdjacencyMap, getAdjacencyMap, getShortestPaths, getStateNodes } from 'xstate/graph';
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

function toFlowPath(machine: AnyStateMachine, steps: FlowStep[]): FlowPath {
  const transitions = takenAlong(machine, steps);
  const last = steps.at(-1)!.state;
  return {
    key: steps.map((s) => eventLabel(s.event)).join(' → '),
    description: `${steps.map((s) => s.event.type).join(' → ')} ⇒ ${JSON.stringify(last.value)}`,
    steps,
    transitions,
  };
}

function takenAlong(machine: AnyStateMachine, steps: readonly FlowStep[]): AnyTransitionDefinition[] {
  const taken: AnyTransitionDefinition[] = [];
  for (let i = 1; i < steps.length; i++)
    taken.push(...machine.getTransitionData(steps[i - 1]!.state, steps[i]!.event));
  return taken;
}

interface Edge {
  from: AnyMachineSnapshot;
  event: EventObject & Record<string, unknown>;
  to: AnyMachineSnapshot;
  transitions: AnyTransitionDefinition[];
}

/**
 * Every edge of the machine's graph (xstate/graph's adjacency map over the registry's payload cases) that
 * takes at least one declared transition. An event the state refuses (no handler, or every guard false)
 * takes none and is no edge.
 */
function takingEdges(entry: RegisteredMachine): Edge[] {
  const map = getAdjacencyMap(entry.machine, traversal(entry)) as AdjacencyMap<
    AnyMachineSnapshot,
    Edge['event']
  >;
  type Next = { event: Edge['event']; state: AnyMachineSnapshot };
  return Object.values(map).flatMap(({ state, transitions }) =>
    Object.values(transitions as Record<string, Next>).flatMap(({ event, state: to }) => {
      const taken = entry.machine.getTransitionData(state, event);
      return taken.length === 0 ? [] : [{ from: state, event, to, transitions: taken }];
    }),
  );
}

const unchanged = (a: AnyMachineSnapshot, b: AnyMachineSnapshot) =>
  JSON.stringify({ v: a.value, c: a.context }) === JSON.stringify({ v: b.value, c: b.context });

/**
 * The generated paths of a machine: for each declared transition, the shortest path to a state where it
 * can be taken (xstate/graph's shortest paths), followed by the event that takes it. Paths that are the
 * same, or the beginning of another path, are left out, so each path takes at least one transition no
 * other path ends with.
 */
export function flowPaths(entry: RegisteredMachine): FlowPath[] {
  const { machine } = entry;
  const toVertex = new Map(
    getShortestPaths(machine, traversal(entry)).map((p) => [
      vertexKey(entry, p.state),
      p.steps as FlowStep[],
    ]),
  );
  const candidates = takingEdges(entry)
    .filter((edge) => !unchanged(edge.from, edge.to))
    .map((edge) =>
      toFlowPath(machine, [
        ...toVertex.get(vertexKey(entry, edge.from))!,
        { event: edge.event, state: edge.to },
      ]),
    );
  const chosen = new Map<string, FlowPath>();
  for (const t of allTransitions(machine)) {
    const best = candidates
      .filter((p) => p.transitions.includes(t))
      .sort((a, b) => a.steps.length - b.steps.length)[0];
    if (best) chosen.set(best.key, best);
  }
  const paths = [...chosen.values()];
  return paths.filter((p) => !paths.some((q) => q !== p && q.key.startsWith(`${p.key} → `)));
}

/** Declared transitions that, somewhere, are taken yet change neither the state nor its context. */
export function noOpTransitions(entry: RegisteredMachine): string[] {
  const noOps = takingEdges(entry).filter((edge) => unchanged(edge.from, edge.to));
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
