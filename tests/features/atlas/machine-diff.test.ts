import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, and, assign, fromPromise, not, or, setup, stateIn } from 'xstate';
import { DiagramSvg } from '../../../atlas-engine/diagram-svg';
import { diffDrawing, removedEdgeId } from '../../../atlas-engine/diff-drawing';
import { diffLines, diffSummary } from '../../../atlas-engine/diff-wording';
import { layoutMachine } from '../../../atlas-engine/layout';
import {
  alignBranches,
  diffMachine,
  diffMachines,
  type MachineDescription,
} from '../../../atlas-engine/machine-comparison';
import { describeMachine } from '../../../atlas-engine/machine-description';
import * as graphModule from '../../../atlas-engine/machine-graph';
import { ownReader } from '../../../scripts/atlas-describe';

/*
 * What changed in a machine (issue 37, "What changed"): states and transitions added, removed or changed
 * (target, guard, delay, actions, invoked actor), a transition whose guard changed being changed and not
 * removed and added; each version read from a small machine written here, as atlas:diff reads a tree.
 */

const base = setup({
  guards: { isReady: () => true, isAllowed: () => true, isLimit: (_, _params: { max: number }) => true },
  actions: { track: () => {}, note: () => {} },
  delays: { wait: 3000 },
  actors: { quote: fromPromise(async () => 1), quoteAgain: fromPromise(async () => 2) },
});

const describe_ = (machine: AnyStateMachine): MachineDescription =>
  describeMachine({ id: 'm', title: '測試', machine }, graphModule);

interface Config {
  id: string;
  context: object;
  initial: string;
  states: Record<string, Record<string, unknown>>;
}

/** The machine every case starts from: a guard, a delay, actions, an invoke. */
const config = (): Config => ({
  id: 'm',
  context: {},
  initial: 'idle',
  states: {
    idle: {
      on: {
        go: [
          { guard: 'isReady', target: 'busy', actions: 'track' },
          { guard: { type: 'isLimit', params: { max: 3 } }, target: 'busy' },
          { target: 'done' },
        ],
      },
      after: { 2000: 'done' },
    },
    busy: {
      invoke: { id: 'quote', src: 'quote', onDone: 'done', onError: 'idle' },
    },
    done: { type: 'final' },
  },
});

/** That machine with its config changed by `change` (a fresh copy each time). */
const variant = (change: (config: Config) => void): AnyStateMachine => {
  const c = config();
  change(c);
  return base.createMachine(c as never) as unknown as AnyStateMachine;
};

const before = variant(() => {});
const old = describe_(before);

const summaryOf = (after: AnyStateMachine) => {
  const diff = diffMachine(old, describe_(after));
  return {
    states: diff.states.map((c) => [c.kind, c.id, c.fields]),
    transitions: diff.transitions.map((c) => [c.kind, c.key, c.fields]),
  };
};

describe('a machine compared with itself', () => {
  it('has nothing added, removed or changed, and prints nothing', () => {
    const diff = diffMachine(old, describe_(variant(() => {})));
    expect(diff).toMatchObject({ kind: 'unchanged', states: [], transitions: [] });
    expect(diffLines(diff)).toEqual([]);
  });
});

