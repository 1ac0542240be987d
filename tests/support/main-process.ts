import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from './free-port';

/** src/server/main.ts running in a child process: what it wrote so far, to read its logs and errors. */
export interface MainProcess {
  child: ChildProcess;
  port: number;
  dataDir: string;
  stdout(): string;
  stderr(): string;
}

/**
 * Starts the server's entry as `npm start` would, on a free port and a data folder of its own, with no
 * static site and the embedded database unless `env` says otherwise.
 */
export async function spawnMain(env: Record<string, string> = {}): Promise<MainProcess> {
  const dataDir = await mkdtemp(join(tmpdir(), 'groupins-main-'));
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
  return { child, port, dataDir, stdout: () => out, stderr: () => err };
}

/** Ends a started entry (SIGTERM, SIGKILL after 10 s: workers must not outlive the test) and its folder. */
export async function endMain(main: MainProcess | undefined): Promise<void> {
  if (!main) return;
  const { child } = main;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(main.dataDir, { recursive: true, force: true });
}
