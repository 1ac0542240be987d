import { afterAll, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { SCREENS, SITE_NAME } from '../../src/domain/screens';
import { migrateToLatest } from '../../src/server/db/migrate';
import { seed } from '../../src/server/db/seed';
import { usePostgres } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';
import { createTestApp, type TestApp } from '../support/server';

describeWithPostgres('real PostgreSQL', () => {
  const pg = usePostgres();
  let t: TestApp;
  // after-hooks run last registered first: the app closes before usePostgres removes its database
  afterAll(() => t?.close(), 60_000);

  it('migrates and seeds idempotently', async () => {
    for (let run = 0; run < 2; run += 1) {
      await migrateToLatest(pg.db);
      await seed(pg.db);
    }
    const titles = await pg.db.selectFrom('function_meta').select(['func_id', 'meta_value']).execute();
    expect(titles).toHaveLength(SCREENS.length + 1);
    expect(titles).toContainEqual({ func_id: 'ODGAF010', meta_value: `團體保險方案｜${SITE_NAME}` });
  });

  it('serves titles and records a consent through the app', async () => {
    t = await createTestApp({ db: pg.db });
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
    const rows = await pg.db.selectFrom('consents').selectAll().where('session_id', '=', sessionId).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.accepted_at).toBeInstanceOf(Date);
  });

  it('answers health 503 when PostgreSQL is stopped', async () => {
    pg.cluster.stop();
    const health = await t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
    expect(health.statusCode).toBe(503);
    const titles = await t.app.inject({
      method: 'GET',
      url: '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
    });
    expect(titles.statusCode).toBe(503);
  });
});
