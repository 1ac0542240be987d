import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'vitest';
import { freePort } from './free-port';

// A throw-away cluster per test file; postgres refuses to run as root, so as root it runs as `postgres`.
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const available = existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
const asRoot = process.getuid?.() === 0;

export interface PostgresCluster {
  url: string;
  /** stops the server (fast shutdown); safe to call twice */
  stop(): void;
  /** stops the server if it runs and removes its files */
  remove(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open, nothing answers */
  freeze(): void;
  /** SIGCONT to the same processes */
  thaw(): void;
}

/**
 * describe() for tests that need a real PostgreSQL: skipped with the reason where the server binaries are
 * missing, except under CI, where their absence fails.
 */
export function describeWithPostgres(name: string, body: () => void): void {
  if (!available && process.env.CI) {
    describe(name, () => {
      it('needs the PostgreSQL 15 server binaries in CI', () => {
        throw new Error(`PostgreSQL binaries not found in ${PG_BIN}; CI must run this test`);
      });
    });
    return;
  }
  if (!available)
    console.warn(`Skipping "${name}": no initdb/pg_ctl in ${PG_BIN} (user ${userInfo().username})`);
  describe.skipIf(!available)(name, body);
}

export async function startPostgres(): Promise<PostgresCluster> {
  const dir = await mkdtemp(join(tmpdir(), 'groupins-pg-'));
  if (asRoot) {
    const { uid, gid } = readPostgresIds();
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  const port = await freePort();
  pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres']);
  pg('pg_ctl', [
    '-D',
    data,
    '-l',
    join(dir, 'server.log'),
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
    '-w',
    'start',
  ]);
  const stop = () => {
    if (existsSync(join(data, 'postmaster.pid'))) pg('pg_ctl', ['-D', data, '-m', 'fast', '-w', 'stop']);
  };
  const signalAll = (signal: NodeJS.Signals) => {
    const postmaster = readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n', 1)[0] ?? '';
    const backends = execFileSync('pgrep', ['-P', postmaster], { encoding: 'utf8' })
      .split('\n')
      .filter(Boolean);
    for (const pid of [postmaster, ...backends]) process.kill(Number(pid), signal);
  };
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop,
    freeze: () => signalAll('SIGSTOP'),
    thaw: () => signalAll('SIGCONT'),
    async remove() {
      stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

function pg(tool: string, args: string[]): void {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]]
    : [join(PG_BIN, tool), args];
  execFileSync(command, commandArgs, { stdio: 'pipe' });
}

function readPostgresIds(): { uid: number; gid: number } {
  const [uid, gid] = ['-u', '-g'].map((flag) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })),
  );
  return { uid: uid ?? 0, gid: gid ?? 0 };
}
