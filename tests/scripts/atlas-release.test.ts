import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseBaseline } from '../../atlas-engine/release-changes';
import { type AtlasRepo, atlasRepo } from '../support/atlas-repo';

/*
 * npm run atlas:release (the atlas's 自發布以來的變更): a release is the machines at a commit, with that
 * commit's package version, written to machine-paths/release.json for the build to ship. In a throwaway
 * repository (tests/support/atlas-repo.ts): a version bumped and committed, then the working tree's machine
 * changed without a commit; the baseline holds the commit's machines, not the working tree's.
 */

let fixture: AtlasRepo;
beforeAll(() => {
  fixture = atlasRepo();
});
afterAll(() => fixture?.remove());

const RELEASE = 'machine-paths/release.json';
const read = () => JSON.parse(readFileSync(path.join(fixture.repo, RELEASE), 'utf8')) as ReleaseBaseline;

describe('atlas:release', () => {
  it('writes the commit’s version, the commit and its machines, whatever the working tree holds', {
    timeout: 60_000,
  }, () => {
    writeFileSync(path.join(fixture.repo, 'package.json'), '{ "type": "module", "version": "1.1.0" }\n');
    fixture.commit('1.1.0');
    const commit = fixture.git('rev-parse', 'HEAD');
    // after the release: a state added and a guard renamed, not committed, and a version not yet released
    fixture.writeRegistry('after');
    writeFileSync(path.join(fixture.repo, 'package.json'), '{ "type": "module", "version": "1.2.0" }\n');

    const run = fixture.run('scripts/atlas-release.ts', []);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`1.1.0 at ${commit.slice(0, 7)}, 2 machines`);
    const release = read();
    expect(release.version).toBe('1.1.0');
    expect(release.commit).toBe(commit);
    expect(release.machines.map((m) => [m.id, m.title])).toEqual([
      ['flow', '流程'],
      ['other', '其他'],
    ]);
    const flow = release.machines[0]!;
    expect(flow.states.map((s) => s.id)).toEqual(['flow', 'flow.idle', 'flow.busy', 'flow.done']);
    expect(flow.transitions.find((t) => t.event === 'go')).toMatchObject({
      guard: 'isReady',
      targets: ['flow.busy'],
    });
    expect(readdirSync(fixture.temp).filter((name) => name.startsWith('atlas-ref-'))).toEqual([]);
  });

  it('reads the ref it is given', { timeout: 60_000 }, () => {
    fixture.commit('after');
    const run = fixture.run('scripts/atlas-release.ts', ['before']);
    expect(run.status).toBe(0);
    const release = read();
    expect(release.version).toBe('1.0.0');
    expect(release.commit).toBe(fixture.git('rev-parse', 'before'));
  });

  it('says so, exits 2 and writes nothing, for a ref that names no commit', { timeout: 60_000 }, () => {
    const before = existsSync(path.join(fixture.repo, RELEASE))
      ? readFileSync(path.join(fixture.repo, RELEASE), 'utf8')
      : '';
    const run = fixture.run('scripts/atlas-release.ts', ['no-such-ref']);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain('no-such-ref names no commit');
    expect(readFileSync(path.join(fixture.repo, RELEASE), 'utf8')).toBe(before);
  });
});
