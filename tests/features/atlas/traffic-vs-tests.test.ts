import { describe, expect, it } from 'vitest';
import { machineGraph } from '../../../atlas-engine/machine-graph';
import { standingOf, trafficVsTests } from '../../../atlas-engine/traffic-vs-tests';
import { flowPaths } from '../../../machine-paths/paths';
import { machines } from '../../../machine-paths/registry';
import type { TestRuns, Traffic } from '../../../src/domain/api/atlas';

/*
 * Issue 37, question 2, on the cart machine: each transition is taken by visitors and covered by passing paths
 * on all three levels (both), taken and not covered (risk), covered and never taken (tested), or neither.
 * The report's paths all passed on every level but those adding a package (cart.add [hasRoom]), which passed
 * on the machine and in jsdom only: a transition covered on two levels is not covered.
 */

const cart = machines.find((m) => m.id === 'cart')!;
const graph = machineGraph(cart.machine);
const paths = flowPaths(cart);

const edgeOf = (source: string, event: string, guard?: string) => {
  const edge = graph.edges.find(
    (e) =>
      e.source === `cart.${source}` &&
      e.eventType === event &&
      (guard === undefined ? !e.label.includes('[') : e.label.includes(`[${guard}]`)),
  );
  if (!edge) throw new Error(`no edge ${source} ${event} ${guard}`);
  return edge;
};
const ADD = edgeOf('ready', 'cart.add', 'hasRoom');
const LOADED = edgeOf('loading', 'xstate.done.actor.loadCart');
const INSERTED = edgeOf('adding', 'xstate.done.actor.insertCartItem');
const REFRESH = edgeOf('ready', 'cart.refresh');
const FULL = edgeOf('adding', 'xstate.error.actor.insertCartItem', 'isCartFull');

const adding = (key: string) => paths.find((p) => p.key === key)!.transitions.includes(ADD.transition);
const keys = paths.map((p) => p.key);
const RUNS: TestRuns = {
  recordedAt: '2026-11-28T01:00:00.000Z',
  levels: {
    machine: { cart: keys },
    jsdom: { cart: keys },
    chromium: { cart: keys.filter((key) => !adding(key)) },
  },
};

const TRAFFIC: Traffic = {
  machine: 'cart',
  from: '2026-11-22',
  to: '2026-11-28',
  visitors: 5,
  transitions: [
    { from: 'loading', event: 'xstate.done.actor.loadCart', to: 'ready', visitors: 5, times: 9 },
    { from: 'ready', event: 'cart.add', to: 'adding', visitors: 2, times: 3 },
    { from: 'adding', event: 'xstate.done.actor.insertCartItem', to: 'reloading', visitors: 3, times: 3 },
    { from: 'gone', event: 'cart.renamed', to: 'elsewhere', visitors: 1, times: 4 },
  ],
  states: [],
};

describe('the four standings', () => {
  it('follow the issue: taken and covered, taken only (the risk), covered only, neither', () => {
    expect(standingOf(true, true)).toBe('both');
    expect(standingOf(true, false)).toBe('risk');
    expect(standingOf(false, true)).toBe('tested');
    expect(standingOf(false, false)).toBe('neither');
  });

  it('put each transition of the cart in its group, covered meaning passed on all three levels', () => {
    // the fixture is what it says: some paths add a package, and others do not
    expect(keys.some(adding)).toBe(true);
    expect(keys.some((key) => !adding(key))).toBe(true);
    const four = trafficVsTests(graph, TRAFFIC, paths, RUNS, 'cart')!;
    const standing = (id: string) => four.standings.get(id);
    expect(standing(ADD.id)).toBe('risk');
    expect(standing(INSERTED.id)).toBe('risk');
    expect(standing(LOADED.id)).toBe('both');
    expect(standing(REFRESH.id)).toBe('tested');
    expect(standing(FULL.id)).toBe('neither');
    // every drawn transition once
    const listed = Object.values(four.groups).flat();
    expect(listed).toHaveLength(graph.edges.length);
    expect(new Set(listed.map((e) => e.edge.id)).size).toBe(graph.edges.length);
    for (const [name, group] of Object.entries(four.groups))
      for (const e of group) expect(four.standings.get(e.edge.id)).toBe(name);
  });

  it('lists the most visitors first within a group, with each one’s states and counts', () => {
    const four = trafficVsTests(graph, TRAFFIC, paths, RUNS, 'cart')!;
    expect(
      four.groups.risk.map(({ from, edge, to, visitors, times }) => [from, edge.label, to, visitors, times]),
    ).toEqual([
      ['adding', 'done: insertCartItem', 'reloading', 3, 3],
      ['ready', 'cart.add [hasRoom]', 'adding', 2, 3],
    ]);
    expect(four.groups.both.map((e) => [e.from, e.to, e.visitors, e.times])).toEqual([
      ['loading', 'ready', 5, 9],
    ]);
    expect(four.groups.tested.every((e) => e.visitors === 0 && e.times === 0 && e.covered)).toBe(true);
    expect(four.groups.neither.every((e) => e.visitors === 0 && !e.covered)).toBe(true);
    // a traced step today's machine has no transition for
    expect(four.unmatched).toBe(4);
    expect(four.levelsNotRun).toEqual([]);
  });

  it('covers nothing of a machine the report did not run on one level', () => {
    const runs: TestRuns = { ...RUNS, levels: { machine: { cart: keys }, jsdom: { cart: keys } } };
    const four = trafficVsTests(graph, TRAFFIC, paths, runs, 'cart')!;
    expect(four.levelsNotRun).toEqual(['chromium']);
    expect(four.groups.both).toEqual([]);
    expect(four.groups.tested).toEqual([]);
    // 5, 3 and 2 visitors
    expect(four.groups.risk.map((e) => e.edge.id)).toEqual([LOADED.id, INSERTED.id, ADD.id]);
  });

  it('says nothing of coverage with no report recorded, rather than calling every transition uncovered', () => {
    expect(trafficVsTests(graph, TRAFFIC, paths, { recordedAt: null, levels: {} }, 'cart')).toBeNull();
  });
});
