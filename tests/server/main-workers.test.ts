import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { freePort } from '../support/free-port';
import { usePostgres } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';

interface Main {
  child: ChildProcess;
  port: number;
  /** the JSON log lines written so far */
  lines(): { msg?: string; pid?: number; workerPid?: number }[];
  stderr(): string;
}

let dataDir = '';
let running: Main | undefined;
afterEach(async () => {
  if (running?.child.exitCode === null && running.child.signalCode === null) {
    const exited = once(running.child, 'exit');
    running.child.kill('SIGTERM');
    await exited;
  }
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function spawnMain(env: Record<string, string>): Promise<Main> {
  dataDir = await mkdtemp(join(tmpdir(), 'groupins-workers-'));
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'none'),
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  running = {
    child,
    port,
    lines: () =>
      out
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line)),
    stderr: () => err,
  };
  return running;
}

const listeningPids = (main: Main) =>
  main.lines().flatMap((line) => (line.msg?.startsWith('Server listening') && line.pid ? [line.pid] : []));

async function until(what: string, check: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await sleep(100);
  }
}

it('refuses WORKERS > 1 on the embedded database, saying to set DATABASE_URL', async () => {
  const main = await spawnMain({ WORKERS: '2' });
  const [code] = await once(main.child, 'exit');
  expect(code).toBe(1);
  expect(main.stderr()).toContain('set DATABASE_URL');
  expect(main.stderr()).not.toMatch(/\n\s+at /);
}, 30_000);

describeWithPostgres('WORKERS=2 on PostgreSQL', () => {
  const pg = usePostgres();

  it('serves from two processes on one port, replaces one that dies, and exits 0 on SIGTERM', async () => {
    const main = await spawnMain({ WORKERS: '2', DATABASE_URL: pg.cluster.url });
    await until('two workers listening', () => listeningPids(main).length === 2);
    const health = `http://127.0.0.1:${main.port}/ODGAWeb/api/health`;
    expect((await fetch(health)).status).toBe(200);

    const [first, second] = listeningPids(main);
    expect(first).not.toBe(second);
    expect(first).not.toBe(main.child.pid);
    process.kill(first!, 'SIGKILL');
    await until('a third worker listening', () => listeningPids(main).length === 3);
    expect(main.lines().find((line) => line.msg === 'worker died; starting another')?.workerPid).toBe(first);
    expect((await fetch(health)).status).toBe(200);

    const exited = once(main.child, 'exit');
    main.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    for (const pid of listeningPids(main).slice(1)) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});
