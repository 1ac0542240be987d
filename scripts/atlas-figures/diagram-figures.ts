import type { AnyStateMachine } from 'xstate';
import { graphStates, holdingChain, machineGraph } from '../../atlas-engine/machine-graph';
import { meetingSteps } from '../../atlas-engine/meeting-order';

/*
 * How well an exported diagram (docs/machines/<id>.svg) reads, measured on the SVG itself: forward
 * transitions drawn right to left, the mean length of a transition's line, transitions drawn through a
 * state, label boxes on each other or on a state. The machine gives what "forward" means: a transition from
 * a state a visitor meets earlier to one met later, breadth first from the initial state.
 */

interface Point {
  x: number;
  y: number;
}

interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface DiagramFigures {
  /** transitions between two different states, neither holding the other, met earlier → met later */
  forward: number;
  /** of those, drawn with the target's centre left of the source's */
  backward: number;
  /** transitions drawn (the machine's own included); a transition's line runs from its source to its target */
  transitions: number;
  meanLength: number;
  /** transitions whose line crosses a state box other than its ends and the states holding them */
  throughState: number;
  /** pairs of label boxes that overlap, and label boxes on a simple state */
  labelOverlaps: number;
}

const segmentLength = (a: Point, b: Point) => Math.hypot(b.x - a.x, b.y - a.y);

function pathPoints(d: string): Point[] {
  return [...d.matchAll(/[ML]\s*(-?[\d.]+)[ ,](-?[\d.]+)/g)].map((m) => ({
    x: Number(m[1]),
    y: Number(m[2]),
  }));
}

const lengthOf = (points: Point[]) =>
  points.slice(1).reduce((sum, p, i) => sum + segmentLength(points[i]!, p), 0);

const overlap = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

/** Whether an axis-parallel or slanted segment enters the box's inside (its border excluded). */
function crosses(a: Point, b: Point, box: Rect): boolean {
  const inset = 1;
  const left = box.x + inset;
  const right = box.x + box.width - inset;
  const top = box.y + inset;
  const bottom = box.y + box.height - inset;
  let t0 = 0;
  let t1 = 1;
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  for (const [p, q] of [
    [-dx, a.x - left],
    [dx, right - a.x],
    [-dy, a.y - top],
    [dy, bottom - a.y],
  ] as const) {
    if (p === 0) {
      if (q <= 0) return false;
      continue;
    }
    const t = q / p;
    if (p < 0) t0 = Math.max(t0, t);
    else t1 = Math.min(t1, t);
    if (t0 >= t1) return false;
  }
  return true;
}

type Attributes = Record<string, string>;

const attributesOf = (text: string): Attributes =>
  Object.fromEntries([...text.matchAll(/([\w-]+)="([^"]*)"/g)].map((m) => [m[1]!, m[2]!]));

/** A group of the diagram (the drawing never nests them) with its attributes and its shapes'. */
interface Group {
  attributes: Attributes;
  shapes: Array<{ tag: string; attributes: Attributes }>;
}

function groupsOf(svg: string): Group[] {
  return [...svg.matchAll(/<g\b([^>]*)>(.*?)<\/g>/gs)].map((m) => ({
    attributes: attributesOf(m[1]!),
    shapes: [...m[2]!.matchAll(/<(path|rect|circle)\b([^>]*)>/g)].map((s) => ({
      tag: s[1]!,
      attributes: attributesOf(s[2]!),
    })),
  }));
}

const rectOf = (attributes: Attributes): Rect => ({
  x: Number(attributes.x),
  y: Number(attributes.y),
  width: Number(attributes.width),
  height: Number(attributes.height),
});

const rectsOf = (group: Group) =>
  group.shapes.filter((s) => s.tag === 'rect').map((s) => rectOf(s.attributes));
const linesOf = (group: Group) =>
  group.shapes.filter((s) => s.tag === 'path').map((s) => pathPoints(s.attributes.d ?? ''));

const centre = (box: Rect) => box.x + box.width / 2;

export function diagramFigures(svg: string, machine: AnyStateMachine): DiagramFigures {
  const graph = machineGraph(machine);
  const simple = new Set(graphStates(graph).flatMap((state) => (state.children.length ? [] : [state.id])));
  // the machine's root is left out of a state's holders: the box of its own transitions is a state
  const chain = holdingChain(graph);
  const holding = (id: string) => new Set(chain(id));

  const groups = groupsOf(svg);
  const boxes = new Map<string, Rect>();
  for (const group of groups) {
    const id =
      group.attributes['data-state'] ?? (group.attributes['data-any-state'] ? graph.root.id : undefined);
    const [box] = rectsOf(group);
    if (id && box) boxes.set(id, box);
  }
  // a bundle's shared trunk belongs to the line of each transition drawn from its choice point
  const trunks = new Map<string, Point[][]>();
  const labels: Rect[] = [];
  for (const group of groups) {
    const choice = group.attributes['data-choice'];
    if (choice === undefined) continue;
    trunks.set(choice, linesOf(group));
    labels.push(...rectsOf(group));
  }

  const steps = meetingSteps(graph);
  const edges = new Map(graph.edges.map((edge) => [edge.id, edge]));
  let forward = 0;
  let backward = 0;
  let total = 0;
  let throughState = 0;
  const drawn = groups.filter((group) => edges.has(group.attributes['data-edge'] ?? ''));
  for (const group of drawn) {
    const edge = edges.get(group.attributes['data-edge']!)!;
    const lines = [...(trunks.get(group.attributes['data-via'] ?? '') ?? []), ...linesOf(group)];
    total += lines.reduce((sum, line) => sum + lengthOf(line), 0);
    labels.push(...rectsOf(group));

    const ends = new Set([...holding(edge.source), ...holding(edge.target)]);
    const through = [...boxes].some(
      ([id, box]) =>
        !ends.has(id) && lines.some((line) => line.slice(1).some((p, i) => crosses(line[i]!, p, box))),
    );
    if (through) throughState += 1;

    const from = steps.get(edge.source);
    const to = steps.get(edge.target);
    const nested = holding(edge.source).has(edge.target) || holding(edge.target).has(edge.source);
    if (from === undefined || to === undefined || nested || from >= to) continue;
    forward += 1;
    if (centre(boxes.get(edge.target)!) < centre(boxes.get(edge.source)!)) backward += 1;
  }

  let labelOverlaps = 0;
  for (const [i, a] of labels.entries()) {
    for (const b of labels.slice(i + 1)) if (overlap(a, b)) labelOverlaps += 1;
    for (const id of simple) if (boxes.has(id) && overlap(a, boxes.get(id)!)) labelOverlaps += 1;
  }

  return {
    forward,
    backward,
    transitions: drawn.length,
    meanLength: drawn.length === 0 ? 0 : total / drawn.length,
    throughState,
    labelOverlaps,
  };
}
