import type {
  ChangeKind,
  DescribedTransition,
  MachineDiff,
  StateChange,
  TransitionChange,
  TransitionField,
} from './machine-comparison';

// A machine's changes (machine-comparison.ts) in words: the list npm run atlas:diff prints, one line a change,
// which the diagram's tooltips reuse.

const KIND_SIGN: Record<ChangeKind, string> = { added: '+', removed: '-', changed: '~' };
const list = (values: readonly string[]) => (values.length === 0 ? '(none)' : values.join(', '));
/** A state's id without its machine's: `step2.editing` for `shopcart.step2.editing`. */
export const shortId = (machineId: string, id: string) =>
  id.startsWith(`${machineId}.`) ? id.slice(machineId.length + 1) : id;

export function stateLine(machineId: string, change: StateChange): string {
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

export function transitionLine(machineId: string, change: TransitionChange): string {
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
