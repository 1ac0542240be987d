import { existsSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AtlasRepo, atlasRepo } from '../support/atlas-repo';

/*
 * npm run atlas:diff -- <ref> (issue 37, "What changed"): against a ref where one machine has one guard
 * changed and one state added, it reports exactly those and draws them, in a throwaway repository
 * (tests/support/atlas-repo.ts) as a reviewer would run it.
 */

let fixture: AtlasRepo;

/** Runs the command in the throwaway repository: its exit status, its output, what it drew. */
function atlasDiff(ref: string) {
  const out = path.join(fixture.repo, 'out');
  rmSync(out, { recursive: true, force: true });
  const run = fixture.run('scripts/atlas-diff.ts', [ref, '--out', out]);
  const svgs = existsSync(out) ? readdirSync(out) : [];
  return { ...run, svgs, out };
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
  fixture = atlasRepo();
});

afterAll(() => fixture?.remove());

describe('atlas:diff against a ref with one guard changed and one state added', () => {
  it('lists exactly those two, under the one machine changed, and draws them', { timeout: 60_000 }, () => {
    fixture.writeRegistry('after');
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
    expect(readdirSync(fixture.temp).filter((name) => name.startsWith('atlas-ref-'))).toEqual([]);
  });

  it('draws a state removed since the ref from the old machine, the same guard changed back', {
    timeout: 60_000,
  }, () => {
    fixture.writeRegistry('after');
    fixture.commit('after');
    fixture.writeRegistry('before');
    const run = atlasDiff('HEAD');
    expect(run.status).toBe(0);
    const lines = changeLines(run.stdout);
    expect(lines).toHaveLength(2);
    expect(lines.filter((line) => /^ {2}- state paused\b/.test(line))).toHaveLength(1);
    expect(lines.filter((line) => /guard isAllowed → isReady/.test(line))).toHaveLength(1);
    const svg = readFileSync(path.join(run.out, 'flow.svg'), 'utf8');
    expect(marksIn(svg)).toEqual({ 'flow.paused': 'removed', 'flow.idle|go|0|0': 'changed' });
    expect(readdirSync(fixture.temp).filter((name) => name.startsWith('atlas-ref-'))).toEqual([]);
  });

  it('prints no machine and draws nothing when nothing changed', { timeout: 60_000 }, () => {
    fixture.writeRegistry('after');
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
    expect(readdirSync(fixture.temp).filter((name) => name.startsWith('atlas-ref-'))).toEqual([]);
  });
});
