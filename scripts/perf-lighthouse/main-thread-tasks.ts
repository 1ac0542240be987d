/** One event of a Chromium trace, as Lighthouse's artifacts hold it. */
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { data?: { isLoadingMainFrame?: boolean } };
}

// what a task spent its time on, by the trace events that name it (durations in the trace are µs)
const KINDS: Record<string, string> = {
  ParseHTML: 'HTML',
  ParseAuthorStyleSheet: 'CSS',
  UpdateLayoutTree: 'style',
  Layout: 'layout',
  'v8.evaluateModule': 'module evaluation',
  FunctionCall: 'script',
  RunMicrotasks: 'promises',
  MinorGC: 'GC',
  MajorGC: 'GC',
};

/**
 * The page's main-thread tasks of at least `least` ms as the run observed them, unthrottled: Lighthouse's
 * simulation multiplies them by 4, and each one past 50 ms counts in total blocking time. A line a task:
 * when it started after navigation, how long it took, and what it spent that time on.
 */
export function mainThreadTasks(traceEvents: readonly TraceEvent[], least = 20): string[] {
  const start = traceEvents.find((e) => e.name === 'navigationStart' && e.args?.data?.isLoadingMainFrame);
  const parse = traceEvents.find((e) => e.name === 'ParseHTML' && start && e.ts >= start.ts);
  if (!start || !parse) return ['no page load in the trace'];
  const onMain = traceEvents.filter((e) => e.pid === parse.pid && e.tid === parse.tid && e.ph === 'X');
  const ms = (us: number) => Math.round(us / 1000);
  const paint = traceEvents.find((e) => e.name === 'firstContentfulPaint' && e.ts >= start.ts);
  const lines = paint ? [`first contentful paint at ${ms(paint.ts - start.ts)} ms`] : [];
  for (const task of onMain) {
    if (task.name !== 'RunTask' || task.ts < start.ts || (task.dur ?? 0) < least * 1000) continue;
    const end = task.ts + (task.dur ?? 0);
    const spent = new Map<string, number>();
    for (const event of onMain) {
      const kind = KINDS[event.name];
      if (!kind || event.ts < task.ts || event.ts >= end) continue;
      spent.set(kind, (spent.get(kind) ?? 0) + (event.dur ?? 0));
    }
    const what = [...spent]
      .filter(([, us]) => us >= 1000)
      .sort((a, b) => b[1] - a[1])
      .map(([kind, us]) => `${kind} ${ms(us)}`);
    lines.push(
      `at ${ms(task.ts - start.ts)} ms, ${ms(task.dur ?? 0)} ms: ${what.join(', ') || 'browser work'}`,
    );
  }
  return lines;
}
