import { shortId } from './diff-wording';
import { ANY_STATE_LABEL } from './layout';
import {
  type ChangeKind,
  type DescribedState,
  type DescribedTransition,
  diffMachines,
  type MachineDescription,
  type MachineDiff,
  type StateChange,
  type StateField,
  type TransitionChange,
  type TransitionField,
} from './machine-comparison';
import { describeMachine, type Registered } from './machine-description';
import { machineGraph, transitionLabel } from './machine-graph';

/*
 * What changed since the release the running build was made from (自發布以來的變更). A release is cut by
 * `npm run atlas:release`, which writes the version, the commit and every registered machine described at
 * that commit to machine-paths/release.json; the build ships that file, so the atlas needs no git to read it.
 * Today's machines are described here by the same code (machine-description.ts, with today's machine-graph.ts)
 * and compared by machine-comparison.ts, as npm run atlas:diff compares two refs.
 */

/** A release's machines, as machine-paths/release.json holds them. */
export interface ReleaseBaseline {
  /** package.json's version at the release's commit */
  version: string;
  /** the release's commit, in full */
  commit: string;
  machines: MachineDescription[];
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

/** The shipped file read as a baseline, or an error saying what it lacks. */
export function readRelease(json: unknown): ReleaseBaseline {
  if (!isObject(json) || typeof json.version !== 'string' || typeof json.commit !== 'string')
    throw new Error('the release baseline names no version or commit');
  const { machines } = json;
  if (
    !Array.isArray(machines) ||
    !machines.every(
      (m) =>
        isObject(m) &&
        typeof m.id === 'string' &&
        typeof m.title === 'string' &&
        Array.isArray(m.states) &&
        Array.isArray(m.transitions),
    )
  )
    throw new Error('the release baseline holds no machines');
  return json as unknown as ReleaseBaseline;
}

/** Each registered machine against the release: today's registry order, then the machines removed since. */
export function changesSinceRelease(release: ReleaseBaseline, today: readonly Registered[]): MachineDiff[] {
  const reader = { machineGraph, transitionLabel };
  return diffMachines(
    release.machines,
    today.map((entry) => describeMachine(entry, reader)),
  );
}

/** How many of a machine's states and transitions were added, removed or changed. */
export const changeCount = (diff: MachineDiff) => diff.states.length + diff.transitions.length;

/** The words of a change as the atlas lists it. */
export const CHANGE_TEXT = {
  state: '狀態',
  transition: '轉換',
  machine: '（整個狀態機）',
  stays: '（原狀態）',
  none: '（無）',
  yes: '是',
  no: '否',
  invokes: (actors: string) => `，呼叫 ${actors}`,
  stateFields: { kind: '種類', initial: '初始狀態', invokes: '呼叫' } satisfies Record<StateField, string>,
  transitionFields: {
    target: '目標',
    guard: '條件',
    delay: '延遲',
    actions: '動作',
    actor: '呼叫的 actor',
  } satisfies Record<TransitionField, string>,
  move: (from: string, label: string, to: string) => `${from} —${label}→ ${to}`,
  was: (field: string, before: string, after: string) => `${field} ${before} → ${after}`,
} as const;

/** One line of the list: what changed, and for a changed one how. */
export interface ChangeItem {
  /** the state's id or the transition's key */
  key: string;
  kind: ChangeKind;
  /** 狀態 or 轉換 */
  what: string;
  /** the state or the move: `paused`, `idle —go [isAllowed]→ busy` */
  name: string;
  /** how a changed one changed: `條件 isReady → isAllowed`; a new or removed state's kind */
  detail: string;
}

const list = (values: readonly string[]) => (values.length === 0 ? CHANGE_TEXT.none : values.join('、'));

function stateItem(machineId: string, change: StateChange): ChangeItem {
  const state = (change.after ?? change.before)!;
  const name = state.parent === null ? CHANGE_TEXT.machine : shortId(machineId, state.id);
  const item = { key: change.id, kind: change.kind, what: CHANGE_TEXT.state, name };
  if (change.kind !== 'changed')
    return {
      ...item,
      detail: `${state.kind}${state.invokes.length ? CHANGE_TEXT.invokes(list(state.invokes)) : ''}`,
    };
  const { before, after } = change as Required<StateChange>;
  const value: Record<StateField, (x: DescribedState) => string> = {
    kind: (x) => x.kind,
    initial: (x) => (x.initial ? CHANGE_TEXT.yes : CHANGE_TEXT.no),
    invokes: (x) => list(x.invokes),
  };
  const parts = change.fields.map((field) =>
    CHANGE_TEXT.was(CHANGE_TEXT.stateFields[field], value[field](before), value[field](after)),
  );
  return { ...item, detail: parts.join('；') };
}

function transitionItem(machineId: string, change: TransitionChange): ChangeItem {
  const t = (change.after ?? change.before)!;
  const targetsOf = (transition: DescribedTransition) =>
    transition.targets.length === 0
      ? CHANGE_TEXT.stays
      : transition.targets.map((id) => shortId(machineId, id)).join('、');
  const from = t.source === machineId ? ANY_STATE_LABEL : shortId(machineId, t.source);
  const item = {
    key: change.key,
    kind: change.kind,
    what: CHANGE_TEXT.transition,
    name: CHANGE_TEXT.move(from, t.label, targetsOf(t)),
  };
  if (change.kind !== 'changed') return { ...item, detail: '' };
  const { before, after } = change as Required<TransitionChange>;
  const value: Record<TransitionField, (x: DescribedTransition) => string> = {
    target: targetsOf,
    guard: (x) => x.guard ?? CHANGE_TEXT.none,
    delay: (x) => x.delay ?? CHANGE_TEXT.none,
    actions: (x) => list(x.actions),
    actor: (x) => x.actor ?? CHANGE_TEXT.none,
  };
  const parts = change.fields.map((field) =>
    CHANGE_TEXT.was(CHANGE_TEXT.transitionFields[field], value[field](before), value[field](after)),
  );
  return { ...item, detail: parts.join('；') };
}

/** One change in words: the list's line, and a changed element's tooltip on the diagram. */
export function changeItem(machineId: string, change: StateChange | TransitionChange): ChangeItem {
  return 'id' in change ? stateItem(machineId, change) : transitionItem(machineId, change);
}

/** A machine's changes in words, states first, each group in the diff's order. */
export const changeItems = (diff: MachineDiff): ChangeItem[] =>
  [...diff.states, ...diff.transitions].map((change) => changeItem(diff.id, change));
