import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const REPO = path.resolve('.');
const BIOME = path.join(REPO, 'node_modules/.bin/biome');

/**
 * Lints `source` as the module `name` of `folder` under this repository's biome.json: biome's exit status and
 * output.
 *
 * Nothing is written into the repository: the module goes to `folder` of a throwaway directory that holds a
 * copy of biome.json and package.json (node_modules linked), so the overrides match it as they would the
 * real folder, and no other process (a test run, a watcher, a commit) ever sees a probe there. Biome's own
 * standard-input mode (`--stdin-file-path`) cannot do this: it prints the text back, fixed or not, and
 * reports no lint diagnostic.
 */
export function lintIn(
  folder: string,
  source: string,
  name = 'boundary-probe.ts',
): { status: number | null; output: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), 'lint-probe-'));
  try {
    copyFileSync(path.join(REPO, 'biome.json'), path.join(root, 'biome.json'));
    copyFileSync(path.join(REPO, 'package.json'), path.join(root, 'package.json'));
    symlinkSync(path.join(REPO, 'node_modules'), path.join(root, 'node_modules'), 'dir');
    mkdirSync(path.join(root, folder), { recursive: true });
    const file = path.join(folder, name);
    writeFileSync(path.join(root, file), source);
    // no git repository there: the ignore file is not read (the probe is no file git ignores anyway)
    const run = spawnSync(BIOME, ['lint', '--colors=off', '--vcs-enabled=false', file], {
      cwd: root,
      encoding: 'utf8',
    });
    return { status: run.status, output: `${run.stdout}${run.stderr}` };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
