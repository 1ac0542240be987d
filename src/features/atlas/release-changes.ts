import type { MachineDescription } from './machine-diff';

/*
 * What changed since the release the running build was made from (自發布以來的變更). A release is cut by
 * `npm run atlas:release`, which writes the version, the commit and every registered machine described at
 * that commit to machine-paths/release.json; the build ships that file, so the atlas needs no git to read it.
 */

/** A release's machines, as machine-paths/release.json holds them. */
export interface ReleaseBaseline {
  /** package.json's version at the release's commit */
  version: string;
  /** the release's commit, in full */
  commit: string;
  machines: MachineDescription[];
}
