import type { Kysely } from 'kysely';
import { changeFeedOf } from './change-feed';
import type { CACHED_TABLES } from './migrations/0012_change_notices';
import type { Database } from './schema';

type CachedTable = (typeof CACHED_TABLES)[number];

/** Keys a cache holds at most; past that it starts again empty (a key may come from a request). */
const MAX_KEYS = 64;

/**
 * A read kept in memory per database and key until one of `tables` changes (db/change-feed.ts: whoever
 * changes it, in any process). While the database's feed is not live the read goes to the database each
 * time. A read that fails is not kept. Callers share the answer: they must not change it.
 */
export function cachedRead<K, T>(
  tables: readonly CachedTable[],
  load: (db: Kysely<Database>, key: K) => Promise<T>,
): (db: Kysely<Database>, key: K) => Promise<T> {
  const caches = new WeakMap<Kysely<Database>, Map<K, Promise<T>>>();
  const cacheOf = (db: Kysely<Database>) => {
    let cache = caches.get(db);
    if (!cache) {
      const entries = new Map<K, Promise<T>>();
      changeFeedOf(db).subscribe((table) => {
        if (table === null || (tables as readonly string[]).includes(table)) entries.clear();
      });
      caches.set(db, entries);
      cache = entries;
    }
    return cache;
  };
  return (db, key) => {
    if (!changeFeedOf(db).live) return load(db, key);
    const cache = cacheOf(db);
    const held = cache.get(key);
    if (held) return held;
    if (cache.size >= MAX_KEYS) cache.clear();
    const loading = load(db, key);
    cache.set(key, loading);
    loading.catch(() => {
      if (cache.get(key) === loading) cache.delete(key);
    });
    return loading;
  };
}
