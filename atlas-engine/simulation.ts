import {
  type AnyMachineSnapshot,
  type AnyTransitionDefinition,
  type EventObject,
  initialTransition,
  transition,
} from 'xstate';
import { eventCases } from '../machine-paths/paths';
import type { RegisteredMachine } from '../machine-paths/registry';
import { stateAndAncestors, stateString } from '../src/domain/trace';
import type { MachineGraph } from './machine-graph';

/*
 * The atlas's simulation: the machine's own pure transition function, with nothing invoked and no timer
 * running. What an invoked actor or a delay would do arrives as the events the registry declares for it
 * (xstate.done.actor.*, xstate.error.actor.*, xstate.after.*), each a button.
 */

export interface SimulationStep {
  event: EventObject;
  snapshot: AnyMachineSnapshot;
  /** the declared transitions the event took */
  taken: AnyTransitionDefinition[];
}

export function startSimulation(entry: RegisteredMachine): AnyMachineSnapshot {
  return initialTransition(entry.machine, entry.input as never)[0] as AnyMachineSnapshot;
}

/** What the state could be sent: each event it handles, with the registry's payload cases. */
export function possibleEvents(entry: RegisteredMachine, snapshot: AnyMachineSnapshot) {
  return eventCases(entry)(snapshot).map((event) => ({
    event,
    taken: entry.machine.getTransitionData(snapshot, event) as AnyTransitionDefinition[],
  }));
}

export function simulate(
  entry: RegisteredMachine,
  snapshot: AnyMachineSnapshot,
  event: EventObject,
): SimulationStep {
  return {
    event,
    snapshot: transition(entry.machine, snapshot, event as never)[0] as AnyMachineSnapshot,
    taken: entry.machine.getTransitionData(snapshot, event) as AnyTransitionDefinition[],
  };
}

/** The ids of the state nodes a snapshot is in (every active state and its ancestors). */
export function activeStateIds(graph: MachineGraph, value: unknown): Set<string> {
  const paths = new Set(stateAndAncestors(stateString(value)));
  const ids = new Set<string>();
  const walk = (state: MachineGraph['root']) => {
    if (paths.has(state.path)) ids.add(state.id);
    state.children.forEach(walk);
  };
  graph.root.children.forEach(walk);
  return ids;
}

/** The diagram's edges drawn for some transitions. */
export function edgesOf(graph: MachineGraph, taken: readonly AnyTransitionDefinition[]): Set<string> {
  return new Set(graph.edges.filter((edge) => taken.includes(edge.transition)).map((edge) => edge.id));
}

/** An event's payload, short enough for a button (the whole of it is in the button's title). */
export function payloadSummary(event: EventObject, max = 48): string {
  const { type: _type, ...payload } = event as EventObject & Record<string, unknown>;
  if (Object.keys(payload).length === 0) return '';
  const text = JSON.stringify(payload);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
