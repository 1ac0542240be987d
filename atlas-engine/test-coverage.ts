import type { AnyTransitionDefinition } from 'xstate';
import type { FlowPath } from '../machine-paths/paths';
import type { TestRuns } from '../src/domain/api/atlas';

/*
 * What the last test report says of a machine's generated paths: a path's result on each level (the machine,
 * jsdom, Chromium), and the declared transitions taken by a path that passed on every level. The 測試路徑 and
 * 流量與測試 views read the report through these alone, so they count a transition covered the same way.
 */

/** The levels a path runs on, in the report's keys, with the names the atlas shows. */
export const LEVEL_NAMES: Record<string, string> = { machine: '機器', jsdom: 'jsdom', chromium: 'Chromium' };
export const LEVELS = Object.keys(LEVEL_NAMES);

export type Result = 'passed' | 'failed' | 'unrun';

/** A path's last result on each level: unrun when the report has no run of the machine on that level. */
export function resultsOf(runs: TestRuns | null, machineId: string, path: FlowPath): Array<[string, Result]> {
  return LEVELS.map((level) => {
    const passed = runs?.levels[level]?.[machineId];
    if (!passed) return [level, 'unrun'];
    return [level, passed.includes(path.key) ? 'passed' : 'failed'];
  });
}

/** Whether a path passed on every level of the report (never when it was not run on one of them). */
export const passedOnEveryLevel = (runs: TestRuns | null, machineId: string, path: FlowPath) =>
  resultsOf(runs, machineId, path).every(([, result]) => result === 'passed');

/** The declared transitions taken by a path that passed on every level of the report. */
export function transitionsPassed(
  paths: readonly FlowPath[],
  runs: TestRuns | null,
  machineId: string,
): Set<AnyTransitionDefinition> {
  return new Set(paths.filter((p) => passedOnEveryLevel(runs, machineId, p)).flatMap((p) => p.transitions));
}

/** The levels the report holds no run of the machine on (nothing can pass every level then). */
export const levelsNotRun = (runs: TestRuns | null, machineId: string) =>
  LEVELS.filter((level) => !runs?.levels[level]?.[machineId]);
