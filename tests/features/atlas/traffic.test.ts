import { describe, expect, it } from 'vitest';
import { machineGraph } from '../../../atlas-engine/machine-graph';
import { funnel, trafficMarks } from '../../../atlas-engine/traffic-marks';
import { machines } from '../../../machine-paths/registry';
import type { Traffic } from '../../../src/domain/api/atlas';

/*
 * Traffic on the session machine (docs/specification.md §4: the session starts, a reminder after 1440 s, the end 300 s later):
 * three visitors started it, two were reminded, one let it end.
 */

const session = machines.find((m) => m.id === 'session')!;
const graph = machineGraph(session.machine);

const traffic: Traffic = {
  machine: 'session',
  from: '2026-11-20',
  to: '2026-11-26',
  visitors: 3,
  transitions: [
    { from: 'starting', event: 'xstate.done.actor.startSession', to: 'active', visitors: 3, times: 5 },
    {
      from: 'active',
      event: 'xstate.after.remindAfter.session.active',
      to: 'reminding',
      visitors: 2,
      times: 2,
    },
    { from: 'reminding', event: 'session.continue', to: 'starting', visitors: 1, times: 1 },
    {
      from: 'reminding',
      event: 'xstate.after.endAfter.session.reminding',
      to: 'ending',
      visitors: 1,
      times: 1,
    },
    { from: 'gone', event: 'session.renamed', to: 'elsewhere', visitors: 4, times: 7 },
  ],
  states: [
    { state: 'starting', visitors: 3 },
    { state: 'active', visitors: 3 },
    { state: 'reminding', visitors: 2 },
    { state: 'ending', visitors: 1 },
  ],
};

const edgeTo = (event: string) => graph.edges.find((e) => e.eventType === event)!.id;

describe('the traffic drawn on the diagram', () => {
  const marks = trafficMarks(graph, traffic);

  it('counts each state’s visitors on it, none where nobody was', () => {
    expect(marks.stateCounts.get('session.starting')).toBe(3);
    expect(marks.stateCounts.get('session.reminding')).toBe(2);
    expect(marks.stateCounts.get('session.ended')).toBe(0);
  });

  it('counts on each transition the visitors who took it', () => {
    expect(marks.edgeCounts.get(edgeTo('xstate.done.actor.startSession'))).toBe(3);
    expect(marks.edgeCounts.get(edgeTo('xstate.after.remindAfter.session.active'))).toBe(2);
    expect(marks.edgeCounts.get(edgeTo('session.continue'))).toBe(1);
    expect(marks.edgeCounts.get(edgeTo('xstate.error.actor.startSession'))).toBe(0);
  });

  it('tells how many traced steps fit no transition of the machine as it is now', () => {
    expect(marks.unmatched).toBe(7);
  });
});

describe('the funnel', () => {
  it('follows the states in the order declared, with the share kept from the step before and from the first', () => {
    expect(funnel(graph, traffic)).toEqual([
      { state: 'starting', visitors: 3, kept: 1, ofFirst: 1 },
      { state: 'active', visitors: 3, kept: 1, ofFirst: 1 },
      { state: 'reminding', visitors: 2, kept: 2 / 3, ofFirst: 2 / 3 },
      { state: 'ending', visitors: 1, kept: 1 / 2, ofFirst: 1 / 3 },
      { state: 'ended', visitors: 0, kept: 0, ofFirst: 0 },
    ]);
  });
});
