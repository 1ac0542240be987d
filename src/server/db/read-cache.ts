import type { Kysely } from 'kysely';
import { changeFeedOf } from './change-feed';
import { type CACHED_TABLES, CART_NOTICE, CART_TABLES } from './change-notices';
import type { Database } from './schema';

type CachedTable = (typeof CACHED_TABLES)[number];

/** What a notice of the change feed drops from a cache: every key, one key, or nothing. */
type Drop<K> = 'all' | { key: K } | null;

interface KeptReads<K, T> {
  drops(notice: string | null): Drop<K>;
  /** keys a cache holds at most; past that it starts again empty (a key may come from a request) */
  maxKeys: number;
  /**
   * The revision of a kept answer (-1 for none): when given, a caller may ask for an answer at least as
   * recent as a revision it knows of, and an older one kept is read again.
   */
  revisionOf?: (answer: T) => number;
}

function keptReads<K, T>(
  rule: KeptReads<K, T>,
  load: (db: Kysely<Database>, key: K) => Promise<T>,
): (db: Kysely<Database>, key: K, revision?: number) => Promise<T> {
  const caches = new WeakMap<Kysely<Database>, Map<K, Promise<T>>>();
  const cacheOf = (db: Kysely<Database>) => {
    let cache = caches.get(db);
    if (!cache) {
      const entries = new Map<K, Promise<T>>();
      changeFeedOf(db).subscribe((notice) => {
        const drop = rule.drops(notice);
        if (drop === 'all') entries.clear();
        else if (drop) entries.delete(drop.key);
      });
      caches.set(db, entries);
      cache = entries;
    }
    return cache;
  };
  return async (db, key, revision = -1) => {
    if (!changeFeedOf(db).live) return load(db, key);
    const cache = cacheOf(db);
    const held = cache.get(key);
    if (held) {
      const answer = await held;
      if (!rule.revisionOf || rule.revisionOf(answer) >= revision) return answer;
      if (cache.get(key) === held) cache.delete(key);
      return loadKept(cache, key, () => load(db, key));
    }
    if (cache.size >= rule.maxKeys) cache.clear();
    return loadKept(cache, key, () => load(db, key));
  };
}

/** Loads an answer and keeps it while it loads and after; one that fails is not kept. */
function loadKept<K, T>(cache: Map<K, Promise<T>>, key: K, load: () => Promise<T>): Promise<T> {
  const loading = load();
  cache.set(key, loading);
  loading.catch(() => {
    if (cache.get(key) === loading) cache.delete(key);
  });
  return loading;
}

/**
 * A read kept in memory per database and key until one of `tables` changes (db/change-feed.ts: whoever
 * changes it, in any process). While the database's feed is not live the read goes to the database each
 * time. A read that fails is not kept. Callers share the answer: they must not change it.
 */
export function cachedRead<K, T>(
  tables: readonly CachedTable[],
  load: (db: Kysely<Database>, key: K) => Promise<T>,
): (db: Kysely<Database>, key: K) => Promise<T> {
  const names: readonly (string | null)[] = tables;
  return keptReads(
    { drops: (notice) => (notice === null || names.includes(notice) ? 'all' : null), maxKeys: 64 },
    load,
  );
}

// a cart is read with its products' names and ages
const DROP_EVERY_CART: readonly string[] = [...CART_TABLES, 'products'];

/**
 * A cart's read kept in memory per cart number until the database announces that cart changed (migration
 * 0014), as cachedRead does for whole tables. A notice reaches the other server processes of a PostgreSQL
 * database a moment after the commit, and the visitor's next call may reach one of them first: so the caller
 * passes the revision of the visitor's last change (the cart cookie's, migration 0015), and a cart kept from
 * before it is read again. Changes the visitor did not make (a product renamed, the session purge, psql)
 * arrive with their notice; on the embedded database that is before the writing query returns.
 */
export function cachedCartRead<T extends { revision: number } | null>(
  load: (db: Kysely<Database>, cartNo: string) => Promise<T>,
): (db: Kysely<Database>, cartNo: string, revision: number) => Promise<T> {
  return keptReads(
    {
      drops: (notice) =>
        notice === null || DROP_EVERY_CART.includes(notice)
          ? 'all'
          : notice.startsWith(CART_NOTICE)
            ? { key: notice.slice(CART_NOTICE.length) }
            : null,
      maxKeys: 10_000,
      revisionOf: (cart) => cart?.revision ?? -1,
    },
    load,
  );
}
