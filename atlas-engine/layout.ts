import ELK, { type ElkExtendedEdge, type ElkNode } from 'elkjs/lib/elk.bundled.js';
import type { AnyStateMachine } from 'xstate';
import { branchLabel, choicePoints } from './choice-points';
import {
  type GraphState,
  graphStates,
  holdingChain,
  type MachineGraph,
  machineGraph,
  parentsOf,
} from './machine-graph';
import { meetingOrder } from './meeting-order';

/*
 * A machine's graph laid out by ELK's layered algorithm (left to right, children inside their parents,
 * edge labels placed as nodes of their own so none overlaps another), in absolute coordinates. States go in
 * the order a visitor meets them (meeting-order.ts), so the flow reads left to right; one event's guarded
 * transitions split at a choice point (choice-points.ts).
 */

/** Every text of the diagram: the layout measures at it, and text under 12 px counts as illegible on a phone. */
export const FONT_SIZE = 12;
const LINE = 16;
const PAD = 10;
const HEADER = 26;
const INITIAL_DOT = 10;
const CHOICE = 14;
/** The widest a label's line grows before it wraps. */
const LABEL_WIDTH = 60;

/** Text width estimated the same way everywhere (browser, Node export): CJK a full em, the rest 0.6 em. */
export function textWidth(text: string, size = FONT_SIZE): number {
  let em = 0;
  for (const ch of text) em += /[\u2e80-\uffff]/.test(ch) ? 1 : 0.6;
  return Math.ceil(em * size);
}

/**
 * A transition's label on narrow lines, as layer gaps are as wide as their widest label: an actor's done or
 * error apart from the actor's name, the guard and a delay's length each on a line of its own, and a line
 * still wider than LABEL_WIDTH wrapped.
 */
