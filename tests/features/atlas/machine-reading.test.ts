import { describe, expect, it } from 'vitest';
import { assign, createMachine, fromPromise, setup } from 'xstate';
import { eventLabel, graphStates, machineGraph } from '../../../atlas-engine/machine-graph';
import { activeStateIds, edgesOf, payloadSummary } from '../../../atlas-engine/simulation';
import { funnel, trafficMarks } from '../../../atlas-engine/traffic-marks';
import type { Traffic } from '../../../src/domain/api/atlas';

/*
 * How the atlas reads a machine (the issue: transitions labelled with event, guard name and delay, invoked
 * actors named, compound states as containers, initial and final marked), on small machines written here
 * with one of each kind of thing.
 */

describe('an event as the diagram labels it', () => {
  it.each([
    ['xstate.after.1500.m.wait', 'after 1.5 s'],
    ['xstate.after.remindAfter.session.active', 'after remindAfter'],
    ['xstate.done.actor.submitContact', 'done: submitContact'],
    ['xstate.error.actor.quote', 'error: quote'],
    ['x.xstate.done.actor.quote', 'x.xstate.done.actor.quote'],
    ['x.xstate.error.actor.quote', 'x.xstate.error.actor.quote'],
    ['x.xstate.after.1500.m.wait', 'x.xstate.after.1500.m.wait'],
    ['xstate.after.15a.m.wait', 'after 15a'],
    ['', 'always'],
    ['plan.confirm', 'plan.confirm'],
  ])('%s reads %s', (type, label) => {
    expect(eventLabel(type)).toBe(label);
  });
});

const flow = setup({
  guards: { isReady: () => true, isLimit: (_, _params: { max: number }) => true },
  delays: { wait: 3000, later: ({ context }: { context: { seconds: number } }) => context.seconds * 1000 },
  actors: { quote: fromPromise(async () => 1), store: fromPromise(async () => 1) },
}).createMachine({
  id: 'm',
  context: { seconds: 90 },
  initial: 'idle',
  on: { reset: '.idle' },
  states: {
    idle: {
      description: 'Nothing asked yet.',
      on: {
        go: [
          { target: 'busy', guard: 'isReady' },
          { target: 'busy', guard: { type: 'isLimit', params: { max: 3 } } },
          { target: 'busy', guard: () => false },
          { target: 'busy' },
        ],
        note: { actions: assign({ seconds: 5 }) },
      },
      after: { 2000: 'busy', wait: 'busy', later: 'busy' },
    },
    busy: {
      invoke: [
        { id: 'first', src: 'quote' },
        { id: 'second', src: 'store' },
      ],
      initial: 'asking',
      states: { asking: { always: 'told' }, told: { type: 'final' } },
      onDone: 'done',
    },
    both: { type: 'parallel', states: { left: {}, right: {} } },
    done: { type: 'final' },
  },
});

describe('a machine read as a graph', () => {
  const graph = machineGraph(flow);
  const labels = graph.edges.map((e) => e.label);

  it('labels each guard by its name, a parameterised one by its type, an inline one as a guard', () => {
    expect(labels.filter((l) => l.startsWith('go'))).toEqual([
      'go [isReady]',
      'go [isLimit]',
      'go [guard]',
      'go',
    ]);
  });

  it('labels each delay with its length: a number, a named number, a named one worked out on the context', () => {
    expect(labels).toEqual(expect.arrayContaining(['after 2 s', 'after wait (3 s)', 'after later (90 s)']));
  });

  it('gives each transition its own edge, a targetless one a loop on its state, an eventless one “always”', () => {
    const ids = graph.edges.map((e) => e.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => id.startsWith('m.idle|go|'))).toEqual([
      'm.idle|go|0|0',
      'm.idle|go|1|0',
      'm.idle|go|2|0',
      'm.idle|go|3|0',
    ]);
    const note = graph.edges.find((e) => e.eventType === 'note')!;
    expect([note.source, note.target]).toEqual(['m.idle', 'm.idle']);
    expect(graph.edges.find((e) => e.source === 'm.busy.asking')?.label).toBe('always');
    expect(graph.edges.find((e) => e.eventType === 'reset')).toMatchObject({ source: 'm', target: 'm.idle' });
  });

  it('names the actors a state invokes, marks initial, final, compound and parallel states, keeps descriptions', () => {
    const byKey = new Map(graphStates(graph).map((s) => [s.id, s]));
    expect(byKey.get('m.busy')).toMatchObject({
      invokes: ['quote', 'store'],
      kind: 'compound',
      path: 'busy',
    });
    expect(byKey.get('m.busy.asking')).toMatchObject({ initial: true, kind: 'atomic', path: 'busy.asking' });
    expect(byKey.get('m.busy.told')).toMatchObject({ initial: false, kind: 'final' });
    expect(byKey.get('m.idle')).toMatchObject({
      initial: true,
      description: 'Nothing asked yet.',
      invokes: [],
    });
    expect(byKey.get('m.done')).toMatchObject({ initial: false, kind: 'final' });
    expect(byKey.get('m.done')).not.toHaveProperty('description');
    expect(byKey.get('m.both')).toMatchObject({ kind: 'parallel', initial: false });
    expect(byKey.get('m.both.left')?.initial).toBe(false);
    expect(graphStates(graph)).toHaveLength(8);
  });

  it('leaves a named delay without its length when the context comes from input', () => {
    const fromInput = setup({ delays: { later: () => 1000 } }).createMachine({
      context: ({ input }: { input: { n: number } }) => ({ n: input.n }),
      initial: 'a',
      states: { a: { after: { later: 'b' } }, b: {} },
    });
    expect(machineGraph(fromInput).edges[0]?.label).toBe('after later');
  });
});

