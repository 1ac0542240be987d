import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';
import type pg from 'pg';

/** A query that outlived the database timeout: the database is taken as unavailable (503). */
export class DatabaseTimeout extends Error {
  readonly code = 'ETIMEDOUT';
}

/**
 * pg's pool with a deadline on every query. A server that stops answering without closing its sockets
 * (frozen, overloaded, a network partition) would otherwise hold a request forever; past the deadline the
 * query rejects, and its connection, still waiting on that server, is dropped from the pool, not reused.
 */
export class TimedPool implements PostgresPool {
  constructor(
    private readonly pool: pg.Pool,
    private readonly timeoutMs: number,
  ) {}

  async connect(): Promise<PostgresPoolClient> {
    return new TimedClient(await this.pool.connect(), this.timeoutMs);
  }

  end(): Promise<void> {
    return this.pool.end();
  }
}

class TimedClient implements PostgresPoolClient {
  #timedOut = false;

  constructor(
    private readonly client: pg.PoolClient,
    private readonly timeoutMs: number,
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
    // true: pg-pool ends a connection released with an error instead of keeping it
    this.client.release(this.#timedOut);
  }

  private async run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    // a transaction goes on to roll back on the same connection: fail it at once
    if (this.#timedOut) throw new DatabaseTimeout('database connection given up after a timeout');
    let timer: NodeJS.Timeout | undefined;
    const deadline = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        this.#timedOut = true;
        reject(new DatabaseTimeout(`database query took more than ${this.timeoutMs} ms`));
      }, this.timeoutMs);
    });
    try {
      return (await Promise.race([
        this.client.query(sql, [...parameters]),
        deadline,
      ])) as PostgresQueryResult<R>;
    } finally {
      clearTimeout(timer);
    }
  }
}
