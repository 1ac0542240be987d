import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { type GraphState, type MachineGraph, machineGraph } from './machine-graph';

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

/**
 * What a diagram draws beyond the machine's own graph: states and transitions of another version of it
 * (`npm run atlas:diff` draws those removed since). Each state goes in the state `parent` names, the
 * machine's root, one of its states or another extra; an extra edge's ends may be either too.
 */
export interface LayoutExtras {
  states: ReadonlyArray<{ parent: string; state: GraphState }>;
  edges: ReadonlyArray<{ id: string; source: string; target: string; label: string }>;
}

/** The machine's states with the extras put in their parents (the graph's own objects when there are none). */
function drawnRoot(root: GraphState, extras?: LayoutExtras): GraphState {
  if (!extras || extras.states.length === 0) return root;
  const within = (state: GraphState): GraphState => ({
    ...state,
    children: [
      ...state.children,
      ...extras.states.filter((extra) => extra.parent === state.id).map((extra) => extra.state),
    ].map(within),
  });
  return within(root);
}

const linesOf = (state: GraphState) => [state.key, ...state.invokes.map((src) => `invoke ${src}`)];

const initialDotId = (parentId: string) => `${parentId}::initial`;
/** Where the machine's own transitions (those of its root: e.g. start over from any step) leave from. */
export const anyStateId = (rootId: string) => `${rootId}::any`;
export const ANY_STATE_LABEL = '任一狀態';

function toElkNode(state: GraphState, edges: ElkExtendedEdge[]): ElkNode {
  const lines = linesOf(state);
  if (state.children.length === 0) {
    const width = Math.max(72, ...lines.map((line) => textWidth(line))) + 2 * PAD;
    return { id: state.id, width, height: lines.length * LINE + 2 * PAD - 4 };
  }
  const children = state.children.map((child) => toElkNode(child, edges));
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
  'elk.layered.spacing.nodeNodeBetweenLayers': '40',
  'elk.spacing.nodeNode': '24',
  'elk.spacing.edgeLabel': '4',
  'elk.spacing.edgeEdge': '12',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
};

interface Placed {
  x: number;
  y: number;
}

/**
 * Lays out a machine, with `extras` drawn beside its own states and transitions when given; the same input
 * always gives the same picture.
 */
export async function layoutMachine(machine: AnyStateMachine, extras?: LayoutExtras): Promise<Layout> {
  return layoutGraph(machineGraph(machine), machine.id, extras);
}

/** Lays out a machine's graph (and extras): `layoutMachine` without the machine. */
export async function layoutGraph(
  graph: MachineGraph,
  machineId: string,
  extras?: LayoutExtras,
): Promise<Layout> {
  const drawn = drawnRoot(graph.root, extras);
  const drawnEdges = [...graph.edges, ...(extras?.edges ?? [])];
  const edges: ElkExtendedEdge[] = [];
  const root: ElkNode = {
    id: drawn.id,
    layoutOptions: {
      ...LAYOUT_OPTIONS,
      'elk.padding': `[top=${PAD},left=${PAD},bottom=${PAD},right=${PAD}]`,
    },
    children: drawn.children.map((child) => toElkNode(child, edges)),
  };
  const initialRoot = drawn.children.find((child) => child.initial);
  if (initialRoot) {
    root.children!.unshift({ id: initialDotId(root.id), width: INITIAL_DOT, height: INITIAL_DOT });
    edges.push({
      id: `${initialDotId(root.id)}->`,
      sources: [initialDotId(root.id)],
      targets: [initialRoot.id],
    });
  }
  const fromRoot = (id: string) => (id === root.id ? anyStateId(root.id) : id);
  if (drawnEdges.some((edge) => edge.source === root.id || edge.target === root.id))
    root.children!.push({
      id: anyStateId(root.id),
      width: textWidth(ANY_STATE_LABEL) + 2 * PAD,
      height: LINE + 2 * PAD - 4,
    });
  for (const edge of drawnEdges)
    edges.push({
      id: edge.id,
      sources: [fromRoot(edge.source)],
      targets: [fromRoot(edge.target)],
      labels: [{ text: edge.label, width: textWidth(edge.label) + 6, height: LINE }],
    });
  root.edges = edges;

  const laid = await new ELK().layout(root);

  const absolute = new Map<string, Placed>();
  const byId = new Map<string, GraphState>();
  const index = (state: GraphState) => {
    byId.set(state.id, state);
    state.children.forEach(index);
  };
  index(drawn);
  const states: LaidState[] = [];
  const initialDots: Box[] = [];
  let anyState: Box | undefined;
  const visit = (node: ElkNode, origin: Placed, depth: number) => {
    const at = { x: origin.x + (node.x ?? 0), y: origin.y + (node.y ?? 0) };
    absolute.set(node.id, at);
    const state = byId.get(node.id);
    const box = { x: at.x, y: at.y, width: node.width ?? 0, height: node.height ?? 0 };
    if (node.id.endsWith('::initial')) initialDots.push(box);
    else if (node.id === anyStateId(drawn.id)) anyState = box;
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
      const points = section
        ? [section.startPoint, ...(section.bendPoints ?? []), section.endPoint].map(shift)
        : [];
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
    machineId,
    width: laid.width ?? 0,
    height: laid.height ?? 0,
    graph,
    states,
    initialDots,
    ...(anyState ? { anyState } : {}),
    edges: laidEdges,
  };
}
