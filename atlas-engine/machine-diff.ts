import type { LayoutExtras } from './layout';
import type { GraphState, StateKind } from './machine-graph';

/*
 * What changed in a machine between two versions of the repository (`npm run atlas:diff -- <ref>`): its
 * states and its transitions added, removed or changed, and how to draw that on today's diagram.
 *
 * Each version is read into a MachineDescription (machine-description.ts), plain JSON that a child process
 * prints for a tree checked out at another ref (scripts/atlas-describe.ts): the stable contract between trees
 * whose own reading of a machine (machine-graph.ts) may have another shape. Everything here works on
 * descriptions only.
 */

/** A state as the diff compares it. */
export interface DescribedState {
  /** the state node's id (`shopcart.step2`), the key a state is compared by */
  id: string;
  /** its parent's id; null for the machine's root */
  parent: string | null;
  key: string;
  kind: StateKind;
  /** the state its parent enters first */
  initial: boolean;
  /** the actors it invokes, by source name */
  invokes: string[];
  description?: string;
}

/** A declared transition as the diff compares it. */
export interface DescribedTransition {
  /** `source|event|index`: see transitionKey */
  key: string;
  source: string;
  /** the event type, but `xstate.after` for every delay (the delay is a field of its own) */
  event: string;
  /** its place among the source's transitions on that event, in declaration order */
  index: number;
  /** the event type as the machine declares it (`xstate.after.2000.m.idle`) */
  eventType: string;
  /** as the diagram labels it: `plan.confirm [planValid]` */
  label: string;
  /** the states it goes to, by id; none for a transition that stays where it is */
  targets: string[];
  /** the guard's name (with its params, when it has any) */
  guard?: string;
  /** `2 s`, `remindAfter (1440 s)`, or the delay's name when its length depends on input */
  delay?: string;
  /** the actions' names, in order */
  actions: string[];
  /** for an invoke's done or error transition: the source of the actor invoked */
  actor?: string;
  /** the ids the describing tree's own diagram draws it with (one per target); informational */
  edges?: string[];
}

export interface MachineDescription {
  /** the registry's id */
  id: string;
  title: string;
  /** the root first, then its states depth first */
  states: DescribedState[];
  /** in declaration order, state by state */
  transitions: DescribedTransition[];
}

/**
 * A transition's key: its source state, its event and its place among that source's transitions on that
 * event (`shopcart.step1|plan.confirm|0`). Neither the guard nor the target is part of it, so a transition
 * whose guard, target, actions or invoked actor changed keeps its key and is "changed", not removed and
 * added. Every delay of a state shares the event `xstate.after`: the length is part of XState's event type
 * (`xstate.after.2000.<state>`), so a changed delay would otherwise be a new event. The index alone would
 * make a branch inserted before others shift every later one; diffTransitions aligns each event's branches
 * first (see there), and the index only names a branch in the output.
 */
export const transitionKey = (source: string, event: string, index: number) => `${source}|${event}|${index}`;

/** The event a transition is keyed by: its type, or `xstate.after` for a delay. */
export const keyEvent = (eventType: string) =>
  eventType.startsWith('xstate.after.') ? 'xstate.after' : eventType;

export type ChangeKind = 'added' | 'removed' | 'changed';
export type StateField = 'kind' | 'initial' | 'invokes';
export type TransitionField = 'target' | 'guard' | 'delay' | 'actions' | 'actor';

export interface StateChange {
  kind: ChangeKind;
  id: string;
  before?: DescribedState;
  after?: DescribedState;
  /** what differs, for a changed state */
  fields: StateField[];
}

export interface TransitionChange {
  kind: ChangeKind;
  /** today's key, or the old one for a removed transition */
  key: string;
  before?: DescribedTransition;
  after?: DescribedTransition;
  /** what differs, for a changed transition */
  fields: TransitionField[];
}

export interface MachineDiff {
  id: string;
  title: string;
  /** added or removed: the machine is registered on one side only */
  kind: ChangeKind | 'unchanged';
  states: StateChange[];
  transitions: TransitionChange[];
}

const same = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((value, i) => value === b[i]);

function stateFields(before: DescribedState, after: DescribedState): StateField[] {
  const fields: StateField[] = [];
  if (before.kind !== after.kind) fields.push('kind');
  if (before.initial !== after.initial) fields.push('initial');
  if (!same(before.invokes, after.invokes)) fields.push('invokes');
  return fields;
}

function transitionFields(before: DescribedTransition, after: DescribedTransition): TransitionField[] {
  const fields: TransitionField[] = [];
  if (!same(before.targets, after.targets)) fields.push('target');
  if (before.guard !== after.guard) fields.push('guard');
  if (before.delay !== after.delay) fields.push('delay');
  if (!same(before.actions, after.actions)) fields.push('actions');
  if (before.actor !== after.actor) fields.push('actor');
  return fields;
}

/** What tells the branches of one event apart: a guard (and, among delays, the delay). */
const branchOf = (t: DescribedTransition) => `${t.guard ?? ''}\u0000${t.delay ?? ''}`;