describe('the simulation’s marks', () => {
  const graph = machineGraph(flow);

  it('lights a state and its ancestors, in every region of a parallel state', () => {
    expect(activeStateIds(graph, { busy: 'asking' })).toEqual(new Set(['m.busy', 'm.busy.asking']));
    expect(activeStateIds(graph, { both: { left: {}, right: {} } })).toEqual(
      new Set(['m.both', 'm.both.left', 'm.both.right']),
    );
    expect(activeStateIds(graph, 'idle')).toEqual(new Set(['m.idle']));
  });

  it('lights the edges of the transitions taken, and none when none was', () => {
    const go = graph.edges.find((e) => e.id === 'm.idle|go|1|0')!;
    expect(edgesOf(graph, [go.transition])).toEqual(new Set(['m.idle|go|1|0']));
    expect(edgesOf(graph, [])).toEqual(new Set());
  });

  it('shows a payload short on its button, none for a bare event', () => {
    expect(payloadSummary({ type: 'a' })).toBe('');
    expect(payloadSummary({ type: 'a', step: 2 } as never)).toBe('{"step":2}');
    const long = { type: 'a', text: 'x'.repeat(60) } as never;
    expect(payloadSummary(long)).toBe(`${JSON.stringify({ text: 'x'.repeat(60) }).slice(0, 47)}…`);
    const exact = { type: 'a', t: 'y'.repeat(40) } as never; // {"t":"…"} is 48 characters
    expect(payloadSummary(exact)).toBe(JSON.stringify({ t: 'y'.repeat(40) }));
  });
});

describe('traffic read onto a machine with nested states and a transition of the machine itself', () => {
  const nested = createMachine({
    id: 'n',
    initial: 'a',
    on: { reset: '.a' },
    states: {
      a: { on: { go: 'b' } },
      b: { initial: 'x', on: { go: 'a' }, states: { x: { on: { next: 'y' } }, y: {} } },
    },
  });
  const graph = machineGraph(nested);
  const traffic = (rows: Traffic['transitions'], states: Traffic['states']): Traffic => ({
    machine: 'cart',
    from: '2026-11-26',
    to: '2026-11-26',
    visitors: 9,
    transitions: rows,
    states,
  });
  const idOf = (source: string, event: string) =>
    graph.edges.find((e) => e.source === source && e.eventType === event)!.id;

  it('gives each step to the transition whose source and target its states are in', () => {
    const marks = trafficMarks(
      graph,
      traffic(
        [
          { from: 'a', event: 'go', to: 'b.x', visitors: 4, times: 4 },
          { from: 'b.y', event: 'go', to: 'a', visitors: 2, times: 3 },
          { from: 'b.x', event: 'reset', to: 'a', visitors: 1, times: 1 },
          { from: 'b.x', event: 'next', to: 'b.y', visitors: 3, times: 3 },
          { from: 'b.x', event: 'next', to: 'b.y', visitors: 2, times: 2 },
          { from: 'a', event: 'next', to: 'b.y', visitors: 5, times: 6 },
        ],
        [],
      ),
    );
    expect(marks.edgeCounts.get(idOf('n.a', 'go'))).toBe(4);
    expect(marks.edgeCounts.get(idOf('n.b', 'go'))).toBe(2);
    expect(marks.edgeCounts.get(idOf('n', 'reset'))).toBe(1);
    expect(marks.edgeCounts.get(idOf('n.b.x', 'next'))).toBe(5);
    expect(marks.unmatched).toBe(6);
  });

  it('counts nested states by their own path, and a funnel with nobody in its first step has no shares', () => {
    const empty = traffic([], [{ state: 'b.x', visitors: 2 }]);
    expect(trafficMarks(graph, empty).stateCounts).toEqual(
      new Map([
        ['n.a', 0],
        ['n.b', 0],
        ['n.b.x', 2],
        ['n.b.y', 0],
      ]),
    );
    expect(funnel(graph, traffic([], [{ state: 'b', visitors: 2 }]))).toEqual([
      { state: 'a', visitors: 0, kept: null, ofFirst: null },
      { state: 'b', visitors: 2, kept: null, ofFirst: null },
    ]);
  });
});