describe('a transition changed in place is changed, not removed and added', () => {
  it('a guard renamed', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: Array<{ guard: unknown }> }).go[0]!.guard = 'isAllowed';
    });
    expect(summaryOf(after)).toEqual({ states: [], transitions: [['changed', 'm.idle|go|0', ['guard']]] });
  });

  it('a guard’s params', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: Array<{ guard: unknown }> }).go[1]!.guard = {
        type: 'isLimit',
        params: { max: 4 },
      };
    });
    expect(summaryOf(after).transitions).toEqual([['changed', 'm.idle|go|1', ['guard']]]);
  });

  it('a target', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: Array<{ target: string }> }).go[0]!.target = 'done';
    });
    expect(summaryOf(after).transitions).toEqual([['changed', 'm.idle|go|0', ['target']]]);
  });

  it('a delay’s length', () => {
    const after = variant((c) => {
      c.states.idle!.after = { wait: 'done' };
    });
    expect(summaryOf(after).transitions).toEqual([['changed', 'm.idle|xstate.after|0', ['delay']]]);
  });

  it('the actions', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: Array<{ actions: unknown }> }).go[0]!.actions = ['track', 'note'];
    });
    expect(summaryOf(after).transitions).toEqual([['changed', 'm.idle|go|0', ['actions']]]);
  });

  it('the actor an invoke runs: its state and its done and error transitions', () => {
    const after = variant((c) => {
      c.states.busy!.invoke = { id: 'quote', src: 'quoteAgain', onDone: 'done', onError: 'idle' };
    });
    expect(summaryOf(after)).toEqual({
      states: [['changed', 'm.busy', ['invokes']]],
      transitions: [
        ['changed', 'm.busy|xstate.done.actor.quote|0', ['actor']],
        ['changed', 'm.busy|xstate.error.actor.quote|0', ['actor']],
      ],
    });
  });

  it('a guard and a target at once, each named', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: unknown[] }).go[0] = {
        guard: 'isAllowed',
        target: 'done',
        actions: 'track',
      };
    });
    expect(summaryOf(after).transitions).toEqual([['changed', 'm.idle|go|0', ['target', 'guard']]]);
  });
});

describe('transitions added and removed', () => {
  it('a branch inserted among an event’s others is added, and the others stay as they were', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: unknown[] }).go.splice(1, 0, { guard: 'isAllowed', target: 'done' });
    });
    expect(summaryOf(after)).toEqual({ states: [], transitions: [['added', 'm.idle|go|1', []]] });
  });

  it('a branch taken out is removed, under its old key', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: unknown[] }).go.splice(1, 1);
    });
    expect(summaryOf(after).transitions).toEqual([['removed', 'm.idle|go|1', []]]);
  });

  it('a new event is added, an event no longer handled is removed', () => {
    const after = variant((c) => {
      c.states.done = { on: { again: 'idle' } };
      c.states.busy!.invoke = { id: 'quote', src: 'quote', onDone: 'done' };
    });
    expect(summaryOf(after)).toEqual({
      states: [['changed', 'm.done', ['kind']]],
      transitions: [
        ['added', 'm.done|again|0', []],
        ['removed', 'm.busy|xstate.error.actor.quote|0', []],
      ],
    });
  });
});

describe('states added, removed and changed', () => {
  it('a state added with its children, a state removed, a state made final and the initial one moved', () => {
    const after = variant((c) => {
      c.initial = 'busy';
      c.states.paused = { initial: 'a', states: { a: {}, b: {} } };
      delete c.states.done;
      c.states.idle = { on: { go: { target: 'busy' } } };
      c.states.busy = { type: 'final' };
    });
    const { states } = summaryOf(after);
    expect(states).toEqual([
      ['changed', 'm.idle', ['initial']],
      ['changed', 'm.busy', ['kind', 'initial', 'invokes']],
      ['added', 'm.paused', []],
      ['added', 'm.paused.a', []],
      ['added', 'm.paused.b', []],
      ['removed', 'm.done', []],
    ]);
  });
});

describe('a machine on one side only', () => {
  it('is all added, or all removed, and its root is no state of it', () => {
    const [added] = diffMachines([], [old]);
    expect(added!.kind).toBe('added');
    expect(added!.states.map((c) => [c.kind, c.id])).toEqual([
      ['added', 'm.idle'],
      ['added', 'm.busy'],
      ['added', 'm.done'],
    ]);
    expect(added!.transitions.every((c) => c.kind === 'added')).toBe(true);
    expect(added!.transitions).toHaveLength(old.transitions.length);
    const [removed] = diffMachines([old], []);
    expect(removed!.kind).toBe('removed');
    expect(removed!.states.every((c) => c.kind === 'removed')).toBe(true);
    expect(removed!.transitions).toHaveLength(old.transitions.length);
  });

  it('lists today’s machines in order, then those gone', () => {
    const other = { ...old, id: 'other' };
    const gone = { ...old, id: 'gone' };
    expect(diffMachines([gone, old], [other, old]).map((d) => [d.id, d.kind])).toEqual([
      ['other', 'added'],
      ['m', 'unchanged'],
      ['gone', 'removed'],
    ]);
  });
});

