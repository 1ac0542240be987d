import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { type RunningServer, startServer } from '../../src/server/server';

describe('startServer', () => {
  let dataDir: string;
  let server: RunningServer;
  let base: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-server-'));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'none'),
    });
    server = await startServer(config, { logger: false });
    base = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('migrates, seeds and listens', async () => {
    const response = await fetch(`${base}/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title`);
    expect(response.status).toBe(200);
    expect((await response.json()).data.length).toBeGreaterThan(1);
  });

  it('on stop, lets an in-flight request finish before the database closes', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // Occupy the single PGlite connection so the request below waits inside the server.
    const occupied = server.db.connection().execute(async () => {
      holding();
      await gate;
    });
    await held;

    const inFlight = fetch(`${base}/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title`);
    await sleep(100);
    let stopped = false;
    const stopping = server.stop().then(() => {
      stopped = true;
    });
    await sleep(100);
    expect(stopped).toBe(false);
    await expect(fetch(`${base}/ODGAWeb/api/health`)).rejects.toThrow();

    release();
    await occupied;
    const response = await inFlight;
    expect(response.status).toBe(200);
    expect((await response.json()).returnCode).toBe(0);
    await stopping;
    expect(stopped).toBe(true);
    await expect(server.db.selectFrom('sessions').select('id').execute()).rejects.toThrow();
  });
});
