import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';

const SERVER_ENTRY = 'dist/server/main.js';

export interface RunningServer {
  origin: string;
  /** what the server has written so far, its standard output and error together (its log) */
  output(): string;
  stop(): Promise<void>;
  /** SIGKILL: the process ends at once, whatever it was doing (its data folder stays) */
  kill(): Promise<void>;
}

/** Starts the built server (what `npm start` runs) on a free port (or env.PORT) with a fresh data folder. */
export async function startBuiltServer(env: Record<string, string> = {}): Promise<RunningServer> {
  if (!existsSync(SERVER_ENTRY) || !existsSync('dist/client/index.html')) {
    throw new Error('The browser tests run against the built app: run `npm run build` first.');
  }
  // a server started again on the same data may keep its port, so its visitors' origin stays theirs
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-'));
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += String(chunk);
  });
  child.stderr?.on('data', (chunk) => {
    stderr += String(chunk);
    output += String(chunk);
  });
  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitUntilHealthy(origin, child, () => stderr);
  } catch (error) {
    // a server that never became healthy is not left running
    await stopChild(child, 'SIGKILL');
    throw error;
  }
  return {
    origin,
    output: () => output,
    async stop() {
      await stopChild(child, 'SIGTERM');
      rmSync(dataDir, { recursive: true, force: true });
    },
    async kill() {
      await stopChild(child, 'SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Migrations and seed on a fresh PGlite take over 25 s on a loaded 2-core machine; the hooks allow 120 s. */
const STARTUP_MS = 90_000;

async function waitUntilHealthy(origin: string, child: ChildProcess, stderr: () => string) {
  const deadline = Date.now() + STARTUP_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}: ${stderr()}`);
    try {
      const response = await fetch(`${origin}/ODGAWeb/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`server did not become healthy within ${STARTUP_MS / 1000} s: ${stderr()}`);
}

function stopChild(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  // a process ended by a signal has no exit code, only its signal
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}
