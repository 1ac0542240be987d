import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, expect, it } from 'vitest';
import { endMain, type MainProcess, spawnMain } from '../support/main-process';
import { usePostgres } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';

let running: MainProcess | undefined;
afterEach(async () => {
  await endMain(running);
  running = undefined;
});

/** The entry's JSON log lines written so far. */
const logLines = (main: MainProcess): { msg?: string; pid?: number; workerPid?: number }[] =>
  main
    .stdout()
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));

async function spawnRunning(env: Record<string, string>): Promise<MainProcess> {
  running = await spawnMain(env);
  return running;
}

const listeningPids = (main: MainProcess) =>
  logLines(main).flatMap((line) => (line.msg?.startsWith('Server listening') && line.pid ? [line.pid] : []));

async function until(what: string, check: () => boolean, ms = 60_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not within ${ms / 1000} s: ${what}`);
    await sleep(100);
  }
}

it('refuses WORKERS > 1 on the embedded database, saying to set DATABASE_URL', async () => {
  const main = await spawnRunning({ WORKERS: '2' });
  const [code] = await once(main.child, 'exit');
  expect(code).toBe(1);
  expect(main.stderr()).toContain('set DATABASE_URL');
  expect(main.stderr()).not.toMatch(/\n\s+at /);
}, 30_000);

describeWithPostgres('WORKERS=2 on PostgreSQL', () => {
  const pg = usePostgres();

  it('serves from two processes on one port, replaces one that dies, and exits 0 on SIGTERM', async () => {
    const main = await spawnRunning({ WORKERS: '2', DATABASE_URL: pg.cluster.url });
    await until('two workers listening', () => listeningPids(main).length === 2);
    const health = `http://127.0.0.1:${main.port}/ODGAWeb/api/health`;
    expect((await fetch(health)).status).toBe(200);

    const [first, second] = listeningPids(main);
    expect(first).not.toBe(second);
    expect(first).not.toBe(main.child.pid);
    process.kill(first!, 'SIGKILL');
    await until('a third worker listening', () => listeningPids(main).length === 3);
    expect(logLines(main).find((line) => line.msg === 'worker died; starting another')?.workerPid).toBe(
      first,
    );
    expect((await fetch(health)).status).toBe(200);

    const exited = once(main.child, 'exit');
    main.child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    for (const pid of listeningPids(main).slice(1)) expect(() => process.kill(pid, 0)).toThrow();
  }, 120_000);
});
