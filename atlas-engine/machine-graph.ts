import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

/*
 * A machine's definition as a graph to draw: its state nodes (compound and parallel ones holding their
 * children) and one edge per declared transition (on, after, invoke onDone/onError, always), each to every
 * target; a targetless transition is a loop on its source. Read from the machine itself, never written by hand.
 */

export type StateKind = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface GraphState {
  /** the state node's id (`shopcart.step2`) */
  id: string;
  /** the state string the traces use (`step2.editing`); '' for the machine's root */
  path: string;
  key: string;
  kind: StateKind;
  /** the state its parent enters first */
  initial: boolean;
  /** the actors it invokes, by source name */
  invokes: string[];
  description?: string;
  children: GraphState[];
}

export interface GraphEdge {
  /** unique within the machine: source id, event, index among that event's transitions, target index */
  id: string;
  source: string;
  target: string;
  eventType: string;
  /** `plan.confirm [planValid]`, `after remindAfter`, `done: submitApplication` */
  label: string;
  transition: AnyTransitionDefinition;
}

export interface MachineGraph {
  root: GraphState;
  edges: GraphEdge[];
  /** the declared transitions, in the order of the edges (one transition may draw several edges) */
  transitions: AnyTransitionDefinition[];
}

/** The name a guard is declared with, if the transition has one. */
export function guardName(transition: AnyTransitionDefinition): string | undefined {
  const { guard } = transition;
  if (!guard) return undefined;
  if (typeof guard === 'string') return guard;
  const { type } = guard as { type?: unknown };
  return typeof type === 'string' ? type : 'guard';
}

/** How an event type reads on a diagram: delays, invoke outcomes and the rest as they are. */
export function eventLabel(eventType: string): string {
  const after = /^xstate\.after\.([^.]+)\./.exec(eventType);
  if (after) return /^\d+$/.test(after[1]!) ? `after ${Number(after[1]) / 1000} s` : `after ${after[1]}`;
  const done = /^xstate\.done\.actor\.(.+)$/.exec(eventType);
  if (done) return `done: ${done[1]}`;
  const error = /^xstate\.error\.actor\.(.+)$/.exec(eventType);
  if (error) return `error: ${error[1]}`;
  return eventType === '' ? 'always' : eventType;
}

/**
 * A named delay's length as the machine starts: `remindAfter` reads the context, so it is worked out on the
 * machine's own initial context when that is a plain object (it is not when it comes from input).
 */
function delaySeconds(machine: AnyStateMachine, eventType: string): number | undefined {
  const name = /^xstate\.after\.([^.]+)\./.exec(eventType)?.[1];
  const delays = (machine.implementations as { delays?: Record<string, unknown> }).delays ?? {};
  const delay = name === undefined ? undefined : delays[name];
  const context = machine.config.context;
  if (context === undefined || typeof context === 'function') return undefined;
  if (typeof delay === 'number') return delay / 1000;
  if (typeof delay !== 'function') return undefined;
  const ms = (delay as (args: { context: unknown }) => unknown)({ context });
  return typeof ms === 'number' ? ms / 1000 : undefined;
}

export function transitionLabel(transition: AnyTransitionDefinition, machine?: AnyStateMachine): string {
  const guard = guardName(transition);
  const seconds = machine ? delaySeconds(machine, transition.eventType) : undefined;
  const event =
    seconds === undefined
      ? eventLabel(transition.eventType)
      : `${eventLabel(transition.eventType)} (${seconds} s)`;
  return guard ? `${event} [${guard}]` : event;
}

const childrenOf = (node: AnyStateNode): AnyStateNode[] => Object.values(node.states ?? {});

function toState(node: AnyStateNode, initialIds: ReadonlySet<string>): GraphState {
  const kind = node.type as StateKind;
  return {
    id: node.id,
    path: node.path.join('.'),
    key: node.key,
    kind,
    initial: initialIds.has(node.id),
    invokes: node.invoke.map((invoke) => (typeof invoke.src === 'string' ? invoke.src : invoke.id)),
    ...(typeof node.description === 'string' ? { description: node.description } : {}),
    children: childrenOf(node).map((child) => toState(child, initialIds)),
  };
}

function allNodes(node: AnyStateNode): AnyStateNode[] {
  return [node, ...childrenOf(node).flatMap(allNodes)];
}

/** Every transition a node declares: its events, delays and invoke outcomes, then its eventless ones. */
export function declaredTransitions(node: AnyStateNode): AnyTransitionDefinition[] {
  return [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
}

export function machineGraph(machine: AnyStateMachine): MachineGraph {
  const nodes = allNodes(machine.root);
  const initialIds = new Set(
    nodes.flatMap((node) => (node.type === 'compound' ? (node.initial?.target ?? []).map((t) => t.id) : [])),
  );
  const transitions = nodes.flatMap(declaredTransitions);
  const counters = new Map<string, number>();
  const edges = transitions.flatMap((transition) => {
    const base = `${transition.source.id}|${transition.eventType}`;
    const index = counters.get(base) ?? 0;
    counters.set(base, index + 1);
    const targets = transition.target?.length ? transition.target : [transition.source];
    return targets.map((target, t) => ({
      id: `${base}|${index}|${t}`,
      source: transition.source.id,
      target: target.id,
      eventType: transition.eventType,
      label: transitionLabel(transition, machine),
      transition,
    }));
  });
  return { root: toState(machine.root, initialIds), edges, transitions };
}

/** Every state of the graph but the root, depth first. */
export function graphStates(graph: MachineGraph): GraphState[] {
  const walk = (state: GraphState): GraphState[] => [state, ...state.children.flatMap(walk)];
  return graph.root.children.flatMap(walk);
}

/** Each state's parent, by the child's id; the machine's root has none. */
export function parentsOf(graph: MachineGraph): Map<string, GraphState> {
  const parents = new Map<string, GraphState>();
  for (const state of [graph.root, ...graphStates(graph)])
    for (const child of state.children) parents.set(child.id, state);
  return parents;
}

/** A state's id, then the ids of the states holding it up to the machine's root (left out). */
export function holdingChain(graph: MachineGraph): (id: string) => string[] {
  const parents = parentsOf(graph);
  return (id) => {
    const chain = [id];
    for (let at = parents.get(id); at && at !== graph.root; at = parents.get(at.id)) chain.push(at.id);
    return chain;
  };
}