describe('aligning an event’s branches', () => {
  const same = (a: string, b: string) => a === b;
  it.each([
    ['one changed in place', ['a'], ['x'], [['a', 'x']]],
    [
      'one inserted',
      ['a', 'b'],
      ['a', 'x', 'b'],
      [
        ['a', 'a'],
        [undefined, 'x'],
        ['b', 'b'],
      ],
    ],
    [
      'one taken out',
      ['a', 'b', 'c'],
      ['a', 'c'],
      [
        ['a', 'a'],
        ['b', undefined],
        ['c', 'c'],
      ],
    ],
    [
      'one changed between two kept',
      ['a', 'b', 'c'],
      ['a', 'x', 'c'],
      [
        ['a', 'a'],
        ['b', 'x'],
        ['c', 'c'],
      ],
    ],
    [
      'two changed, one more',
      ['a', 'b'],
      ['x', 'y', 'z'],
      [
        ['a', 'x'],
        ['b', 'y'],
        [undefined, 'z'],
      ],
    ],
    [
      'swapped',
      ['a', 'b'],
      ['b', 'a'],
      [
        ['a', undefined],
        ['b', 'b'],
        [undefined, 'a'],
      ],
    ],
  ])('%s', (_, before, after, pairs) => {
    expect(alignBranches(before, after, same)).toEqual(pairs);
  });
});

describe('the list printed', () => {
  it('names each change and what changed in it, and sums them up', () => {
    const after = variant((c) => {
      (c.states.idle!.on as { go: Array<{ guard: unknown }> }).go[0]!.guard = 'isAllowed';
      c.states.paused = {};
    });
    const diff = diffMachine(old, describe_(after));
    expect(diffLines(diff)).toEqual([
      'm（測試）: 1 state added, 1 transition changed',
      '  + state paused (atomic)',
      '  ~ transition idle · go [isAllowed]: guard isReady → isAllowed',
    ]);
    expect(diffSummary([diff, diffMachine(old, old)])).toBe(
      '1 of 2 machines changed; states: 1 added, 0 removed, 0 changed; transitions: 0 added, 0 removed, 1 changed',
    );
    expect(diffSummary([diffMachine(old, old)])).toBe('no machine changed (1 compared)');
  });
});

describe('the machine read without its tree’s machine-graph.ts', () => {
  it('reads the same states and transitions as with it (a tree from before the atlas)', () => {
    const withGraph = describe_(before);
    const alone = describeMachine({ id: 'm', title: '測試', machine: before }, ownReader);
    expect(alone.states).toEqual(withGraph.states);
    expect(alone.transitions).toEqual(withGraph.transitions.map(({ edges: _, ...t }) => t));
  });

  it('describes an assign, a higher-order guard and a named delay’s length, with its graph or without', () => {
    const machine: AnyStateMachine = setup({
      guards: { isReady: () => true, isSet: () => true },
      delays: { later: ({ context }: { context: { seconds: number } }) => context.seconds * 1000 },
    }).createMachine({
      id: 'm',
      context: { seconds: 90 },
      initial: 'a',
      states: {
        a: {
          on: {
            go: { target: 'b', actions: assign({ seconds: 1 }) },
            both: { target: 'b', guard: and(['isReady', not('isSet')]) },
          },
          after: { later: 'b' },
        },
        b: {},
      },
    });
    const [go, both, later] = describe_(machine).transitions;
    expect(go).toMatchObject({ actions: ['xstate.assign'], targets: ['m.b'] });
    expect(both).toMatchObject({ guard: 'and(isReady, not(isSet))', label: 'both [guard]' });
    expect(later).toMatchObject({
      event: 'xstate.after',
      delay: 'later (90 s)',
      label: 'after later (90 s)',
    });
    const alone = describeMachine({ id: 'm', title: '測試', machine }, ownReader);
    expect(alone.transitions).toEqual(describe_(machine).transitions.map(({ edges: _, ...t }) => t));
  });
});