export const labelLines = (label: string): string[] =>
  label.split(/ (?=[[(])|(?<=^(?:done|error):) /).flatMap(wrapped);

/** A line wider than LABEL_WIDTH broken after a dot or before a word's capital, as few lines as fit. */
function wrapped(line: string): string[] {
  if (textWidth(line) <= LABEL_WIDTH) return [line];
  const parts = line.split(/(?<=\.)|(?<=[a-z])(?=[A-Z])/);
  const lines: string[] = [];
  for (const part of parts) {
    const last = lines.at(-1);
    if (last !== undefined && textWidth(last + part) <= LABEL_WIDTH) lines[lines.length - 1] = last + part;
    else lines.push(part);
  }
  return lines;
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
  /** the choice point a guarded branch leaves from; its trunk is drawn with the choice point */
  via?: string;
  points: Array<{ x: number; y: number }>;
  labelBox?: Box;
  /** the arrow from a compound state's initial dot, not a declared transition */
  initial?: boolean;
}

/** A choice point: the one line of its event from the source, and the point its branches leave from. */
export interface LaidChoice {
  id: string;
  /** the transitions it splits into */
  edgeIds: string[];
  box: Box;
  trunk: LaidEdge;
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
  choices: LaidChoice[];
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

const labelSize = (label: string) => {
  const lines = labelLines(label);
  return { width: Math.max(...lines.map((line) => textWidth(line))) + 6, height: lines.length * LINE };
};

// a state's key, then each actor it invokes under the word invoke: a box as narrow as its names
const linesOf = (state: GraphState) => [state.key, ...state.invokes.flatMap((src) => ['invoke', src])];

const initialDotId = (parentId: string) => `${parentId}::initial`;
const trunkId = (choiceId: string) => `${choiceId}->`;
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

// Layers sit close and are compacted for short lines: the layer gaps labels widen are what length is left.
// A label's column is the middle one of those its line spans (not the widest), and the longest-path
// layering puts every state as far left as the states before it allow.
const LAYOUT_OPTIONS = {
  'elk.algorithm': 'layered',
  'elk.direction': 'RIGHT',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.placement': 'CENTER',
  'elk.layered.edgeLabels.centerLabelPlacementStrategy': 'CENTER_LAYER',
  'elk.layered.layering.strategy': 'LONGEST_PATH',
  'elk.layered.spacing.nodeNodeBetweenLayers': '0',
  'elk.spacing.nodeNode': '4',
  'elk.spacing.edgeLabel': '2',
  'elk.spacing.edgeEdge': '3',
  'elk.spacing.edgeNode': '3',
  'elk.layered.spacing.edgeNodeBetweenLayers': '0',
  'elk.layered.spacing.edgeEdgeBetweenLayers': '0',
  'elk.layered.thoroughness': '100',
  'elk.layered.nodePlacement.strategy': 'NETWORK_SIMPLEX',
  'elk.layered.compaction.postCompaction.strategy': 'EDGE_LENGTH',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  // what is left after the reversals: cycles the compound states' boundaries make
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
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

/**
 * Lays out a machine's graph (and extras): `layoutMachine` without the machine. Extras are placed by the
 * machine's own order (a removed state a visitor can no longer meet goes last) and never split at a choice point.
 */
export async function layoutGraph(
  graph: MachineGraph,
  machineId: string,
  extras?: LayoutExtras,
): Promise<Layout> {
  const drawn = drawnRoot(graph.root, extras);
  const order = meetingOrder(graph);
  // the machine's own transitions leave from before the initial state, states never met come last
  const rank = (id: string) =>
    id === graph.root.id ? -1 : order.includes(id) ? order.indexOf(id) : order.length;
  const drawnGraph = { ...graph, root: drawn };
  const byId = new Map(graphStates(drawnGraph).map((state) => [state.id, state]));
  const parentOf = parentsOf(drawnGraph);
  const holding = holdingChain(drawnGraph);
  const nested = (a: string, b: string) => holding(a).includes(b) || holding(b).includes(a);
  // a transition's ends compared where they lie side by side: the outermost states holding each that share
  // a parent (a state inside a compound state goes with it, however early or late it is met itself)
  const sideBySide = (a: string, b: string): [string, string] => {
    const [outerA, outerB] = [holding(a).reverse(), holding(b).reverse()];
    let i = 0;
    while (i < outerA.length && outerA[i] === outerB[i]) i += 1;
    return [outerA[i] ?? a, outerB[i] ?? b];
  };
  const byMeeting = (states: GraphState[]) => [...states].sort((a, b) => rank(a.id) - rank(b.id));
  const edges: ElkExtendedEdge[] = [];
  const root: ElkNode = {
    id: drawn.id,
    layoutOptions: {
      ...LAYOUT_OPTIONS,
      'elk.padding': `[top=${PAD},left=${PAD},bottom=${PAD},right=${PAD}]`,
    },
    children: byMeeting(drawn.children).map((child) => toElkNode(child, edges, byMeeting)),
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
  const drawnEdges = [...graph.edges, ...(extras?.edges ?? [])];
  if (drawnEdges.some((edge) => edge.source === root.id || edge.target === root.id))
    root.children!.splice(initialRoot ? 1 : 0, 0, {
      id: anyStateId(root.id),
      width: textWidth(ANY_STATE_LABEL) + 2 * PAD,
      height: LINE + 2 * PAD - 4,
    });
  const elkNodes = new Map<string, ElkNode>();
  const register = (node: ElkNode) => {
    elkNodes.set(node.id, node);
    node.children?.forEach(register);
  };
  register(root);
  const choices = choicePoints(graph);
  const choiceOf = new Map<string, string>();
  const branchLabels = new Map<string, string>();
  const choiceRank = new Map<string, number>();
  const reversed = new Set<string>();
  for (const choice of choices) {
    // beside its source, in its source's parent: after it, or before it when most branches go back
    const source = fromRoot(choice.source);
    const back = choice.edges.filter(
      (edge) =>
        (([from, to]) => rank(to) < rank(from))(sideBySide(edge.source, edge.target)) &&
        !nested(edge.source, edge.target),
    );
    const before = back.length * 2 > choice.edges.length;
    const siblings = elkNodes.get(parentOf.get(choice.source)?.id ?? root.id)!.children!;
    siblings.splice(siblings.findIndex((node) => node.id === source) + (before ? 0 : 1), 0, {
      id: choice.id,
      width: CHOICE,
      height: CHOICE,
      // the event reads above the point, so the line to it needs no layer of its own for a label
      labels: [{ text: choice.label, ...labelSize(choice.label) }],
      layoutOptions: { 'elk.nodeLabels.placement': 'OUTSIDE V_TOP H_CENTER' },
    });
    choiceRank.set(choice.id, rank(choice.source) + (before ? -0.5 : 0.5));
    if (before) reversed.add(trunkId(choice.id));
    edges.push({
      id: trunkId(choice.id),
      sources: [before ? choice.id : source],
      targets: [before ? source : choice.id],
    });
    for (const edge of choice.edges) {
      choiceOf.set(edge.id, choice.id);
      branchLabels.set(edge.id, branchLabel(edge));
    }
  }
  for (const edge of drawnEdges) {
    const via = choiceOf.get(edge.id);
    const [source, target] = [via ?? fromRoot(edge.source), fromRoot(edge.target)];
    const label = branchLabels.get(edge.id) ?? edge.label;
    // ELK is given every transition from the state met earlier to the one met later, so the flow reads
    // left to right; a transition back is drawn leftwards, rather than round the compound state it leaves
    const [outerSource, outerTarget] = sideBySide(edge.source, edge.target);
    const from = via && outerSource === edge.source ? choiceRank.get(via)! : rank(outerSource);
    const back = from > rank(outerTarget) && !nested(edge.source, edge.target);
    if (back) reversed.add(edge.id);
    edges.push({
      id: edge.id,
      sources: [back ? target : source],
      targets: [back ? source : target],
      labels: [{ text: label, ...labelSize(label) }],
    });
  }
  root.edges = edges;

  const laid = await new ELK().layout(root);

  const absolute = new Map<string, Placed>();
  const states: LaidState[] = [];
  const initialDots: Box[] = [];
  let anyState: Box | undefined;
  const choiceBoxes = new Map<string, Box>();
  const choiceLabels = new Map<string, Box>();
  const visit = (node: ElkNode, origin: Placed, depth: number) => {
    const at = { x: origin.x + (node.x ?? 0), y: origin.y + (node.y ?? 0) };
    absolute.set(node.id, at);
    const state = byId.get(node.id);
    const box = { x: at.x, y: at.y, width: node.width ?? 0, height: node.height ?? 0 };
    if (node.id.endsWith('::initial')) initialDots.push(box);
    else if (node.id === anyStateId(drawn.id)) anyState = box;
    else if (choiceRank.has(node.id)) {
      choiceBoxes.set(node.id, box);
      const label = node.labels?.[0];
      if (label)
        choiceLabels.set(node.id, {
          x: at.x + (label.x ?? 0),
          y: at.y + (label.y ?? 0),
          width: label.width ?? 0,
          height: label.height ?? 0,
        });
    } else if (state && node !== laid) states.push({ ...box, state, depth, lines: linesOf(state) });
    for (const child of node.children ?? []) visit(child, at, depth + 1);
  };
  visit(laid, { x: 0, y: 0 }, 0);

  const laidEdges: LaidEdge[] = [];
  const trunks = new Map<string, LaidEdge>();
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
      const via = choiceOf.get(edge.id);
      const laidEdge: LaidEdge = {
        id: edge.id,
        ...(via ? { via } : {}),
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
      };
      if (edge.id.endsWith('::choice->')) trunks.set(edge.id, laidEdge);
      else laidEdges.push(laidEdge);
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
    choices: choices.map((choice) => ({
      id: choice.id,
      edgeIds: choice.edges.map((edge) => edge.id),
      box: choiceBoxes.get(choice.id)!,
      trunk: {
        ...trunks.get(trunkId(choice.id))!,
        label: choice.label,
        labelBox: choiceLabels.get(choice.id)!,
      },
    })),
  };
}
