import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { CHANGE_CHANNEL } from './change-notices';
import type { Database } from './schema';

/**
 * A cached table changed (its name), a cart changed (`cart <number>`, migration 0014), or null: anything may
 * have changed (the feed was cut off).
 */
export type ChangeListener = (table: string | null) => void;

const RECONNECT_MS = 1_000;

/**
 * The changes to cached tables a database announces (migration 0012: a trigger sends NOTIFY on
 * `groupins_changes` at commit). PGlite hands its notices over in the process before the writing query
 * returns; on PostgreSQL a connection of its own LISTENs, so a change made by any process reaches every
 * server. While that connection is down nothing may be cached: `live` is false and listeners hear null.
 */
export class ChangeFeed {
  #listeners = new Set<ChangeListener>();
  #live = false;

  get live(): boolean {
    return this.#live;
  }

  subscribe(listener: ChangeListener): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  emit(table: string | null): void {
    for (const listener of this.#listeners) listener(table);
  }

  setLive(live: boolean): void {
    if (!live) this.emit(null);
    this.#live = live;
  }

  /** The embedded database: its notices come in this process, in order with its queries. */
  async attachPGlite(pglite: PGlite): Promise<void> {
    await pglite.listen(CHANGE_CHANNEL, (table) => this.emit(table));
    this.setLive(true);
  }

  /** A dedicated connection LISTENing on PostgreSQL, reconnected after a loss; `close` ends it. */
  attachPostgres(url: string): { close(): Promise<void> } {
    let closed = false;
    let client: pg.Client | undefined;
    let retry: NodeJS.Timeout | undefined;
    const lost = () => {
      this.setLive(false);
      client?.removeAllListeners();
      client?.end().catch(() => {});
      client = undefined;
      if (!closed) retry = setTimeout(connect, RECONNECT_MS);
    };
    const connect = () => {
      const next = new pg.Client({ connectionString: url });
      client = next;
      next.on('notification', (notice) => this.emit(notice.payload ?? null));
      next.on('error', lost);
      next.on('end', () => {
        if (client === next) lost();
      });
      next
        .connect()
        .then(() => next.query(`LISTEN ${CHANGE_CHANNEL}`))
        .then(() => {
          if (client === next && !closed) this.setLive(true);
        })
        .catch(() => {
          if (client === next) lost();
        });
    };
    connect();
    return {
      // not awaited: a frozen server would hold the goodbye, and the process may exit meanwhile
      close: async () => {
        closed = true;
        clearTimeout(retry);
        this.setLive(false);
        const last = client;
        client = undefined;
        last?.removeAllListeners();
        last?.on('error', () => {});
        last?.end().catch(() => {});
      },
    };
  }
}

const feeds = new WeakMap<Kysely<Database>, ChangeFeed>();

export function registerChangeFeed(db: Kysely<Database>, feed: ChangeFeed): void {
  feeds.set(db, feed);
}

/** The feed of a database made by createDatabase; any other (a transaction) has one that is never live. */
export function changeFeedOf(db: Kysely<Database>): ChangeFeed {
  return feeds.get(db) ?? new ChangeFeed();
}
