import { execFileSync } from 'node:child_process';
import { once } from 'node:events';
import { chownSync, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { SCREENS, SITE_NAME } from '../../src/domain/screens';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import type { Database } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { createTestApp, type TestApp } from '../support/server';

// A throw-away cluster per run; postgres refuses to run as root, so as root it runs as `postgres`.
const PG_BIN = process.env.PG_BIN ?? '/usr/lib/postgresql/15/bin';
const available = existsSync(join(PG_BIN, 'initdb')) && existsSync(join(PG_BIN, 'pg_ctl'));
const asRoot = process.getuid?.() === 0;

function pg(tool: string, args: string[]): void {
  const [command, commandArgs] = asRoot
    ? ['runuser', ['-u', 'postgres', '--', join(PG_BIN, tool), ...args]]
    : [join(PG_BIN, tool), args];
  execFileSync(command, commandArgs, { stdio: 'pipe' });
}

async function freePort(): Promise<number> {
  const probe = createServer().listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

if (!available && process.env.CI) {
  describe('real PostgreSQL', () => {
    it('needs the PostgreSQL 15 server binaries in CI', () => {
      throw new Error(`PostgreSQL binaries not found in ${PG_BIN}; CI must run this test`);
    });
  });
} else {
  if (!available)
    console.warn(`Skipping the PostgreSQL test: no initdb/pg_ctl in ${PG_BIN} (user ${userInfo().username})`);

  describe.skipIf(!available)('real PostgreSQL', () => {
    let dir = '';
    let db: Kysely<Database>;
    let t: TestApp;

    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'groupins-pg-'));
      if (asRoot) {
        const { uid, gid } = readPostgresIds();
        chownSync(dir, uid, gid);
      }
      const port = await freePort();
      pg('initdb', ['-D', join(dir, 'data'), '-A', 'trust', '-U', 'postgres']);
      pg('pg_ctl', [
        '-D',
        join(dir, 'data'),
        '-l',
        join(dir, 'server.log'),
        '-o',
        `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`,
        '-w',
        'start',
      ]);
      db = createDatabase({ url: `postgres://postgres@127.0.0.1:${port}/postgres` });
    }, 120_000);

    afterAll(async () => {
      await t?.close();
      await db?.destroy();
      if (dir && existsSync(join(dir, 'data', 'postmaster.pid')))
        pg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      if (dir) await rm(dir, { recursive: true, force: true });
    }, 60_000);

    it('migrates and seeds idempotently', async () => {
      for (let run = 0; run < 2; run += 1) {
        await migrateToLatest(db);
        await seed(db);
      }
      const titles = await db.selectFrom('function_meta').select(['func_id', 'meta_value']).execute();
      expect(titles).toHaveLength(SCREENS.length + 1);
      expect(titles).toContainEqual({ func_id: 'ODGAF010', meta_value: `團體保險方案｜${SITE_NAME}` });
    });

    it('serves titles and records a consent through the app', async () => {
      t = await createTestApp({ db });
      const titles = await t.app.inject({
        method: 'GET',
        url: '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
      });
      expect(titles.json().data).toHaveLength(SCREENS.length + 1);

      const jar = await t.newVisitor();
      const accepted = await t.app.inject({
        method: 'POST',
        url: '/ODGAWeb/api/consent/accept',
        headers: t.csrfHeaders(jar),
        payload: { version: CONSENT_VERSION, client_device: 'Mobile' },
      });
      expect(accepted.json().returnCode).toBe(0);
      const sessionId = jar.get('gi_sid')?.split('.')[0] ?? '';
      const rows = await db.selectFrom('consents').selectAll().where('session_id', '=', sessionId).execute();
      expect(rows).toHaveLength(1);
      expect(rows[0]?.accepted_at).toBeInstanceOf(Date);
    });

    it('answers health 503 when PostgreSQL is stopped', async () => {
      pg('pg_ctl', ['-D', join(dir, 'data'), '-m', 'fast', '-w', 'stop']);
      const health = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
      expect(health.statusCode).toBe(503);
      const titles = await t.app.inject({
        method: 'GET',
        url: '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
      });
      expect(titles.statusCode).toBe(503);
    });
  });
}

function readPostgresIds(): { uid: number; gid: number } {
  const [uid, gid] = ['-u', '-g'].map((flag) =>
    Number(execFileSync('id', [flag, 'postgres'], { encoding: 'utf8' })),
  );
  return { uid: uid ?? 0, gid: gid ?? 0 };
}
