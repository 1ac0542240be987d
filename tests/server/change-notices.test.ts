import { describe, expect, it } from 'vitest';
import * as runtime from '../../src/server/db/change-notices';
import * as changeNotices from '../../src/server/db/migrations/0012_change_notices';
import * as cartNotices from '../../src/server/db/migrations/0014_cart_notices';
import * as cartRevisions from '../../src/server/db/migrations/0015_cart_revisions';

describe('the names the servers read are the ones the migrations made', () => {
  it('holds each runtime constant equal to its migration literal', () => {
    expect(runtime.CHANGE_CHANNEL).toBe(changeNotices.CHANGE_CHANNEL);
    expect(runtime.CACHED_TABLES).toEqual(changeNotices.CACHED_TABLES);
    expect(runtime.CART_NOTICE).toBe(cartNotices.CART_NOTICE);
    expect(runtime.CART_TABLES).toEqual(cartNotices.CART_TABLES);
    expect(runtime.CART_REVISIONS).toBe(cartRevisions.CART_REVISIONS);
  });
});
