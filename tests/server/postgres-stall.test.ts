import type { LightMyRequestResponse } from 'fastify';
import { expect, it } from 'vitest';
import { CartVisitor } from '../support/cart-visitor';
import { usePostgresApp } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';

const UNAVAILABLE = { returnCode: 503, msg: '服務暫時無法使用，請稍後再試' };
const BOUND_MS = 2_000;
const ITEM = {
  SOURCE_CODE: 'CELL',
  SHOPCART_CART_NO: '',
  RLAT_CODE: '0',
  CLASS_TITLE: 'GTL',
  IS_SLRY_MLTPL: 'N',
  PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 }],
};

/** The answer and how long it took; 'no answer' when there is none within twice the bound. */
async function timed(request: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const hung = new Promise<'no answer'>((resolve) =>
    setTimeout(() => resolve('no answer'), 2 * BOUND_MS).unref(),
  );
  const response = await Promise.race([request(), hung]);
  return { response, ms: performance.now() - started };
}

// The database stops answering without closing anything (SIGSTOP): queries on open connections and
// new connections both wait forever unless the server gives up on them.
describeWithPostgres('a stalled PostgreSQL', () => {
  const pg = usePostgresApp({ beforeClose: (cluster) => cluster.thaw() });

  it('answers 503 in the envelope within 2 s while frozen, /health included, and recovers once thawed', async () => {
    const visitors = await Promise.all(Array.from({ length: 4 }, () => CartVisitor.arrive(pg.t)));
    const calls = [
      () => pg.t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' }),
      ...visitors.flatMap((visitor) => [
        () => visitor.read('functionMeta/queryAllMeta?meta_attr=title'),
        () => visitor.call('getCart'),
        () => visitor.call('insertCart', ITEM),
      ]),
    ];
    // every connection of the pool open and idle; each visitor now has a cart, which getCart reads
    await Promise.all(calls.map((call) => call()));

    pg.cluster.freeze();
    try {
      for (const wave of [1, 2]) {
        const answers = await Promise.all(calls.map(timed));
        for (const { response, ms } of answers) {
          expect(response, `wave ${wave}`).not.toBe('no answer');
          const answered = response as LightMyRequestResponse;
          expect({ wave, status: answered.statusCode, ...answered.json() }).toMatchObject({
            wave,
            status: 503,
            ...UNAVAILABLE,
          });
          expect(ms).toBeLessThan(BOUND_MS);
        }
        const health = (answers[0]!.response as LightMyRequestResponse).json();
        expect(health.data).toEqual({ database: 'unavailable' });
      }
    } finally {
      pg.cluster.thaw();
    }

    let health: LightMyRequestResponse | undefined;
    for (let attempt = 0; attempt < 50 && health?.statusCode !== 200; attempt += 1) {
      health = await pg.t.app.inject({ method: 'GET', url: '/ODGAWeb/api/health' });
      if (health.statusCode !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(health?.json()).toEqual({ returnCode: 0, data: { status: 'ok' }, msg: '' });
    const visitor = visitors[1]!;
    expect((await visitor.read('functionMeta/queryAllMeta?meta_attr=title')).statusCode).toBe(200);
    expect((await visitor.call('getCart')).json().returnCode).toBe(0);
  }, 60_000);
});
