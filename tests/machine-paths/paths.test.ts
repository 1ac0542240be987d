import { describe, expect, it } from 'vitest';
import { assign, setup } from 'xstate';
import {
  allTransitions,
  coverageOf,
  describeTransition,
  flowPaths,
  noOpTransitions,
} from '../../machine-paths/paths';
import type { RegisteredMachine } from '../../machine-paths/registry';

// The path generator on a small machine whose paths are worked out by hand below, so that what the
// generator promises every flow (machines/README.md) is checked against something it did not compute.
const toy = setup({
  types: { context: {} as { size: number }, events: {} as { type: string; size?: number } },
  guards: { isBig: ({ event }) => (event.size ?? 0) > 1 },
}).createMachine({
  id: 'toy',
  initial: 'a',
  context: { size: 0 },
  states: {
    a: { on: { GO: 'b' } },
    b: { on: { NEXT: 'c', BACK: 'a' } },
    c: {
      on: {
        SIZE: { guard: 'isBig', target: 'd', actions: assign({ size: ({ event }) => event.size ?? 0 }) },
        // taken, but changes neither the state nor the context
        PING: { actions: assign({ size: ({ context }) => context.size }) },
      },
    },
    d: { on: { RESET: { target: 'a', actions: assign({ size: 0 }) } } },
    // never entered: its transitions can be on no path
    e: {
      on: { X: { guard: 'isBig', target: 'a' }, Y: { guard: ({ event }) => event.size === 3, target: 'a' } },
    },
  },
});

const entry: RegisteredMachine = {
  id: 'toy',
  title: 'toy',
  machine: toy,
  // SIZE with a small size is refused by its guard: no edge
  events: [
    { type: 'GO' },
    { type: 'NEXT' },
    { type: 'BACK' },
    { type: 'SIZE', size: 1 },
    { type: 'SIZE', size: 2 },
    { type: 'PING' },
    { type: 'RESET' },
  ],
};

describe('flowPaths', () => {
  // Shortest paths for each transition: GO; GO, NEXT; GO, BACK; GO, NEXT, SIZE 2; GO, NEXT, SIZE 2, RESET.
  // Those that begin another are left out; PING changes nothing and takes no path of its own.
  const paths = flowPaths(entry);

  it('keeps one path for each transition no longer path already takes, named by its events and payloads', () => {
    expect(paths.map((p) => p.key).sort()).toEqual([
      'xstate.init → GO → BACK',
      'xstate.init → GO → NEXT → SIZE {"size":2} → RESET',
    ]);
  });

  it('describes a path by its event types and the state it ends in', () => {
    expect(paths.map((p) => p.description).sort()).toEqual([
      'xstate.init → GO → BACK ⇒ "a"',
      'xstate.init → GO → NEXT → SIZE → RESET ⇒ "a"',
    ]);
  });

  it('lists the declared transitions each path takes, in order', () => {
    const taken = Object.fromEntries(paths.map((p) => [p.key, p.transitions.map(describeTransition)]));
    expect(taken['xstate.init → GO → BACK']).toEqual(['toy.a --GO--> toy.b', 'toy.b --BACK--> toy.a']);
    expect(taken['xstate.init → GO → NEXT → SIZE {"size":2} → RESET']).toEqual([
      'toy.a --GO--> toy.b',
      'toy.b --NEXT--> toy.c',
      'toy.c --SIZE [isBig]--> toy.d',
      'toy.d --RESET--> toy.a',
    ]);
  });

  it('gives each step the machine’s state after its event', () => {
    const long = paths.find((p) => p.key.endsWith('RESET'))!;
    expect(long.steps.map((s) => [s.event.type, s.state.value, s.state.context.size])).toEqual([
      ['xstate.init', 'a', 0],
      ['GO', 'b', 0],
      ['NEXT', 'c', 0],
      ['SIZE', 'd', 2],
      ['RESET', 'a', 0],
    ]);
  });
});

