import { spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const BIOME = path.resolve('node_modules/.bin/biome');

/** Lints `source` as a module of `folder` (written there for the time of the lint): biome's exit status and output. */
export function lintIn(folder: string, source: string): { status: number | null; output: string } {
  const file = path.join(folder, `boundary-probe-${process.pid}.ts`);
  writeFileSync(file, source);
  try {
    const run = spawnSync(BIOME, ['lint', '--colors=off', file], { encoding: 'utf8' });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(file, { force: true });
  }
}
