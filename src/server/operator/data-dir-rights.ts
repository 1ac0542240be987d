import { chmodSync, lstatSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/*
 * The data folder holds the rosters' ID numbers, the staff's password hashes and the session secret: it is
 * its owner's alone. A umask does not keep it so: PGlite writes through emscripten's NODEFS, which chmods
 * the files of a new database (initdb's, unpacked from an archive) to 0666 whatever the umask, and the cache
 * files PostgreSQL writes as it starts (pg_internal.init) take the umask's rights. So every process that
 * opens the folder makes it 0700 and narrows what it finds there, and again once PGlite has started; what
 * PostgreSQL writes after that it writes 0600.
 */

/** The group's and the others' bits. */
const OTHERS = 0o077;

/** A folder or file in the data folder that this process may not narrow: it is another user's. */
export class DataDirRightsError extends Error {
  constructor(
    readonly dataDir: string,
    path: string,
    code: string,
  ) {
    super(
      `The data folder ${dataDir} is open to other accounts, and ${path} cannot be closed to them (${code}). ` +
        `As the folder's owner run chmod -R go-rwx ${dataDir}, and start the server as that user.`,
    );
    this.name = 'DataDirRightsError';
  }
}

/**
 * Takes the group's and the others' rights off `dir` and everything under it (a symbolic link in it is not
 * followed); answers how many folders and files had them.
 */
export function narrowDataDir(dir: string): number {
  let narrowed = 0;
  const visit = (path: string, stats = lstatOrNothing(path)) => {
    if (!stats || stats.isSymbolicLink()) return;
    if (stats.mode & OTHERS) {
      try {
        chmodSync(path, stats.mode & 0o7777 & ~OTHERS);
      } catch (error) {
        const { code } = error as NodeJS.ErrnoException;
        if (code === 'ENOENT') return;
        throw new DataDirRightsError(dir, path, code ?? (error as Error).message);
      }
      narrowed += 1;
    }
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir, statSync(dir));
  return narrowed;
}

/** What the operator is told when a data folder was found open: what it exposed, and what to do. */
export function narrowedNotice(dataDir: string, narrowed: number): string {
  return (
    `The data folder ${dataDir} was open to other accounts on this machine: ${narrowed} of its folders and ` +
    'files are now its owner’s alone. Until then those accounts could read the rosters, the staff’s password ' +
    'hashes and the session secret: if one of them is not trusted, set new staff passwords (npm run staff:add) ' +
    `and a new session secret (delete ${join(dataDir, 'session-secret')}: the next start makes one).`
  );
}

/** A file removed meanwhile (a lock another process let go) is nothing to narrow. */
function lstatOrNothing(path: string) {
  try {
    return lstatSync(path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}
