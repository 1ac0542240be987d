import { stateLine, transitionLine } from './diff-wording';
import type { LayoutExtras } from './layout';
import type {
  ChangeKind,
  DescribedState,
  MachineDiff,
  StateChange,
  TransitionChange,
} from './machine-comparison';
import type { GraphState } from './machine-graph';

// A machine's changes (machine-comparison.ts) drawn on today's diagram: what layout.ts adds to it and how
// diagram-svg.tsx marks each element.

/** How each element of a diff diagram is marked, by state id and by drawn edge id. */
export interface DiffMarks {
  states: ReadonlyMap<string, ChangeKind>;
  edges: ReadonlyMap<string, ChangeKind>;
  /** what changed, per state id and edge id: the element's tooltip */
  notes: ReadonlyMap<string, string>;
  /** what the machine is compared with (`HEAD~5 (1a2b3c4d)`), named in the legend */
  against?: string;
}

/** The drawn id of a removed transition's edge: apart from today's, whose keys an old one may share. */
export const removedEdgeId = (key: string, target: number) => `removed:${key}|${target}`;

const ghostState = (state: DescribedState): GraphState => ({
  id: state.id,
  path: '',
  key: state.key,
  kind: state.kind,
  // its parent's initial child is today's: a removed one draws no initial arrow
  initial: false,
  invokes: state.invokes,
  ...(state.description === undefined ? {} : { description: state.description }),
  children: [],
});

/** What a changed element's tooltip says by default: its line of the printed list. */
const printedNote = (machineId: string, change: StateChange | TransitionChange) =>
  ('id' in change ? stateLine(machineId, change) : transitionLine(machineId, change)).replace(/^ {2}~ /, '');

/**
 * What the diagram of a changed machine draws and marks: today's machine with its added and changed states
 * and transitions marked, and those removed drawn from the old description (states in their old parent,
 * transitions to each old target), marked removed. `note` words a changed element's tooltip.
 */
export function diffDrawing(
  diff: MachineDiff,
  note: (change: StateChange | TransitionChange) => string = (change) => printedNote(diff.id, change),
): { extras: LayoutExtras; marks: DiffMarks } {
  const states = new Map<string, ChangeKind>();
  const edges = new Map<string, ChangeKind>();
  const notes = new Map<string, string>();
  const extras: {
    states: Array<LayoutExtras['states'][number]>;
    edges: Array<LayoutExtras['edges'][number]>;
  } = {
    states: [],
    edges: [],
  };
  for (const change of diff.states) {
    const state = (change.after ?? change.before)!;
    // the root is no box of the diagram: its own changes are in the list
    if (state.parent === null) continue;
    states.set(state.id, change.kind);
    if (change.kind === 'removed') extras.states.push({ parent: state.parent, state: ghostState(state) });
    if (change.kind === 'changed') notes.set(state.id, note(change));
  }
  for (const change of diff.transitions) {
    if (change.kind === 'removed') {
      const t = change.before!;
      const targets = t.targets.length ? t.targets : [t.source];
      targets.forEach((target, i) => {
        const id = removedEdgeId(t.key, i);
        extras.edges.push({ id, source: t.source, target, label: t.label });
        edges.set(id, 'removed');
      });
      continue;
    }
    for (const id of change.after!.edges ?? []) {
      edges.set(id, change.kind);
      if (change.kind === 'changed') notes.set(id, note(change));
    }
  }
  return { extras, marks: { states, edges, notes } };
}
