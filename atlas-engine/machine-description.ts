import { type AnyStateMachine, type AnyTransitionDefinition, and, not, or, stateIn } from 'xstate';
import type { DescribedState, DescribedTransition, MachineDescription } from './machine-comparison';
import { keyEvent, transitionKey } from './machine-comparison';

/*
 * A machine read into the plain JSON that machine-comparison.ts compares (MachineDescription). Its states, its
 * transitions and their labels come from a graph reader with machine-graph.ts's shape: scripts/atlas-describe.ts
 * passes the one of the tree it reads (so an old ref is counted and labelled as it drew itself), the atlas
 * passes today's. What a graph does not carry (guard params, delays, actions, the actor an invoke outcome
 * belongs to) is read here from XState's own state nodes. Node, a minified browser build and an old tree's
 * reading must all give the same JSON for the same machine, so nothing here relies on a function's own name
 * when XState gives a better one.
 */

export interface DescribableState {
  id: string;
  key: string;
  kind: DescribedState['kind'];
  initial: boolean;
  invokes: string[];
  description?: string;
  children: DescribableState[];
}
/** What describeMachine uses of a graph reader (machine-graph.ts, today's or a tree's own). */
export interface GraphReader {
  machineGraph: (machine: AnyStateMachine) => {
    root: DescribableState;
    edges: Array<{ id: string; transition: AnyTransitionDefinition }>;
    transitions: AnyTransitionDefinition[];
  };
  transitionLabel: (transition: AnyTransitionDefinition, machine: AnyStateMachine) => string;
}
export interface Registered {
  id: string;
  title: string;
  machine: AnyStateMachine;
}

const checkOf = (guard: unknown) => (guard as { check?: unknown }).check;
/** XState's higher-order guards, told by their check function: a minifying build renames the guard itself. */
const BUILT_IN_GUARDS = new Map<unknown, string>([
  [checkOf(and([])), 'and'],
  [checkOf(or([])), 'or'],
  [checkOf(not('guard')), 'not'],
  [checkOf(stateIn('state')), 'stateIn'],
]);

/** A guard's name, with its params when it has plain ones; `and(a, b)` for XState's higher-order guards. */
function guardText(guard: unknown): string {
  if (typeof guard === 'string') return guard;
  if (typeof guard === 'function') {
    const { guards, type } = guard as { guards?: unknown[]; type?: unknown };
    if (typeof type === 'string') return type;
    const name = BUILT_IN_GUARDS.get(checkOf(guard)) ?? guard.name;
    if (Array.isArray(guards)) return `${name}(${guards.map(guardText).join(', ')})`;
    return name || 'guard';
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
export function delayOf(machine: AnyStateMachine, transition: AnyTransitionDefinition): string | undefined {
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

export function describeMachine(entry: Registered, reader: GraphReader): MachineDescription {
  const { machine } = entry;
  const graph = reader.machineGraph(machine);
  const states: DescribedState[] = [];
  const walk = (state: DescribableState, parent: string | null) => {
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
      label: reader.transitionLabel(transition, machine),
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