describe('a machine read in a minified build', () => {
  it('names XState’s higher-order guards as Node does, whatever their functions are renamed to', () => {
    /** As a minifier leaves a function: another name. */
    const renamed = <T extends object>(guard: T): T => Object.defineProperty(guard, 'name', { value: 'e' });
    const machine = (minified: boolean): AnyStateMachine => {
      const rename = minified ? renamed : <T>(guard: T) => guard;
      return setup({ guards: { isReady: () => true, isSet: () => true } }).createMachine({
        id: 'm',
        initial: 'a',
        states: {
          a: {
            on: {
              both: { target: 'b', guard: rename(and(['isReady', rename(not(rename(or(['isSet']))))])) },
              inB: { target: 'b', guard: rename(stateIn('#m.b')) },
            },
          },
          b: {},
        },
      }) as unknown as AnyStateMachine;
    };
    const guards = (minified: boolean) => describe_(machine(minified)).transitions.map((t) => t.guard);
    expect(guards(true)).toEqual(['and(isReady, not(or(isSet)))', 'stateIn']);
    expect(guards(true)).toEqual(guards(false));
  });
});

describe('the diagram of a changed machine', () => {
  const after = variant((c) => {
    (c.states.idle!.on as { go: Array<{ guard: unknown }> }).go[0]!.guard = 'isAllowed';
    c.states.paused = { on: { resume: 'idle' } };
    delete c.states.done;
    c.states.idle!.after = {};
    (c.states.idle!.on as { go: unknown[] }).go.pop();
    c.states.busy!.invoke = { id: 'quote', src: 'quote', onDone: 'idle', onError: 'idle' };
  });
  const diff = diffMachine(old, describe_(after));

  it('marks today’s added and changed elements and draws the removed ones from the old machine', async () => {
    const { extras, marks } = diffDrawing(diff);
    expect(extras.states.map((s) => [s.parent, s.state.id])).toEqual([['m', 'm.done']]);
    expect(Object.fromEntries(marks.states)).toEqual({ 'm.paused': 'added', 'm.done': 'removed' });
    expect(Object.fromEntries(marks.edges)).toEqual({
      'm.idle|go|0|0': 'changed',
      'm.busy|xstate.done.actor.quote|0|0': 'changed',
      'm.paused|resume|0|0': 'added',
      [removedEdgeId('m.idle|go|2', 0)]: 'removed',
      [removedEdgeId('m.idle|xstate.after|0', 0)]: 'removed',
    });
    expect(extras.edges.map((e) => [e.source, e.target, e.label])).toEqual([
      ['m.idle', 'm.done', 'go'],
      ['m.idle', 'm.done', 'after 2 s'],
    ]);

    const layout = await layoutMachine(after, extras);
    const svg = renderToStaticMarkup(
      createElement(DiagramSvg, { layout, title: '測試', marks: { diff: { ...marks, against: 'v1' } } }),
    );
    const marked = [...svg.matchAll(/data-(state|edge)="([^"]+)"[^>]*data-diff="(\w+)"/g)].map((m) => [
      m[2],
      m[3],
    ]);
    expect(Object.fromEntries(marked)).toEqual({
      ...Object.fromEntries(marks.states),
      ...Object.fromEntries(marks.edges),
    });
    // told apart without colour: a dash pattern and a badge each, and a legend naming them
    for (const label of ['新增', '變更', '移除', '與 v1 比較']) expect(svg).toContain(label);
    expect(svg).toContain('stroke-dasharray="9 4"');
    expect(svg).toContain('stroke-dasharray="2 3"');
    expect(svg.match(/data-diff-badge="added"/g)).toHaveLength(2 + 1);
    // the old machine's drawn state is not counted as one of today's
    expect(svg).toContain('aria-label="測試狀態圖：3 個狀態');
  });

  it('draws a machine without diff marks as before: no badge, no legend', async () => {
    const svg = renderToStaticMarkup(
      createElement(DiagramSvg, { layout: await layoutMachine(after), title: '測試' }),
    );
    expect(svg).not.toContain('data-diff');
  });
});
