import { type GraphState, graphStates, type MachineGraph, parentsOf } from './machine-graph';

/**
 * The step at which a visitor first meets each state, breadth first from the initial state (0): entering a
 * state enters the states holding it and its initial children too. The map lists states in the order met.
 */
export function meetingSteps(graph: MachineGraph): Map<string, number> {
  const parentOf = parentsOf(graph);
  const byId = new Map([graph.root, ...graphStates(graph)].map((state) => [state.id, state]));
  const steps = new Map<string, number>();
  const meet = (state: GraphState, step: number, into: string[]) => {
    const entered: string[] = [];
    for (let at: GraphState | undefined = state; at && at !== graph.root; at = parentOf.get(at.id))
      entered.unshift(at.id);
    for (let at = state.children.find((c) => c.initial); at; at = at.children.find((c) => c.initial))
      entered.push(at.id);
    for (const id of entered)
      if (!steps.has(id)) {
        steps.set(id, step);
        into.push(id);
      }
  };
  let met: string[] = [];
  const initial = graph.root.children.find((child) => child.initial);
  if (initial) meet(initial, 0, met);
  for (let step = 1; met.length > 0; step += 1) {
    const next: string[] = [];
    for (const id of met)
      for (const edge of graph.edges) if (edge.source === id) meet(byId.get(edge.target)!, step, next);
    met = next;
  }
  return steps;
}

/**
 * The states in the order they are met. Of the states met at the same step, each with the states it holds
 * that are met then too, those the others lead to come after them where a cycle does not forbid it, the rest
 * as the machine declares them.
 */
export function meetingOrder(graph: MachineGraph): string[] {
  const steps = meetingSteps(graph);
  const declared = graphStates(graph).map((state) => state.id);
  const parentOf = parentsOf(graph);
  const order: string[] = [];
  for (const step of [...new Set(steps.values())].sort((a, b) => a - b)) {
    const met = declared.filter((id) => steps.get(id) === step);
    const unitOf = (id: string) => {
      let unit = id;
      for (let at = parentOf.get(id); at && met.includes(at.id); at = parentOf.get(at.id)) unit = at.id;
      return unit;
    };
    const units = met.filter((id) => unitOf(id) === id);
    const leadsTo = (unit: string) =>
      graph.edges
        .filter(
          (edge) => met.includes(edge.source) && unitOf(edge.source) === unit && met.includes(edge.target),
        )
        .map((edge) => unitOf(edge.target))
        .filter((target) => target !== unit);
    while (units.length > 0) {
      const waiting = new Set(units.flatMap(leadsTo));
      const next = units.find((unit) => !waiting.has(unit)) ?? units[0]!;
      order.push(...met.filter((id) => unitOf(id) === next));
      units.splice(units.indexOf(next), 1);
    }
  }
  return order;
}
