import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

/**
 * The build's version as the atlas shows it and its links carry (`&build=`): package.json's version and
 * the short commit built (`0.1.0+1a2b3c4`), or the version alone outside a git work tree.
 */
export function buildVersion(): string {
  const { version } = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  try {
    const commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    return commit ? `${version}+${commit}` : version;
  } catch {
    return version;
  }
}
