import type { Kysely } from 'kysely';
import { changeFeedOf } from './change-feed';
import type { CACHED_TABLES } from './migrations/0012_change_notices';
import { CART_NOTICE, CART_TABLES } from './migrations/0014_cart_notices';
import type { Database } from './schema';

type CachedTable = (typeof CACHED_TABLES)[number];

/** What a notice of the change feed drops from a cache: every key, one key, or nothing. */
type Drop<K> = 'all' | { key: K } | null;

interface KeptReads<K> {
  drops(notice: string | null): Drop<K>;
  /** keys a cache holds at most; past that it starts again empty (a key may come from a request) */
  maxKeys: number;
  /** kept only while the feed's notices come in this process, in order with its queries */
  inProcessOnly: boolean;
}

function keptReads<K, T>(
  rule: KeptReads<K>,
  load: (db: Kysely<Database>, key: K) => Promise<T>,
): (db: Kysely<Database>, key: K) => Promise<T> {
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
  return (db, key) => {
    const feed = changeFeedOf(db);
    if (!feed.live || (rule.inProcessOnly && !feed.inProcess)) return load(db, key);
    const cache = cacheOf(db);
    const held = cache.get(key);
    if (held) return held;
    if (cache.size >= rule.maxKeys) cache.clear();
    const loading = load(db, key);
    cache.set(key, loading);
    loading.catch(() => {
      if (cache.get(key) === loading) cache.delete(key);
    });
    return loading;
  };
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
    {
      drops: (notice) => (notice === null || names.includes(notice) ? 'all' : null),
      maxKeys: 64,
      inProcessOnly: false,
    },
    load,
  );
}

// a cart is read with its products' names and ages
const DROP_EVERY_CART: readonly string[] = [...CART_TABLES, 'products'];

/**
 * A cart's read kept in memory per cart number until the database announces that cart changed (migration
 * 0014), as cachedRead does for whole tables. Only on the embedded database, whose notices come in this
 * process before the writing query returns, so no read after a change can find the cart as it was. From
 * PostgreSQL a notice reaches the other processes a moment after the commit, and a visitor's next call may
 * reach one of them first: there every read goes to the database.
 */
export function cachedCartRead<T>(
  load: (db: Kysely<Database>, cartNo: string) => Promise<T>,
): (db: Kysely<Database>, cartNo: string) => Promise<T> {
  return keptReads(
    {
      drops: (notice) =>
        notice === null || DROP_EVERY_CART.includes(notice)
          ? 'all'
          : notice.startsWith(CART_NOTICE)
            ? { key: notice.slice(CART_NOTICE.length) }
            : null,
      maxKeys: 10_000,
      inProcessOnly: true,
    },
    load,
  );
}
