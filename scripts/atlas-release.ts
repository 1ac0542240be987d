import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ReleaseBaseline } from '../atlas-engine/release-changes';
import { commitOf, describeRef, git } from './atlas-describe';

// npm run atlas:release [-- <git ref>]: the release baseline the atlas compares today's machines with
// (自發布以來的變更): package.json's version and the commit at <ref> (HEAD unless given), and every machine
// registered there, read as atlas:diff reads a ref (a temporary copy of its tree, whatever the working tree
// holds), written to machine-paths/release.json. Cutting a release is running it on the release's commit and
// committing the file; the build ships it, so neither the build nor the atlas needs git history or tags.
// Exits 2 when it cannot read the ref.

const RELEASE_FILE = 'machine-paths/release.json';

export function releaseBaseline(tree: string, ref: string): ReleaseBaseline {
  const commit = commitOf(tree, ref);
  const { version } = JSON.parse(git(tree, ['show', `${commit}:package.json`])) as { version?: unknown };
  if (typeof version !== 'string') throw new Error(`package.json at ${ref} has no version`);
  return { version, commit, machines: describeRef(tree, commit) };
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const ref = process.argv[2] ?? 'HEAD';
  try {
    const release = releaseBaseline(process.cwd(), ref);
    writeFileSync(RELEASE_FILE, `${JSON.stringify(release, null, 2)}\n`);
    console.log(
      `atlas:release: ${release.version} at ${release.commit.slice(0, 7)}, ${release.machines.length} machines → ${RELEASE_FILE}`,
    );
  } catch (error) {
    console.error(`atlas:release: ${error instanceof Error ? error.message : String(error)}`);
    process.exitCode = 2;
  }
}
