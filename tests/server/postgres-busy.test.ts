import { expect, it } from 'vitest';
import { CART_MAX_ITEMS } from '../../src/domain/constants';
import { insertAllAtOnce, insertCartCatalogue, PLAIN } from '../support/cart-catalogue';
import { CartVisitor } from '../support/cart-visitor';
import { usePostgresApp } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';

const VISITORS = 20;

// A busy database is not a stalled one (postgres-stall.test.ts): with DATABASE_TIMEOUT_MS at its default,
// requests queued for one of the pool's 10 connections, or waiting for the row lock a sibling request of
// the same cart holds, wait their turn instead of answering 503.
describeWithPostgres('a busy PostgreSQL', () => {
  const pg = usePostgresApp({ prepare: insertCartCatalogue });

  it(`answers ${VISITORS} visitors each racing ${PLAIN.length} inserts into their own cart without a 503, 5 items in each`, async () => {
    const visitors = await Promise.all(Array.from({ length: VISITORS }, () => CartVisitor.arrive(pg.t)));
    const carts = await Promise.all(visitors.map(insertAllAtOnce));
    const answers = carts.flatMap(({ bodies }) => bodies);
    expect(answers.filter((body) => body.returnCode === 503)).toHaveLength(0);
    for (const { cartNo, bodies } of carts) {
      expect(bodies.filter((body) => body.returnCode === 0)).toHaveLength(CART_MAX_ITEMS);
      expect(bodies.filter((body) => body.data === 'modalCartFull')).toHaveLength(
        PLAIN.length - CART_MAX_ITEMS,
      );
      const stored = await pg.db
        .selectFrom('cart_items')
        .select('class_id')
        .where('cart_no', '=', cartNo)
        .execute();
      expect(stored).toHaveLength(CART_MAX_ITEMS);
    }
  }, 120_000);
});
