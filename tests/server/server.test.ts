import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createDatabase, databaseTarget } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { type RunningServer, startServer } from '../../src/server/server';

const EXPIRED = '00000000-0000-4000-8000-000000000001';
const RECENT = '00000000-0000-4000-8000-000000000002';

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
    // sessions left by an earlier run: one idle for two days, one seen an hour ago
    const earlier = createDatabase(databaseTarget(config));
    await migrateToLatest(earlier);
    await earlier
      .insertInto('sessions')
      .values([
        { id: EXPIRED, last_seen_at: sql`now() - interval '2 days'` },
        { id: RECENT, last_seen_at: sql`now() - interval '1 hour'` },
      ])
      .execute();
    await earlier.destroy();
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

  it('answers a request the HTTP parser refuses in the envelope too', async () => {
    const socket = connect(Number(new URL(base).port), '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const closed = once(socket, 'close');
    socket.write('NOT A REQUEST\r\n\r\n');
    await closed;
    const [head = '', body = ''] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(body)).toEqual({ returnCode: 400, data: null, msg: '資料格式錯誤，請檢查後再送出' });
  });

  it('purges the sessions idle past the retention (24 hours) when it starts', async () => {
    const ids = await server.db.selectFrom('sessions').select('id').orderBy('id').execute();
    expect(ids).toEqual([{ id: RECENT }]);
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
