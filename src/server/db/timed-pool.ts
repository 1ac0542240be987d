import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';
import { ConnectionQueue } from './connection-queue';

/** A query that outlived the database timeout: the database is taken as unavailable (503). */
export class DatabaseTimeout extends Error {
  readonly code = 'ETIMEDOUT';
}

/**
 * How long a request may wait its turn while the database answers: for one of the pool's connections, or
 * (the pool's statement_timeout) a statement for the row lock a sibling request of the same cart holds.
 * 200 visitors at once (npm run perf:load) on a loaded 2-core machine waited up to 15 s for a connection.
 */
export const BUSY_WAIT_MS = 30_000;

/**
 * pg's pool, telling a busy database from one that stopped answering. A server that stops answering
 * without closing its sockets (frozen, a network partition) would otherwise hold a request forever; a
 * busy one must not answer 503. So a query fails only once the server has answered no query for
 * `timeoutMs` (a statement waiting for a lock while others answer keeps waiting), and its connection,
 * still waiting on that server, is dropped, not reused. Requests wait for a connection in this pool's
 * own queue (pg-pool's would give up after connectionTimeoutMillis, meant for opening one), up to
 * BUSY_WAIT_MS, except while the server is taken as unresponsive: from such a failure, or a connection
 * that could not be opened, to the next query answered, queued and arriving requests fail at once.
 */
export class TimedPool implements PostgresPool {
  readonly #queue: ConnectionQueue;
  #lastAnswer = performance.now();
  #unresponsive = false;

  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {
    this.#queue = new ConnectionQueue(
      pool.options.max ?? 10,
      BUSY_WAIT_MS,
      () => new DatabaseTimeout(`no database connection free within ${BUSY_WAIT_MS} ms`),
    );
  }

  async connect(): Promise<PostgresPoolClient> {
    if (this.#unresponsive && this.#queue.full) throw new DatabaseTimeout('database not answering');
    await this.#queue.take();
    try {
      return new TimedClient(await this.pool.connect(), this);
    } catch (error) {
      this.#queue.give();
      this.#giveUp();
      throw error;
    }
  }

  end(): Promise<void> {
    return this.pool.end();
  }

  /** the query's answer, or DatabaseTimeout once the server has answered nothing for timeoutMs */
  async answer<T>(query: Promise<T>): Promise<T> {
    const started = performance.now();
    let timer: NodeJS.Timeout | undefined;
    const silence = new Promise<never>((_, reject) => {
      const check = () => {
        const quiet = performance.now() - Math.max(started, this.#lastAnswer);
        if (quiet < this.timeoutMs) {
          timer = setTimeout(check, this.timeoutMs - quiet);
          return;
        }
        this.#giveUp();
        reject(new DatabaseTimeout(`database answered nothing for ${this.timeoutMs} ms`));
      };
      timer = setTimeout(check, this.timeoutMs);
    });
    try {
      const result = await Promise.race([query, silence]);
      this.#lastAnswer = performance.now();
      this.#unresponsive = false;
      return result;
    } finally {
      clearTimeout(timer);
    }
  }

  /** a connection back in the pool, or (`drop`) ended */
  release(client: pg.PoolClient, drop: boolean): void {
    // true: pg-pool ends a connection released with an error instead of keeping it
    client.release(drop);
    this.#queue.give();
  }

  #giveUp(): void {
    this.#unresponsive = true;
    this.#queue.refuseAll(new DatabaseTimeout('database not answering'));
  }
}

class TimedClient implements PostgresPoolClient {
  #timedOut = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly pool: TimedPool,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error('timed pool: streaming queries are not supported');
    return this.run<R>(sql, parameters ?? []);
  }

  release(): void {
    this.pool.release(this.client, this.#timedOut);
  }

  private async run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    // a transaction goes on to roll back on the same connection: fail it at once
    if (this.#timedOut) throw new DatabaseTimeout('database connection given up after a timeout');
    try {
      const result: unknown = await this.pool.answer(this.client.query(sql, [...parameters]));
      return result as PostgresQueryResult<R>;
    } catch (error) {
      if (error instanceof DatabaseTimeout) this.#timedOut = true;
      throw error;
    }
  }
}