/**
 * Pairs the old and new branches of one source's event. First the longest common subsequence of branches
 * with the same guard and delay (so one branch inserted or removed among others leaves the rest paired);
 * then, between two such anchors, the branches left on both sides pair by their order (a branch whose guard
 * or delay changed in place is changed); what is left over is added or removed. Two branches swapped keep
 * one pair: the other shows as removed and added, as its priority changed.
 */
export function alignBranches<T>(
  before: readonly T[],
  after: readonly T[],
  sameBranch: (a: T, b: T) => boolean,
): Array<[T | undefined, T | undefined]> {
  const rows = before.length;
  const cols = after.length;
  // lcs[i][j]: the longest common subsequence of before[i..] and after[j..]
  const lcs = Array.from({ length: rows + 1 }, () => new Array<number>(cols + 1).fill(0));
  for (let i = rows - 1; i >= 0; i--)
    for (let j = cols - 1; j >= 0; j--)
      lcs[i]![j] = sameBranch(before[i]!, after[j]!)
        ? lcs[i + 1]![j + 1]! + 1
        : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
  const anchors: Array<[number, number]> = [];
  for (let i = 0, j = 0; i < rows && j < cols; ) {
    if (sameBranch(before[i]!, after[j]!)) anchors.push([i++, j++]);
    else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) i++;
    else j++;
  }
  const pairs: Array<[T | undefined, T | undefined]> = [];
  let i = 0;
  let j = 0;
  for (const [ai, aj] of [...anchors, [rows, cols] as [number, number]]) {
    const gap = Math.max(ai - i, aj - j);
    for (let k = 0; k < gap; k++)
      pairs.push([i + k < ai ? before[i + k] : undefined, j + k < aj ? after[j + k] : undefined]);
    if (ai < rows && aj < cols) pairs.push([before[ai], after[aj]]);
    i = ai + 1;
    j = aj + 1;
  }
  return pairs;
}

const groupOf = (t: DescribedTransition) => `${t.source}|${t.event}`;

function groups(transitions: readonly DescribedTransition[]): Map<string, DescribedTransition[]> {
  const byGroup = new Map<string, DescribedTransition[]>();
  for (const t of transitions) byGroup.set(groupOf(t), [...(byGroup.get(groupOf(t)) ?? []), t]);
  return byGroup;
}

/** The transitions added, removed and changed, today's order first, then those removed. */
export function diffTransitions(
  before: readonly DescribedTransition[],
  after: readonly DescribedTransition[],
): TransitionChange[] {
  const old = groups(before);
  const now = groups(after);
  const changes: TransitionChange[] = [];
  const done = new Set<string>();
  const compare = (group: string) => {
    if (done.has(group)) return;
    done.add(group);
    for (const [b, a] of alignBranches(
      old.get(group) ?? [],
      now.get(group) ?? [],
      (x, y) => branchOf(x) === branchOf(y),
    )) {
      if (b && a) {
        const fields = transitionFields(b, a);
        if (fields.length > 0) changes.push({ kind: 'changed', key: a.key, before: b, after: a, fields });
      } else if (a) changes.push({ kind: 'added', key: a.key, after: a, fields: [] });
      else if (b) changes.push({ kind: 'removed', key: b.key, before: b, fields: [] });
    }
  };
  for (const group of now.keys()) compare(group);
  for (const group of old.keys()) compare(group);
  return changes;
}

/** The states added, removed and changed (by id), today's order first, then those removed. */
export function diffStates(
  before: readonly DescribedState[],
  after: readonly DescribedState[],
): StateChange[] {
  const old = new Map(before.map((state) => [state.id, state]));
  const now = new Set(after.map((state) => state.id));
  const changes: StateChange[] = [];
  for (const state of after) {
    const was = old.get(state.id);
    if (!was) changes.push({ kind: 'added', id: state.id, after: state, fields: [] });
    else {
      const fields = stateFields(was, state);
      if (fields.length > 0)
        changes.push({ kind: 'changed', id: state.id, before: was, after: state, fields });
    }
  }
  for (const state of before)
    if (!now.has(state.id)) changes.push({ kind: 'removed', id: state.id, before: state, fields: [] });
  return changes;
}

/** One machine's changes; a machine on one side only is all added or all removed. */
export function diffMachine(
  before: MachineDescription | undefined,
  after: MachineDescription | undefined,
): MachineDiff {
  const either = (after ?? before)!;
  // a machine on one side only: its root is the machine itself, not a state of it added or removed
  const states = diffStates(before?.states ?? [], after?.states ?? []).filter(
    (change) => (before && after) || (change.after ?? change.before)!.parent !== null,
  );
  const transitions = diffTransitions(before?.transitions ?? [], after?.transitions ?? []);
  const kind = !before
    ? 'added'
    : !after
      ? 'removed'
      : states.length + transitions.length > 0
        ? 'changed'
        : 'unchanged';
  return { id: either.id, title: either.title, kind, states, transitions };
}

