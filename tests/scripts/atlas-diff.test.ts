import { execFileSync, spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * npm run atlas:diff -- <ref> (issue 37, "What changed"): against a ref where one machine has one guard
 * changed and one state added, it reports exactly those and draws them. The refs are commits of a throwaway
 * repository under the OS temp dir holding a registry of two small machines and the atlas's machine reading
 * (copied from here), never this repository's history; the command runs on it as a reviewer would.
 */

const REPO = process.cwd();
const SCRIPT = path.join(REPO, 'scripts/atlas-diff.ts');
const TSX = path.join(REPO, 'node_modules/tsx/dist/esm/index.mjs');

/** The registry: `flow` in one of two versions, and `other`, the same in both. */
const registry = (version: 'before' | 'after') => `import { setup } from 'xstate';

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

let repo: string;
let temp: string;
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
const writeRegistry = (version: 'before' | 'after') =>
  writeFileSync(path.join(repo, 'machine-paths/registry.ts'), registry(version));

/** Runs the command in the throwaway repository: its exit status, its output, what it drew. */
function atlasDiff(ref: string) {
  const out = path.join(repo, 'out');
  rmSync(out, { recursive: true, force: true });
  const run = spawnSync(process.execPath, ['--import', TSX, SCRIPT, ref, '--out', out], {
    cwd: repo,
    encoding: 'utf8',
    // the ref's tree is extracted under TMPDIR: the test's own, to see that it is removed. tsx takes the
    // tsconfig of the directory a command runs in, for the files under it: this repository's for the script's
    env: { ...process.env, TMPDIR: temp, TSX_TSCONFIG_PATH: path.join(REPO, 'tsconfig.json') },
  });
  const svgs = existsSync(out) ? readdirSync(out) : [];
  return { status: run.status, stdout: run.stdout, stderr: run.stderr, svgs, out };
}

/** The elements a diagram marks, by state or edge id: `{ 'flow.paused': 'added' }`. */
const marksIn = (svg: string) =>
  Object.fromEntries(
    [...svg.matchAll(/<g data-(?:state|edge)="([^"]+)"[^>]*? data-diff="(\w+)"/g)].map((m) => [m[1], m[2]]),
  );

/** The list's lines about changes: those that name an element (indented), per machine header. */
const changeLines = (stdout: string) => stdout.split('\n').filter((line) => /^ {2}[+~-] /.test(line));
const machineHeaders = (stdout: string) => stdout.split('\n').filter((line) => /^\S+（.+）: /.test(line));

beforeAll(() => {
  const root = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'atlas-diff-test-')));
  repo = path.join(root, 'repo');
  temp = path.join(root, 'tmp');
  mkdirSync(temp);
  mkdirSync(path.join(repo, 'machine-paths'), { recursive: true });
  mkdirSync(path.join(repo, 'src/features/atlas'), { recursive: true });
  copyFileSync(
    path.join(REPO, 'src/features/atlas/machine-graph.ts'),
    path.join(repo, 'src/features/atlas/machine-graph.ts'),
  );
  writeFileSync(path.join(repo, 'package.json'), '{ "type": "module" }\n');
  writeFileSync(path.join(repo, '.gitignore'), 'node_modules\nout\n');
  symlinkSync(path.join(REPO, 'node_modules'), path.join(repo, 'node_modules'), 'dir');
  writeRegistry('before');
  git('init', '-q');
  git('add', '.');
  git('-c', 'commit.gpgsign=false', 'commit', '-q', '-m', 'before');
  git('tag', 'before');
});

afterAll(() => {
  if (repo) rmSync(path.dirname(repo), { recursive: true, force: true });
});

describe('atlas:diff against a ref with one guard changed and one state added', () => {
  it('lists exactly those two, under the one machine changed, and draws them', { timeout: 60_000 }, () => {
    writeRegistry('after');
    const run = atlasDiff('before');
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(machineHeaders(run.stdout)).toHaveLength(1);
    expect(machineHeaders(run.stdout)[0]).toMatch(/^flow（流程）: /);
    const lines = changeLines(run.stdout);
    expect(lines).toHaveLength(2);
    expect(lines.filter((line) => /^ {2}\+ state paused\b/.test(line))).toHaveLength(1);
    expect(
      lines.filter((line) => /^ {2}~ transition idle · go\b.*guard isReady → isAllowed/.test(line)),
    ).toHaveLength(1);
    expect(run.stdout).toMatch(/1 of 2 machines changed/);

    // the changed machine alone is drawn: today's diagram, the state added and the transition changed marked
    expect(run.svgs).toEqual(['flow.svg']);
    const svg = readFileSync(path.join(run.out, 'flow.svg'), 'utf8');
    expect(marksIn(svg)).toEqual({ 'flow.paused': 'added', 'flow.idle|go|0|0': 'changed' });
    for (const label of ['新增', '變更', '移除']) expect(svg).toContain(label);
    // the ref's tree was extracted in a temporary directory, and it is gone
    expect(readdirSync(temp).filter((name) => name.startsWith('atlas-diff-'))).toEqual([]);
  });

  it('draws a state removed since the ref from the old machine, the same guard changed back', {
    timeout: 60_000,
  }, () => {
    writeRegistry('after');
    git('-c', 'commit.gpgsign=false', 'commit', '-q', '-am', 'after');
    writeRegistry('before');
    const run = atlasDiff('HEAD');
    expect(run.status).toBe(0);
    const lines = changeLines(run.stdout);
    expect(lines).toHaveLength(2);
    expect(lines.filter((line) => /^ {2}- state paused\b/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /guard isAllowed → isReady/.test(line))).toHaveLength(1);
    const svg = readFileSync(path.join(run.out, 'flow.svg'), 'utf8');
    expect(marksIn(svg)).toEqual({ 'flow.paused': 'removed', 'flow.idle|go|0|0': 'changed' });
    expect(readdirSync(temp).filter((name) => name.startsWith('atlas-diff-'))).toEqual([]);
  });

  it('prints no machine and draws nothing when nothing changed', { timeout: 60_000 }, () => {
    writeRegistry('after');
    const run = atlasDiff('HEAD');
    expect(run.status).toBe(0);
    expect(machineHeaders(run.stdout)).toEqual([]);
    expect(run.stdout).toContain('no machine changed (2 compared)');
    expect(run.svgs).toEqual([]);
  });

  it('says so, and exits 2, for a ref that names no commit', { timeout: 60_000 }, () => {
    const run = atlasDiff('no-such-ref');
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no-such-ref names no commit');
    expect(readdirSync(temp).filter((name) => name.startsWith('atlas-diff-'))).toEqual([]);
  });
});
