import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { type GraphState, graphStates, type MachineGraph, machineGraph } from './machine-graph';
import { meetingSteps } from './meeting-order';

/*
 * A machine's graph laid out by ELK's layered algorithm (left to right, children inside their parents,
 * edge labels placed as nodes of their own so none overlaps another), in absolute coordinates.
 */

/** Every text of the diagram: the layout measures at it, and text under 12 px counts as illegible on a phone. */
export const FONT_SIZE = 12;
const LINE = 16;
const PAD = 10;
const HEADER = 26;
const INITIAL_DOT = 10;

/** Text width estimated the same way everywhere (browser, Node export): CJK a full em, the rest 0.6 em. */
export function textWidth(text: string, size = FONT_SIZE): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.6;
  return Math.ceil(em * size);
}

/** A transition's label on lines of its own: the event, then its guard or its delay's length. */
export const labelLines = (label: string): string[] => label.split(/ (?=[[(])/);

export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface LaidState extends Box {
  state: GraphState;
  depth: number;
  /** the text lines drawn in it: its key, then what it invokes */
  lines: string[];
}

export interface LaidEdge {
  id: string;
  label: string;
  points: Array<{ x: number; y: number }>;
  labelBox?: Box;
  /** the arrow from a compound state's initial dot, not a declared transition */
  initial?: boolean;
}

export interface Layout {
  machineId: string;
  width: number;
  height: number;
  graph: MachineGraph;
  states: LaidState[];
  /** the dots marking each compound state's initial child */
  initialDots: Box[];
  /** the box the machine's own transitions leave from, when it has any */
  anyState?: Box;
  edges: LaidEdge[];
}

const labelSize = (label: string) => {
  const lines = labelLines(label);
  return { width: Math.max(...lines.map((line) => textWidth(line))) + 6, height: lines.length * LINE };
};

const linesOf = (state: GraphState) => [state.key, ...state.invokes.map((src) => `invoke ${src}`)];

const initialDotId = (parentId: string) => `${parentId}::initial`;
/** Where the machine's own transitions (those of its root: e.g. start over from any step) leave from. */
export const anyStateId = (rootId: string) => `${rootId}::any`;
export const ANY_STATE_LABEL = '任一狀態';

function toElkNode(
  state: GraphState,
  edges: ElkExtendedEdge[],
  byMeeting: (states: GraphState[]) => GraphState[],
): ElkNode {
  const lines = linesOf(state);
  if (state.children.length === 0) {
    const width = Math.max(72, ...lines.map((line) => textWidth(line))) + 2 * PAD;
    return { id: state.id, width, height: lines.length * LINE + 2 * PAD - 4 };
  }
  const children = byMeeting(state.children).map((child) => toElkNode(child, edges, byMeeting));
  const initial = state.children.find((child) => child.initial);
  if (initial) {
    children.unshift({ id: initialDotId(state.id), width: INITIAL_DOT, height: INITIAL_DOT });
    edges.push({
      id: `${initialDotId(state.id)}->`,
      sources: [initialDotId(state.id)],
      targets: [initial.id],
    });
  }
  const top = HEADER + (lines.length - 1) * LINE;
  return {
    id: state.id,
    layoutOptions: { 'elk.padding': `[top=${top},left=${PAD},bottom=${PAD},right=${PAD}]` },
    children,
  };
}

const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.edgeLabels.centerLabelPlacementStrategy': 'SPACE_EFFICIENT_LAYER',
  'elk.layered.spacing.nodeNodeBetweenLayers': '12',
  'elk.spacing.nodeNode': '16',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeEdge': '8',
  'elk.layered.spacing.edgeNodeBetweenLayers': '8',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // what is left after the reversals: cycles the compound states' boundaries make
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
};

interface Placed {
  x: number;
  y: number;
}

/** Lays out a machine; the same input always gives the same picture. */
export async function layoutMachine(machine: AnyStateMachine): Promise<Layout> {
  const graph = machineGraph(machine);
  const steps = meetingSteps(graph);
  const declared = graphStates(graph).map((state) => state.id);
  // states met at the same step in the order the machine declares them: its author's order of the flow
  const order = [...steps.keys()].sort(
    (a, b) => steps.get(a)! - steps.get(b)! || declared.indexOf(a) - declared.indexOf(b),
  );
  // the machine's own transitions leave from before the initial state, states never met come last
  const rank = (id: string) =>
    id === graph.root.id ? -1 : order.includes(id) ? order.indexOf(id) : order.length;
  const parentOf = new Map<string, string>();
  const byId = new Map<string, GraphState>();
  const index = (state: GraphState) => {
    byId.set(state.id, state);
    for (const child of state.children) {
      parentOf.set(child.id, state.id);
      index(child);
    }
  };
  index(graph.root);
  const holds = (outer: string, inner: string) => {
    for (let at = parentOf.get(inner); at; at = parentOf.get(at)) if (at === outer) return true;
    return false;
  };
  const nested = (a: string, b: string) => a !== graph.root.id && (holds(a, b) || holds(b, a));
  const byMeeting = (states: GraphState[]) => [...states].sort((a, b) => rank(a.id) - rank(b.id));
  const edges: ElkExtendedEdge[] = [];
  const root: ElkNode = {
    id: graph.root.id,
    layoutOptions: {
      ...LAYOUT_OPTIONS,
      'elk.padding': `[top=${PAD},left=${PAD},bottom=${PAD},right=${PAD}]`,
    },
    children: byMeeting(graph.root.children).map((child) => toElkNode(child, edges, byMeeting)),
  };
  const initialRoot = graph.root.children.find((child) => child.initial);
  if (initialRoot) {
    root.children!.unshift({ id: initialDotId(root.id), width: INITIAL_DOT, height: INITIAL_DOT });
    edges.push({
      id: `${initialDotId(root.id)}->`,
      sources: [initialDotId(root.id)],
      targets: [initialRoot.id],
    });
  }
  const fromRoot = (id: string) => (id === root.id ? anyStateId(root.id) : id);
  if (graph.edges.some((edge) => edge.source === root.id || edge.target === root.id))
    root.children!.splice(initialRoot ? 1 : 0, 0, {
      id: anyStateId(root.id),
      width: textWidth(ANY_STATE_LABEL) + 2 * PAD,
      height: LINE + 2 * PAD - 4,
    });
  const reversed = new Set<string>();
  for (const edge of graph.edges) {
    const [source, target] = [fromRoot(edge.source), fromRoot(edge.target)];
    // ELK is given every transition from the state met earlier to the one met later, so the flow reads
    // left to right; a transition back is drawn leftwards, rather than round the compound state it leaves
    const back = rank(edge.source) > rank(edge.target) && !nested(edge.source, edge.target);
    if (back) reversed.add(edge.id);
    edges.push({
      id: edge.id,
      sources: [back ? target : source],
      targets: [back ? source : target],
      labels: [{ text: edge.label, ...labelSize(edge.label) }],
    });
  }
  root.edges = edges;

  const laid = await new ELK().layout(root);

  const absolute = new Map<string, Placed>();
  const states: LaidState[] = [];
  const initialDots: Box[] = [];
  let anyState: Box | undefined;
  const visit = (node: ElkNode, origin: Placed, depth: number) => {
    const at = { x: origin.x + (node.x ?? 0), y: origin.y + (node.y ?? 0) };
    absolute.set(node.id, at);
    const state = byId.get(node.id);
    const box = { x: at.x, y: at.y, width: node.width ?? 0, height: node.height ?? 0 };
    if (node.id.endsWith('::initial')) initialDots.push(box);
    else if (node.id === anyStateId(graph.root.id)) anyState = box;
    else if (state && node !== laid) states.push({ ...box, state, depth, lines: linesOf(state) });
    for (const child of node.children ?? []) visit(child, at, depth + 1);
  };
  visit(laid, { x: 0, y: 0 }, 0);

  const laidEdges: LaidEdge[] = [];
  const collect = (node: ElkNode) => {
    for (const edge of node.edges ?? []) {
      const container = (edge as { container?: string }).container ?? node.id;
      const offset = absolute.get(container) ?? { x: 0, y: 0 };
      const shift = (p: { x: number; y: number }) => ({ x: p.x + offset.x, y: p.y + offset.y });
      const section = edge.sections?.[0];
      const drawn = section
        ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift)
        : [];
      const points = reversed.has(edge.id) ? drawn.reverse() : drawn;
      const label = edge.labels?.[0];
      laidEdges.push({
        id: edge.id,
        label: label?.text ?? '',
        points,
        ...(label
          ? {
              labelBox: {
                ...shift({ x: label.x ?? 0, y: label.y ?? 0 }),
                width: label.width ?? 0,
                height: label.height ?? 0,
              },
            }
          : {}),
        ...(edge.id.endsWith('::initial->') ? { initial: true } : {}),
      });
    }
    for (const child of node.children ?? []) collect(child);
  };
  collect(laid);

  return {
    machineId: machine.id,
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    graph,
    states,
    initialDots,
    ...(anyState ? { anyState } : {}),
    edges: laidEdges,
  };
}
