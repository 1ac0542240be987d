import type { PGlite } from '@electric-sql/pglite';
import type { PostgresCursor, PostgresPool, PostgresPoolClient, PostgresQueryResult } from 'kysely';

type Command = PostgresQueryResult<unknown>['command'];

/**
 * PGlite runs in this thread and answers without I/O: queued queries would run one after another in a single
 * drain of the microtask queue, holding the event loop for as long as the queue lasts. Each query waits for a
 * turn of the loop instead, so requests are read and answered between queries, and connections accepted:
 * Node accepts one connection per turn, so the shorter the turns, the sooner a new visitor is let in.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * PGlite is one connection. Kysely runs a transaction as several queries on one pool client, so the
 * pool hands out its single client to one borrower at a time; otherwise two transactions would
 * interleave their statements on the same connection.
 */
export class PGlitePool implements PostgresPool {
  #tail: Promise<void> = Promise.resolve();

  constructor(private readonly pglite: PGlite) {}

  async connect(): Promise<PostgresPoolClient> {
    const previous = this.#tail;
    let release = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.#tail = previous.then(() => released);
    await previous;
    return new PGliteClient(this.pglite, release);
  }

  async end(): Promise<void> {
    await this.#tail;
    if (!this.pglite.closed) await this.pglite.close();
  }
}

class PGliteClient implements PostgresPoolClient {
  #released = false;

  constructor(
    private readonly pglite: PGlite,
    private readonly onRelease: () => void,
  ) {}

  query<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>>;
  query<R>(cursor: PostgresCursor<R>): PostgresCursor<R>;
  query<R>(
    sql: string | PostgresCursor<R>,
    parameters?: ReadonlyArray<unknown>,
  ): Promise<PostgresQueryResult<R>> | PostgresCursor<R> {
    if (typeof sql !== 'string') throw new Error('PGlite pool: streaming queries are not supported');
    return this.run<R>(sql, parameters ?? []);
  }

  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.onRelease();
  }

  private async run<R>(sql: string, parameters: ReadonlyArray<unknown>): Promise<PostgresQueryResult<R>> {
    await nextTurn();
    const result = await this.pglite.query<R>(sql, [...parameters]);
    return {
      rows: result.rows,
      rowCount: result.rowCount ?? result.affectedRows ?? result.rows.length,
      command: (result.command ?? 'SELECT') as Command,
    };
  }
}
