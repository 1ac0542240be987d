import type { TestProject } from 'vitest/node';
import { newRunId } from './path-record';

/**
 * Gives each run of a test project its id, which its records of passed paths are filed under (and each
 * rerun in watch mode a new one): a run forgets only what it records again.
 */
export default function setup(project: TestProject) {
  project.provide('pathRunId', newRunId());
  project.onTestsRerun(() => project.provide('pathRunId', newRunId()));
}
