import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import type { FlowPath } from '../../machine-paths/paths';
import type { Level } from '../../machine-paths/registry';

export { LEVELS, type Level } from '../../machine-paths/registry';

/** Where each level's test run writes the paths that passed there, for `npm run machines:coverage`. */
export const PATH_RUNS_DIR = 'reports/path-runs';

const fileOf = (level: Level, machineId: string) => path.join(PATH_RUNS_DIR, `${level}.${machineId}.txt`);

/** Notes that a path agreed with its oracle at every step on this level. */
export function recordPassedPath(level: Level, machineId: string, flowPath: FlowPath): void {
  mkdirSync(PATH_RUNS_DIR, { recursive: true });
  appendFileSync(fileOf(level, machineId), `${JSON.stringify(flowPath.key)}\n`);
}

/** The keys of the paths that passed on a level in its last run. */
export function passedPaths(level: Level, machineId: string): Set<string> {
  try {
    return new Set(
      readFileSync(fileOf(level, machineId), 'utf8')
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as string),
    );
  } catch {
    return new Set();
  }
}

/** Forgets a level's records when its test run starts, so what is shown is that run's alone. */
export function forgetLevel(level: Level): void {
  mkdirSync(PATH_RUNS_DIR, { recursive: true });
  for (const file of readdirSync(PATH_RUNS_DIR))
    if (file.startsWith(`${level}.`)) rmSync(path.join(PATH_RUNS_DIR, file));
}
