import type { Traffic } from '../src/domain/api/atlas';
import { stateAndAncestors } from '../src/domain/trace';
import { type GraphEdge, graphStates, type MachineGraph } from './machine-graph';

/*
 * Visitors' traffic on the diagram: a state's count is the visitors who were in it; a transition's is the
 * visitors who took it, summed over the (from, event, to) traced for it. A trace names states, not
 * transitions, so it is given to the first declared transition on that event whose source the from state is
 * in and whose target the to state is in (the one XState itself tries first).
 */

const pathOf = (graph: MachineGraph, id: string) =>
  id === graph.root.id ? '' : (graphStates(graph).find((s) => s.id === id)?.path ?? '');

function matches(graph: MachineGraph, edge: GraphEdge, from: string, to: string): boolean {
  const source = pathOf(graph, edge.source);
  const target = pathOf(graph, edge.target);
  const inFrom = source === '' || stateAndAncestors(from).includes(source);
  const inTo = target === '' || stateAndAncestors(to).includes(target);
  return inFrom && inTo;
}

/** The diagram's edge a traced (from, event, to) was taken on, as the traffic counts it; none when it has none. */
export const tracedEdge = (graph: MachineGraph, from: string, event: string, to: string) =>
  graph.edges.find((e) => e.eventType === event && matches(graph, e, from, to));

export function trafficMarks(graph: MachineGraph, traffic: Traffic) {
  const visitorsIn = new Map(traffic.states.map((s) => [s.state, s.visitors]));
  const stateCounts = new Map(graphStates(graph).map((s) => [s.id, visitorsIn.get(s.path) ?? 0]));
  const edgeCounts = new Map(graph.edges.map((edge) => [edge.id, 0]));
  let unmatched = 0;
  for (const row of traffic.transitions) {
    const edge = tracedEdge(graph, row.from, row.event, row.to);
    if (edge) edgeCounts.set(edge.id, (edgeCounts.get(edge.id) ?? 0) + row.visitors);
    else unmatched += row.times;
  }
  return { stateCounts, edgeCounts, unmatched };
}

/** The drop-off along a flow: its top-level states in the order declared, with the visitors reaching each. */
export function funnel(graph: MachineGraph, traffic: Traffic) {
  const visitorsIn = new Map(traffic.states.map((s) => [s.state, s.visitors]));
  const first = visitorsIn.get(graph.root.children[0]?.path ?? '') ?? 0;
  return graph.root.children.map((state, i, all) => {
    const visitors = visitorsIn.get(state.path) ?? 0;
    const before = i === 0 ? visitors : (visitorsIn.get(all[i - 1]!.path) ?? 0);
    return {
      state: state.key,
      visitors,
      /** of those in the step before */
      kept: before > 0 ? visitors / before : null,
      /** of those in the first step */
      ofFirst: first > 0 ? visitors / first : null,
    };
  });
}
