import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { inject } from 'vitest';
import type { FlowPath } from '../../machine-paths/paths';
import type { Level } from '../../machine-paths/registry';

export { LEVELS, type Level } from '../../machine-paths/registry';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the test project run's id, which its records of passed paths are filed under */
    pathRunId: string;
  }
}

/**
 * Where each level's test runs write the paths that passed there, for `npm run machines:coverage`: a file
 * per level, machine and run, `<level>/<machine>/<run>.txt`, a path's key a line.
 */
export const PATH_RUNS_DIR = 'reports/path-runs';

/** A test project run's id: its start time first, so that a later run's sorts after an earlier one's. */
export const newRunId = (startedAt = new Date()): string =>
  `${startedAt.toISOString().replaceAll(':', '-')}.${process.pid}`;

const RECORD = '.txt';
const folderOf = (dir: string, level: Level, machineId: string) => path.join(dir, level, machineId);
/** The runs that recorded a machine's paths on a level, the latest last. */
const runsIn = (folder: string) => {
  try {
    return readdirSync(folder)
      .filter((file) => file.endsWith(RECORD))
      .map((file) => file.slice(0, -RECORD.length))
      .sort();
  } catch {
    return [];
  }
};

/**
 * How the run `runId` notes that a path agreed with its oracle at every step on a level. The run's first
 * note of a machine on a level drops the earlier runs' records of that machine on that level, and only
 * those: a run that tried none of its paths (one folder of tests, another machine's file) leaves a
 * machine's record as it was, and one that tried them replaces it.
 */
export function runRecord(runId: string, dir = PATH_RUNS_DIR) {
  const begun = new Set<string>();
  return (level: Level, machineId: string, flowPath: FlowPath): void => {
    const folder = folderOf(dir, level, machineId);
    if (!begun.has(folder)) {
      mkdirSync(folder, { recursive: true });
      // another worker of the same run may drop them at the same time
      for (const run of runsIn(folder))
        if (run < runId) rmSync(path.join(folder, `${run}${RECORD}`), { force: true });
      begun.add(folder);
    }
    appendFileSync(path.join(folder, `${runId}${RECORD}`), `${JSON.stringify(flowPath.key)}\n`);
  };
}

let record: ReturnType<typeof runRecord> | undefined;

/** Notes that a path agreed with its oracle at every step on this level, in this test run's record. */
export function recordPassedPath(level: Level, machineId: string, flowPath: FlowPath): void {
  if (!record) {
    const runId = inject('pathRunId');
    if (!runId) throw new Error('no pathRunId: the test project needs tests/support/path-record-setup.ts');
    record = runRecord(runId);
  }
  record(level, machineId, flowPath);
}

/** The keys of the paths that passed on a level in the latest run that recorded any of the machine's. */
export function passedPaths(level: Level, machineId: string, dir = PATH_RUNS_DIR): Set<string> {
  const folder = folderOf(dir, level, machineId);
  const latest = runsIn(folder).at(-1);
  if (latest === undefined) return new Set();
  return new Set(
    readFileSync(path.join(folder, `${latest}${RECORD}`), 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((line) => JSON.parse(line) as string),
  );
}
