import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { purgeExpiredSessions } from '../../src/server/db/repositories/sessions';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

const API = '/ODGAWeb/api';

/** What one client without cookies sent in the probe: every kind of request, none of them accepted writes. */
const COOKIELESS: { method: 'GET' | 'POST'; url: string }[] = [
  { method: 'GET', url: '/groupins/' },
  { method: 'GET', url: '/groupins/product/optionpackage' },
  { method: 'GET', url: `${API}/functionMeta/queryAllMeta?meta_attr=title` },
  { method: 'GET', url: `${API}/catalogue/queryCells` },
  { method: 'GET', url: `${API}/noSuch/thing` },
  { method: 'POST', url: `${API}/noSuch/thing` },
  { method: 'POST', url: `${API}/DTODGAZ0/insertCart` },
  { method: 'POST', url: `${API}/DTODGAZ0/addSession` },
  { method: 'POST', url: `${API}/DTODGAZ0/addTrace` },
  { method: 'POST', url: `${API}/consent/accept` },
];

describe('sessions rows: written only by an accepted request that needs one, purged when expired', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimitAllowList: ['127.0.0.1'] } });
  });
  afterAll(() => t.close());

  const sessionRows = async () =>
    Number(
      (
        await t.db
          .selectFrom('sessions')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );

  it('writes none for requests without cookies, whatever they get: pages, reads, 404, 403', async () => {
    const before = await sessionRows();
    for (let round = 0; round < 20; round += 1) {
      for (const request of COOKIELESS)
        await t.app.inject({ ...request, payload: request.method === 'POST' ? {} : undefined });
    }
    expect(await sessionRows()).toBe(before);
  });

  it('writes none for reads, consents and page views of a visitor', async () => {
    const before = await sessionRows();
    const visitor = await CartVisitor.arrive(t);
    expect((await visitor.call('getCart')).statusCode).toBe(200);
    expect((await visitor.call('getSession')).json().data.active).toBe(false);
    const trace = { client_device: 'Mobile', curr_page: '', next_page: 'ODGAF000' };
    expect((await visitor.call('addTrace', trace)).json().returnCode).toBe(0);
    const consent = await t.app.inject({
      method: 'POST',
      url: `${API}/consent/accept`,
      headers: t.csrfHeaders(visitor.jar),
      payload: { version: CONSENT_VERSION, client_device: 'Mobile' },
    });
    expect(consent.json().returnCode).toBe(0);
    expect(await sessionRows()).toBe(before);

    const views = await t.db
      .selectFrom('page_traces')
      .select('session_id')
      .where('session_id', '=', visitor.sessionId)
      .execute();
    expect(views).toHaveLength(1);
  });

  it('writes one when the visitor starts the activity session, and keeps it while in use', async () => {
    const visitor = await CartVisitor.arrive(t);
    await visitor.call('addSession');
    await visitor.call('addSession');
    await visitor.call('cleanSession');
    const rows = await t.db.selectFrom('sessions').select('id').where('id', '=', visitor.sessionId).execute();
    expect(rows).toHaveLength(1);
  });

  it('purges the sessions not seen for longer than the retention, and nothing they recorded', async () => {
    const stale = await CartVisitor.arrive(t);
    const fresh = await CartVisitor.arrive(t);
    for (const visitor of [stale, fresh]) {
      await visitor.call('addSession');
      await visitor.call('addTrace', { client_device: 'Desktop', curr_page: '', next_page: 'ODGAF000' });
    }
    await t.db
      .updateTable('sessions')
      .set({ last_seen_at: sql`now() - interval '25 hours'` })
      .where('id', '=', stale.sessionId)
      .execute();

    expect(await purgeExpiredSessions(t.db, 24 * 60 * 60)).toBeGreaterThanOrEqual(1);
    const left = await t.db
      .selectFrom('sessions')
      .select('id')
      .where('id', 'in', [stale.sessionId, fresh.sessionId])
      .execute();
    expect(left).toEqual([{ id: fresh.sessionId }]);
    const views = await t.db
      .selectFrom('page_traces')
      .select('session_id')
      .where('session_id', '=', stale.sessionId)
      .execute();
    expect(views).toHaveLength(1);

    // the visitor comes back: the activity session reads as never started, and starts again
    expect((await stale.call('getSession')).json().data).toMatchObject({ startedAt: null, active: false });
    expect((await stale.call('addSession')).json().returnCode).toBe(0);
    expect((await stale.call('getSession')).json().data.active).toBe(true);
  });
});