/** Every machine of either side, today's registry order first, then those removed. */
export function diffMachines(
  before: readonly MachineDescription[],
  after: readonly MachineDescription[],
): MachineDiff[] {
  const old = new Map(before.map((machine) => [machine.id, machine]));
  const now = new Set(after.map((machine) => machine.id));
  return [
    ...after.map((machine) => diffMachine(old.get(machine.id), machine)),
    ...before.filter((machine) => !now.has(machine.id)).map((machine) => diffMachine(machine, undefined)),
  ];
}

// ---- the list printed

const KIND_SIGN: Record<ChangeKind, string> = { added: '+', removed: '-', changed: '~' };
const list = (values: readonly string[]) => (values.length === 0 ? '(none)' : values.join(', '));
/** A state's id without its machine's: `step2.editing` for `shopcart.step2.editing`. */
export const shortId = (machineId: string, id: string) =>
  id.startsWith(`${machineId}.`) ? id.slice(machineId.length + 1) : id;

function stateLine(machineId: string, change: StateChange): string {
  const state = (change.after ?? change.before)!;
  const name = state.parent === null ? '(machine)' : shortId(machineId, state.id);
  const head = `  ${KIND_SIGN[change.kind]} state ${name}`;
  if (change.kind !== 'changed')
    return `${head} (${state.kind}${state.invokes.length ? `, invokes ${list(state.invokes)}` : ''})`;
  const { before, after } = change as Required<StateChange>;
  const parts = change.fields.map((field) =>
    field === 'kind'
      ? `kind ${before.kind} → ${after.kind}`
      : field === 'initial'
        ? `initial ${before.initial ? 'yes' : 'no'} → ${after.initial ? 'yes' : 'no'}`
        : `invokes ${list(before.invokes)} → ${list(after.invokes)}`,
  );
  return `${head}: ${parts.join('; ')}`;
}

const targetsOf = (machineId: string, t: DescribedTransition) =>
  t.targets.length === 0 ? '(stays)' : t.targets.map((id) => shortId(machineId, id)).join(', ');

function transitionField(
  machineId: string,
  field: TransitionField,
  before: DescribedTransition,
  after: DescribedTransition,
) {
  switch (field) {
    case 'target':
      return `target ${targetsOf(machineId, before)} → ${targetsOf(machineId, after)}`;
    case 'guard':
      return `guard ${before.guard ?? '(none)'} → ${after.guard ?? '(none)'}`;
    case 'delay':
      return `delay ${before.delay ?? '(none)'} → ${after.delay ?? '(none)'}`;
    case 'actions':
      return `actions ${list(before.actions)} → ${list(after.actions)}`;
    case 'actor':
      return `actor ${before.actor ?? '(none)'} → ${after.actor ?? '(none)'}`;
  }
}

function transitionLine(machineId: string, change: TransitionChange): string {
  const t = (change.after ?? change.before)!;
  const source = t.source === machineId ? '(any state)' : shortId(machineId, t.source);
  const head = `  ${KIND_SIGN[change.kind]} transition ${source} · ${t.label}`;
  if (change.kind !== 'changed') return `${head} → ${targetsOf(machineId, t)}`;
  const { before, after } = change as Required<TransitionChange>;
  return `${head}: ${change.fields.map((field) => transitionField(machineId, field, before, after)).join('; ')}`;
}

/** The terminal's list for one machine: nothing for an unchanged one. */
export function diffLines(diff: MachineDiff): string[] {
  if (diff.kind === 'unchanged') return [];
  const count = (items: ReadonlyArray<{ kind: ChangeKind }>, noun: string) =>
    (['added', 'removed', 'changed'] as const)
      .map((kind) => [kind, items.filter((item) => item.kind === kind).length] as const)
      .filter(([, n]) => n > 0)
      .map(([kind, n]) => `${n} ${noun}${n === 1 ? '' : 's'} ${kind}`);
  const head =
    diff.kind === 'changed'
      ? [...count(diff.states, 'state'), ...count(diff.transitions, 'transition')].join(', ')
      : `machine ${diff.kind}`;
  return [
    `${diff.id}（${diff.title}）: ${head}`,
    ...diff.states.map((change) => stateLine(diff.id, change)),
    ...diff.transitions.map((change) => transitionLine(diff.id, change)),
  ];
}

/** The closing line: how many machines changed and how many of their states and transitions. */
export function diffSummary(diffs: readonly MachineDiff[]): string {
  const changed = diffs.filter((diff) => diff.kind !== 'unchanged');
  const tally = (pick: (diff: MachineDiff) => ReadonlyArray<{ kind: ChangeKind }>) =>
    (['added', 'removed', 'changed'] as const)
      .map((kind) => `${changed.flatMap(pick).filter((item) => item.kind === kind).length} ${kind}`)
      .join(', ');
  if (changed.length === 0) return `no machine changed (${diffs.length} compared)`;
  return `${changed.length} of ${diffs.length} machines changed; states: ${tally((d) => d.states)}; transitions: ${tally((d) => d.transitions)}`;
}

// ---- the picture

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