describe('flowPaths on a machine whose context tells apart the same state', () => {
  // a0 --INC--> a1 --INC--> a2, and GO from each to b: INC and GO are each taken by several edges, and
  // the path kept for each is its shortest: INC alone, GO alone (neither begins the other).
  const counter = setup({
    types: { context: {} as { n: number }, events: {} as { type: 'INC' } | { type: 'GO' } },
    guards: { below2: ({ context }) => context.n < 2 },
  }).createMachine({
    id: 'counter',
    initial: 'a',
    context: { n: 0 },
    states: {
      a: {
        on: { INC: { guard: 'below2', actions: assign({ n: ({ context }) => context.n + 1 }) }, GO: 'b' },
      },
      b: {},
    },
  });

  it('keeps the shortest path that takes each transition, not a longer one', () => {
    const keys = flowPaths({ id: 'counter', title: 'counter', machine: counter, events: [] }).map(
      (p) => p.key,
    );
    expect(keys.sort()).toEqual(['xstate.init → GO', 'xstate.init → INC']);
  });
});

describe('coverageOf', () => {
  const report = coverageOf(entry);

  it('counts every state and transition, and names those no path takes', () => {
    expect(report.id).toBe('toy');
    expect(report.states).toBe(5);
    expect(report.transitions.map(describeTransition).sort()).toEqual(
      [
        'toy.a --GO--> toy.b',
        'toy.b --NEXT--> toy.c',
        'toy.b --BACK--> toy.a',
        'toy.c --SIZE [isBig]--> toy.d',
        'toy.c --PING--> (self)',
        'toy.d --RESET--> toy.a',
        'toy.e --X [isBig]--> toy.a',
        'toy.e --Y [guard]--> toy.a',
      ].sort(),
    );
    expect(report.uncovered.sort()).toEqual(
      ['toy.c --PING--> (self)', 'toy.e --X [isBig]--> toy.a', 'toy.e --Y [guard]--> toy.a'].sort(),
    );
  });

  it('names the transitions taken that change nothing', () => {
    expect(noOpTransitions(entry)).toEqual(['toy.c --PING--> (self)']);
    expect(report.noOps).toEqual(['toy.c --PING--> (self)']);
  });
});

describe('a machine traversed once', () => {
  // the guard counts how often the machine is asked: every traversal and every transition looked up asks it
  let asked = 0;
  const gated = setup({
    guards: {
      isOpen: () => {
        asked++;
        return true;
      },
    },
  }).createMachine({
    id: 'gated',
    initial: 'a',
    states: { a: { on: { GO: { guard: 'isOpen', target: 'b' } } }, b: { on: { BACK: 'a' } } },
  });

  it('answers its paths, its report and its changeless transitions from one traversal', () => {
    const gatedEntry: RegisteredMachine = { id: 'gated', title: 'gated', machine: gated, events: [] };
    expect(flowPaths(gatedEntry).map((p) => p.key)).toEqual(['xstate.init → GO → BACK']);
    const traversed = asked;
    expect(traversed).toBeGreaterThan(0);
    expect(coverageOf(gatedEntry).uncovered).toEqual([]);
    expect(noOpTransitions(gatedEntry)).toEqual([]);
    expect(flowPaths(gatedEntry).map((p) => p.key)).toEqual(['xstate.init → GO → BACK']);
    expect(asked).toBe(traversed);
  });
});

describe('describeTransition', () => {
  it('names every target of a transition into parallel regions, in order', () => {
    const parallel = setup({}).createMachine({
      id: 'p',
      type: 'parallel',
      states: {
        x: { initial: 'one', states: { one: {}, two: {} } },
        y: { initial: 'one', states: { one: {}, two: {} } },
      },
      on: { BOTH: { target: ['.x.two', '.y.two'] } },
    });
    expect(allTransitions(parallel).map(describeTransition)).toEqual(['p --BOTH--> p.x.two,p.y.two']);
  });
});
