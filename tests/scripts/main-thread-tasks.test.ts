import { describe, expect, it } from 'vitest';
import { mainThreadTasks } from '../../scripts/perf-lighthouse/main-thread-tasks';

// a page's main thread (pid 1, tid 2) and a compositor (tid 3), in µs from the trace's origin
const main = { pid: 1, tid: 2 };
const X = (name: string, ts: number, dur: number, thread = main) => ({ name, ph: 'X', ts, dur, ...thread });
const TRACE = [
  { name: 'navigationStart', ph: 'R', ts: 1_000, ...main, args: { data: { isLoadingMainFrame: true } } },
  X('RunTask', 2_000, 5_000),
  X('ParseHTML', 2_500, 4_000),
  X('RunTask', 10_000, 80_000),
  X('UpdateLayoutTree', 10_500, 9_000),
  X('Layout', 20_000, 60_000),
  { name: 'firstContentfulPaint', ph: 'R', ts: 95_000, ...main },
  X('RunTask', 100_000, 30_000),
  X('v8.evaluateModule', 100_100, 25_000),
  X('RunMicrotasks', 125_500, 500),
  X('RunTask', 100_000, 90_000, { pid: 1, tid: 3 }),
  X('Layout', 100_500, 80_000, { pid: 1, tid: 3 }),
];

describe('the long main-thread tasks of a Lighthouse run', () => {
  it('lists each task of at least 20 ms on the page thread, from navigation, with what it did', () => {
    expect(mainThreadTasks(TRACE)).toEqual([
      'first contentful paint at 94 ms',
      'at 9 ms, 80 ms: layout 60, style 9',
      'at 99 ms, 30 ms: module evaluation 25',
    ]);
  });

  it('takes a lower threshold, and says when the trace has no page load', () => {
    expect(mainThreadTasks(TRACE, 5)).toContain('at 1 ms, 5 ms: HTML 4');
    expect(mainThreadTasks(TRACE.slice(1))).toEqual(['no page load in the trace']);
  });
});
