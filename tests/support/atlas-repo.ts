import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/*
 * A throwaway repository under the OS temp dir for the atlas's commands on refs (atlas:diff, atlas:release):
 * a registry of two small machines and the atlas's machine reading (copied from here), never this
 * repository's history. Its first commit, tagged `before`, has `flow` as `registry('before')` draws it.
 */

const REPO = process.cwd();
const TSX = path.join(REPO, 'node_modules/tsx/dist/esm/index.mjs');

export type RegistryVersion = 'before' | 'after';

/** The registry: `flow` in one of two versions (a guard renamed, a state added), and `other`, the same in both. */
const registry = (version: RegistryVersion) => `import { setup } from 'xstate';

const flow = setup({ guards: { isReady: () => true, isAllowed: () => true } }).createMachine({
  id: 'flow',
  initial: 'idle',
  states: {
    idle: { on: { go: { guard: '${version === 'before' ? 'isReady' : 'isAllowed'}', target: 'busy' } } },
    busy: { after: { 1000: 'done' }, on: { stop: 'idle' } },
    done: { type: 'final' },${version === 'after' ? '\n    paused: {},' : ''}
  },
});

const other = setup({}).createMachine({
  id: 'other',
  initial: 'a',
  states: { a: { on: { next: 'b' } }, b: {} },
});

export const machines = [
  { id: 'flow', title: '流程', machine: flow, events: [] },
  { id: 'other', title: '其他', machine: other, events: [] },
];
`;

export interface AtlasRepo {
  /** the repository's work tree */
  repo: string;
  /** the TMPDIR the commands run with, to see what they leave there */
  temp: string;
  git: (...args: string[]) => string;
  commit: (message: string) => void;
  writeRegistry: (version: RegistryVersion) => void;
  /** runs one of this repository's scripts in the throwaway one, as a person would */
  run: (script: string, args: string[]) => { status: number | null; stdout: string; stderr: string };
  remove: () => void;
}

export function atlasRepo(): AtlasRepo {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'atlas-repo-test-')));
  const repo = path.join(root, 'repo');
  const temp = path.join(root, 'tmp');
  mkdirSync(temp);
  mkdirSync(path.join(repo, 'machine-paths'), { recursive: true });
  mkdirSync(path.join(repo, 'atlas-engine'), { recursive: true });
  copyFileSync(
    path.join(REPO, 'atlas-engine/machine-graph.ts'),
    path.join(repo, 'atlas-engine/machine-graph.ts'),
  );
  writeFileSync(path.join(repo, 'package.json'), '{ "type": "module", "version": "1.0.0" }\n');
  writeFileSync(path.join(repo, '.gitignore'), 'node_modules\nout\n');
  symlinkSync(path.join(REPO, 'node_modules'), path.join(repo, 'node_modules'), 'dir');

  const git = (...args: string[]) =>
    execFileSync('git', ['-C', repo, ...args], {
      encoding: 'utf8',
      env: {
        ...process.env,
        GIT_AUTHOR_NAME: 'fixture',
        GIT_AUTHOR_EMAIL: 'fixture@example.invalid',
        GIT_COMMITTER_NAME: 'fixture',
        GIT_COMMITTER_EMAIL: 'fixture@example.invalid',
      },
    }).trim();
  const commit = (message: string) => {
    git('add', '.');
    git('-c', 'commit.gpgsign=false', 'commit', '-q', '-m', message);
  };
  const writeRegistry = (version: RegistryVersion) =>
    writeFileSync(path.join(repo, 'machine-paths/registry.ts'), registry(version));
  const run = (script: string, args: string[]) => {
    const child = spawnSync(process.execPath, ['--import', TSX, path.join(REPO, script), ...args], {
      cwd: repo,
      encoding: 'utf8',
      // a ref's tree is extracted under TMPDIR: the test's own, to see that it is removed. tsx takes the
      // tsconfig of the directory a command runs in, for the files under it: this repository's for the script's
      env: { ...process.env, TMPDIR: temp, TSX_TSCONFIG_PATH: path.join(REPO, 'tsconfig.json') },
    });
    return { status: child.status, stdout: child.stdout, stderr: child.stderr };
  };

  writeRegistry('before');
  git('init', '-q');
  commit('before');
  git('tag', 'before');
  return {
    repo,
    temp,
    git,
    commit,
    writeRegistry,
    run,
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}
