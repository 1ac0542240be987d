import type { GraphState, MachineGraph } from './machine-graph';

/**
 * Each state's id in the order a visitor first meets it, breadth first from the initial state: entering a
 * state enters the states holding it and its initial children too.
 */
export function meetingOrder(graph: MachineGraph): string[] {
  const parentOf = new Map<string, GraphState>();
  const byId = new Map<string, GraphState>();
  const index = (state: GraphState) => {
    byId.set(state.id, state);
    for (const child of state.children) {
      parentOf.set(child.id, state);
      index(child);
    }
  };
  index(graph.root);
  const order: string[] = [];
  const met = new Set<string>([graph.root.id]);
  const meet = (id: string, into: string[]) => {
    const chain: string[] = [];
    for (let at: string | undefined = id; at && !met.has(at); at = parentOf.get(at)?.id) chain.unshift(at);
    let state = byId.get(id);
    while (state?.children.length) {
      state = state.children.find((child) => child.initial);
      if (state && !met.has(state.id)) chain.push(state.id);
    }
    for (const entered of chain) {
      met.add(entered);
      order.push(entered);
      into.push(entered);
    }
  };
  let frontier: string[] = [];
  const initial = graph.root.children.find((child) => child.initial);
  if (initial) meet(initial.id, frontier);
  while (frontier.length > 0) {
    const next: string[] = [];
    for (const id of frontier)
      for (const edge of graph.edges) if (edge.source === id) meet(edge.target, next);
    frontier = next;
  }
  return order;
}
