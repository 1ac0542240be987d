import { type GraphEdge, guardName, type MachineGraph } from './machine-graph';

/*
 * Transitions of one state on one event, told apart by their guards, drawn as statecharts draw them: one
 * line for the event to a choice point (a condition pseudo-state), which splits into a branch per guard.
 */

export interface ChoicePoint {
  /** `<source id>|<event type>::choice` */
  id: string;
  source: string;
  /** the event as the trunk reads it, delay length included */
  label: string;
  /** its branches, in the order the machine tries them */
  edges: GraphEdge[];
}

export function choicePoints(graph: MachineGraph): ChoicePoint[] {
  const byEvent = new Map<string, GraphEdge[]>();
  for (const edge of graph.edges) {
    const key = `${edge.source}|${edge.eventType}`;
    byEvent.set(key, [...(byEvent.get(key) ?? []), edge]);
  }
  return [...byEvent]
    .filter(([, edges]) => new Set(edges.map((edge) => edge.transition)).size > 1)
    .map(([key, edges]) => ({
      id: `${key}::choice`,
      source: edges[0]!.source,
      label: edges[0]!.label.replace(/ \[[^\]]*\]$/, ''),
      edges,
    }));
}

/** A branch out of a choice point: its guard, or else for the one taken when no guard holds. */
export const branchLabel = (edge: GraphEdge): string => {
  const guard = guardName(edge.transition);
  return guard ? `[${guard}]` : 'else';
};
