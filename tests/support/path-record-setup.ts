import type { TestProject } from 'vitest/node';
import { forgetLevel, type Level } from './path-record';

const LEVEL_OF_PROJECT: Record<string, Level> = { unit: 'machine', dom: 'jsdom', e2e: 'chromium' };

/** Each test project starts its level's record of passed paths afresh. */
export default function setup(project: TestProject) {
  const level = LEVEL_OF_PROJECT[project.name];
  if (level) forgetLevel(level);
}
