import { readFile } from 'node:fs/promises';
import type { TestRuns } from '../../domain/api/atlas';

const NO_RUNS: TestRuns = { recordedAt: null, levels: {} };

/** The report as written, or no runs when it is missing or not the TestRuns shape. */
export async function readTestRuns(file: string): Promise<TestRuns> {
  let value: unknown;
  try {
    value = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    return NO_RUNS;
  }
  return isTestRuns(value) ? { recordedAt: value.recordedAt, levels: value.levels } : NO_RUNS;
}

function isTestRuns(value: unknown): value is TestRuns {
  if (!isRecord(value)) return false;
  const { recordedAt, levels } = value;
  if (recordedAt !== null && (typeof recordedAt !== 'string' || Number.isNaN(Date.parse(recordedAt))))
    return false;
  return (
    isRecord(levels) &&
    Object.values(levels).every(
      (machines) =>
        isRecord(machines) &&
        Object.values(machines).every(
          (paths) => Array.isArray(paths) && paths.every((path) => typeof path === 'string'),
        ),
    )
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
