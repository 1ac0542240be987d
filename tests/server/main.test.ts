import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { freePort } from '../support/free-port';

async function waitForHealth(url: string, child: ChildProcess): Promise<Response> {
  for (let attempt = 0; attempt < 150; attempt += 1) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch {
      await sleep(100);
    }
  }
  throw new Error('server did not start');
}

describe('main: the process entry', () => {
  let dataDir = '';
  let child: ChildProcess | undefined;
  afterAll(async () => {
    if (child?.exitCode === null) child.kill('SIGKILL');
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('starts on PGlite in DATA_DIR, answers health, and exits cleanly on SIGTERM', async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-main-'));
    const port = await freePort();
    child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        STATIC_DIR: join(dataDir, 'none'),
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });

    const health = await waitForHealth(`http://127.0.0.1:${port}/ODGAWeb/api/health`, child);
    expect(health.status).toBe(200);

    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(output).toContain('shutting down');
  }, 30_000);
});
