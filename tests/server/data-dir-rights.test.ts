import { once } from 'node:events';
import { chmodSync, lstatSync, readdirSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { runMigrateCommand } from '../../src/server/operator/migrate-command';
import type { PasswordInput } from '../../src/server/operator/password-prompt';
import { runStaffAddCommand } from '../../src/server/operator/staff-command';
import { endMain, type MainProcess, spawnMain } from '../support/main-process';

/*
 * The data folder holds the rosters' ID numbers and the staff's password hashes (issue 45, point 2): every
 * process that opens it (the server, db:migrate, an operator command with no server running) leaves it and
 * everything in it closed to the group and the others, whatever the umask it was started with.
 */

/** The folders and files under `dir` (itself included) the group or the others have any right on. */
function openToOthers(dir: string): string[] {
  const open: string[] = [];
  const visit = (path: string) => {
    const stats = lstatSync(path);
    if (stats.isSymbolicLink()) return;
    if (stats.mode & 0o077) open.push(`${(stats.mode & 0o777).toString(8)} ${relative(dir, path) || '.'}`);
    if (stats.isDirectory()) for (const name of readdirSync(path)) visit(join(path, name));
  };
  visit(dir);
  return open;
}

/** What a server before this fix left: folders 0755, files 0666. */
function openUp(path: string): void {
  const stats = lstatSync(path);
  if (stats.isDirectory()) {
    chmodSync(path, 0o755);
    for (const name of readdirSync(path)) openUp(join(path, name));
  } else if (stats.isFile()) chmodSync(path, 0o666);
}

/** How many folders and files the tree has: a check that there was something to look at. */
function entries(dir: string): number {
  return lstatSync(dir).isDirectory()
    ? 1 + readdirSync(dir).reduce((sum, name) => sum + entries(join(dir, name)), 0)
    : 1;
}

/** A fresh process's usual umask: group and others may read what it creates. */
const USUAL_UMASK = 0o022;

async function waitForHealth(main: MainProcess): Promise<void> {
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (main.child.exitCode !== null) throw new Error(`server exited: ${main.stderr()}`);
    const status = await fetch(`http://127.0.0.1:${main.port}/ODGAWeb/api/health`).then(
      (answer) => answer.status,
      () => undefined,
    );
    if (status === 200) return;
    await sleep(100);
  }
  throw new Error('server did not start');
}

async function stopMain(main: MainProcess): Promise<string> {
  const exited = once(main.child, 'exit');
  main.child.kill('SIGTERM');
  await exited;
  return main.stdout();
}

describe('the data folder is its owner’s alone', () => {
  let parent: string;
  beforeAll(async () => {
    parent = await mkdtemp(join(tmpdir(), 'groupins-rights-'));
    // the parent of a default ./data: other accounts may look in it
    chmodSync(parent, 0o755);
  });
  afterAll(() => rm(parent, { recursive: true, force: true }));
  beforeEach(() => {
    process.umask(USUAL_UMASK);
  });

  it('the server makes a new folder 0700 and keeps every file in it closed; an open one it closes and says so', async () => {
    const dataDir = join(parent, 'server-data');
    const env = { DATA_DIR: dataDir };
    let main = await spawnMain(env);
    try {
      await waitForHealth(main);
      expect((lstatSync(dataDir).mode & 0o777).toString(8)).toBe('700');
      expect(openToOthers(dataDir)).toEqual([]);
      const log = await stopMain(main);
      expect(log).not.toContain('open to other accounts');
      // what the database wrote while stopping too
      expect(entries(join(dataDir, 'pglite'))).toBeGreaterThan(100);
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await endMain(main);
    }

    openUp(dataDir);
    expect(openToOthers(dataDir).length).toBeGreaterThan(100);
    main = await spawnMain(env);
    try {
      await waitForHealth(main);
      expect(openToOthers(dataDir)).toEqual([]);
      const log = await stopMain(main);
      expect(log).toContain(`The data folder ${dataDir} was open to other accounts on this machine`);
      expect(log).toContain('npm run staff:add');
      expect(openToOthers(dataDir)).toEqual([]);
    } finally {
      await endMain(main);
    }
  }, 240_000);

  it('db:migrate makes a new folder closed; staff:add with no server closes an open one and says so', async () => {
    const dataDir = join(parent, 'command-data');
    const env = { DATA_DIR: dataDir };
    const out: string[] = [];
    const err: string[] = [];
    const output = { out: (line: string) => out.push(line), err: (line: string) => err.push(line) };

    expect(await runMigrateCommand(env, output)).toBe(0);
    expect(err).toEqual([]);
    expect((lstatSync(dataDir).mode & 0o777).toString(8)).toBe('700');
    expect(entries(join(dataDir, 'pglite'))).toBeGreaterThan(100);
    expect(openToOthers(dataDir)).toEqual([]);

    openUp(dataDir);
    process.umask(USUAL_UMASK);
    const piped: PasswordInput = { interactive: false, read: async () => 'a long enough passphrase' };
    expect(await runStaffAddCommand(['rights.admin', '--role', 'admin'], env, output, piped)).toBe(0);
    expect(err).toEqual([expect.stringContaining(`The data folder ${dataDir} was open to other accounts`)]);
    expect(openToOthers(dataDir)).toEqual([]);
  }, 120_000);
});
