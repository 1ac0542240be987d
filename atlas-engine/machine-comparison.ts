import type { StateKind } from './machine-graph';

/*
 * What changed in a machine between two versions of the repository (`npm run atlas:diff -- <ref>`): its
 * states and its transitions added, removed or changed. diff-wording.ts words the changes, diff-drawing.ts
 * marks them on today's diagram.
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
