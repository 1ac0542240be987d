import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, fromPromise, setup } from 'xstate';
import { describeMachine } from '../../../atlas-engine/machine-description';
import * as graphModule from '../../../atlas-engine/machine-graph';
import {
  type ChangeItem,
  changeCount,
  changeItems,
  changesSinceRelease,
  type ReleaseBaseline,
  readRelease,
} from '../../../atlas-engine/release-changes';

/*
 * 自發布以來的變更 (issue 37, "What changed … since the release the build was made from"): today's machines
 * against a release baseline made the way npm run atlas:release makes it (each machine described at the
 * release), both written here: a release with one guard changed and one state added since shows exactly
 * those two, in words, and a machine unchanged since shows nothing.
 */

const flow = setup({
  guards: { isReady: () => true, isAllowed: () => true },
  actions: { track: () => {} },
  actors: { quote: fromPromise(async () => 1), quoteAgain: fromPromise(async () => 2) },
});

/** `m` as released, or as it is today: its guard renamed to isAllowed and a state `paused` added. */
const machine = (version: 'released' | 'today'): AnyStateMachine =>
  flow.createMachine({
    id: 'm',
    initial: 'idle',
    states: {
      idle: {
        on: { go: { guard: version === 'released' ? 'isReady' : 'isAllowed', target: 'busy' } },
      },
      busy: { on: { stop: 'idle' } },
      ...(version === 'today' ? { paused: {} } : {}),
    },
  }) as unknown as AnyStateMachine;

const other = flow.createMachine({
  id: 'other',
  initial: 'a',
  states: { a: { on: { next: 'b' } }, b: {} },
}) as unknown as AnyStateMachine;

const M = { id: 'm', title: '流程', machine: machine('today') };
const OTHER = { id: 'other', title: '其他', machine: other };
const release = (...entries: Array<{ id: string; title: string; machine: AnyStateMachine }>) =>
  ({
    version: '1.4.0',
    commit: '0123456789abcdef0123456789abcdef01234567',
    machines: entries.map((entry) => describeMachine(entry, graphModule)),
  }) satisfies ReleaseBaseline;

const RELEASED = release({ ...M, machine: machine('released') }, OTHER);
const words = (item: ChangeItem) => [item.kind, item.what, item.name, item.detail];

describe('what changed since the release', () => {
  it('a guard changed and a state added since: exactly those two, under that machine alone', () => {
    const [m, others] = changesSinceRelease(RELEASED, [M, OTHER]);
    expect(m).toMatchObject({ id: 'm', kind: 'changed' });
    expect(changeCount(m!)).toBe(2);
    expect(changeItems(m!).map(words)).toEqual([
      ['added', '狀態', 'paused', 'atomic'],
      ['changed', '轉換', 'idle —go [isAllowed]→ busy', '條件 isReady → isAllowed'],
    ]);
    expect(others).toMatchObject({ id: 'other', kind: 'unchanged' });
    expect(changeCount(others!)).toBe(0);
    expect(changeItems(others!)).toEqual([]);
  });

  it('nothing when the machines are as released', () => {
    const diffs = changesSinceRelease(release(M, OTHER), [M, OTHER]);
    expect(diffs.map((d) => [d.id, d.kind, changeCount(d)])).toEqual([
      ['m', 'unchanged', 0],
      ['other', 'unchanged', 0],
    ]);
  });

  it('a machine registered since is all new; one no longer registered comes last, all removed', () => {
    const diffs = changesSinceRelease(release(OTHER), [M]);
    expect(diffs.map((d) => [d.id, d.kind])).toEqual([
      ['m', 'added'],
      ['other', 'removed'],
    ]);
    expect(changeItems(diffs[0]!).map(words)).toEqual([
      ['added', '狀態', 'idle', 'atomic'],
      ['added', '狀態', 'busy', 'atomic'],
      ['added', '狀態', 'paused', 'atomic'],
      ['added', '轉換', 'idle —go [isAllowed]→ busy', ''],
      ['added', '轉換', 'busy —stop→ idle', ''],
    ]);
    expect(changeItems(diffs[1]!).map((item) => item.kind)).toEqual(['removed', 'removed', 'removed']);
  });

  it('words each kind of change: a removed transition, the machine’s own, a target, actions, an actor', () => {
    const released = flow.createMachine({
      id: 'm',
      initial: 'idle',
      on: { reset: '.idle' },
      states: {
        idle: { on: { go: 'busy', note: { actions: 'track' } } },
        busy: { invoke: { id: 'quote', src: 'quote', onDone: 'idle' } },
      },
    }) as unknown as AnyStateMachine;
    const today = flow.createMachine({
      id: 'm',
      initial: 'idle',
      states: {
        idle: { on: { go: 'idle', note: {} } },
        busy: { invoke: { id: 'quote', src: 'quoteAgain', onDone: 'idle' } },
      },
    }) as unknown as AnyStateMachine;
    const [m] = changesSinceRelease(release({ ...M, machine: released }), [{ ...M, machine: today }]);
    expect(changeItems(m!).map(words)).toEqual([
      ['changed', '狀態', 'busy', '呼叫 quote → quoteAgain'],
      ['changed', '轉換', 'idle —go→ idle', '目標 busy → idle'],
      ['changed', '轉換', 'idle —note→ （原狀態）', '動作 track → （無）'],
      ['changed', '轉換', 'busy —done: quote→ idle', '呼叫的 actor quote → quoteAgain'],
      ['removed', '轉換', '任一狀態 —reset→ idle', ''],
    ]);
  });
});

describe('the release baseline as the build ships it', () => {
  it('is read when it names a version, a commit and machines, and refused otherwise', () => {
    expect(readRelease(JSON.parse(JSON.stringify(RELEASED)))).toEqual(RELEASED);
    expect(() => readRelease({ ...RELEASED, version: undefined })).toThrow(/no version/);
    expect(() => readRelease({ ...RELEASED, commit: 7 })).toThrow(/no version or commit/);
    expect(() => readRelease({ ...RELEASED, machines: {} })).toThrow(/no machines/);
    expect(() => readRelease({ ...RELEASED, machines: [{ id: 'm', title: '流程' }] })).toThrow(/no machines/);
    expect(() => readRelease('<!doctype html>')).toThrow();
  });

  it('the committed one is a baseline the atlas reads (whatever machines it holds)', () => {
    const committed = readRelease(JSON.parse(readFileSync('machine-paths/release.json', 'utf8')));
    expect(committed.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(committed.commit).toMatch(/^[0-9a-f]{40}$/);
  });
});
