import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { type Kysely, sql } from 'kysely';
import { inject } from 'vitest';
import { CSRF_COOKIE, CSRF_HEADER } from '../../src/domain/envelope';
import type { StaffRole } from '../../src/domain/staff-roles';
import { type BuildAppOptions, buildApp } from '../../src/server/app';
import { createDatabase } from '../../src/server/db/database';
import { migrateToLatest } from '../../src/server/db/migrate';
import { upsertStaff } from '../../src/server/db/repositories/staff';
import type { Database } from '../../src/server/db/schema';
import { seed } from '../../src/server/db/seed';
import { hashPassword } from '../../src/server/staff/passwords';

export const TEST_INDEX_HTML =
  '<!doctype html><html lang="zh-Hant-TW"><head><title>團體保險網路服務</title>' +
  '<script type="module" src="/groupins/assets/index-abc123.js"></script></head><body><div id="root"></div></body></html>';
export const TEST_ASSET = 'assets/index-abc123.js';

/** Cookies a browser would keep between calls: enough of one to follow a visitor through inject(). */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  store(response: LightMyRequestResponse): this {
    for (const cookie of response.cookies as { name: string; value: string; maxAge?: number }[]) {
      // a cleared cookie comes back empty with Max-Age=0: the browser drops it
      if (cookie.maxAge === 0) this.#cookies.delete(cookie.name);
      else this.#cookies.set(cookie.name, cookie.value);
    }
    return this;
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  set(name: string, value: string): void {
    this.#cookies.set(name, value);
  }

  header(): string {
    return [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  config: BuildAppOptions['config'];
  /** a visitor that has loaded a page (from `address`, if given): its jar holds gi_sid and XSRF-TOKEN */
  newVisitor(address?: string): Promise<CookieJar>;
  /** what the client sends on a POST: the jar's cookies and the CSRF header */
  csrfHeaders(jar: CookieJar): Record<string, string>;
  /** the waits the staff sign-in asked for, in order, unless `pause` was given (none is waited) */
  pauses: number[];
  close(): Promise<void>;
}

interface TestAppOptions {
  /** reuse a database (a second app over the same data); otherwise a migrated, seeded in-memory PGlite */
  db?: Kysely<Database>;
  config?: Partial<BuildAppOptions['config']>;
  logger?: BuildAppOptions['logger'];
  onRoute?: BuildAppOptions['onRoute'];
  renderer?: BuildAppOptions['renderer'];
  now?: BuildAppOptions['now'];
  /** how the staff sign-in waits; by default each wait is recorded in `pauses` and none is waited */
  pause?: BuildAppOptions['pause'];
}

let seededArchive: Promise<Blob> | undefined;

/**
 * A migrated, seeded in-memory PGlite. Within a test run it starts from the archive the global setup made
 * once (seeded-database-setup.ts: about a quarter of the CPU of an empty database's initdb, migrations and
 * seed, which on a busy 2-core machine ran past the hooks' time); a script outside Vitest migrates and seeds
 * its own.
 */
export async function createTestDatabase(): Promise<Kysely<Database>> {
  // Vitest sets VITEST in the processes that run tests; `inject` answers only there
  const archivePath = process.env.VITEST ? inject('seededDatabase') : undefined;
  if (archivePath) {
    seededArchive ??= readFile(archivePath).then((bytes) => new Blob([bytes]));
    const db = createDatabase({ memory: true, archive: await seededArchive });
    // opened, as migrating an empty one opens it: its change feed is live before the first test
    await sql`select 1`.execute(db);
    return db;
  }
  return createMigratedDatabase();
}

/** An empty in-memory PGlite, migrated and seeded. */
async function createMigratedDatabase(): Promise<Kysely<Database>> {
  const db = createDatabase({ memory: true });
  await migrateToLatest(db);
  await seed(db);
  return db;
}

/** A staff account as `npm run staff:add` makes it: the password hashed with argon2id; an analyst unless told. */
export async function addStaff(
  db: Kysely<Database>,
  name: string,
  password: string,
  roles: readonly StaffRole[] = ['analyst'],
): Promise<void> {
  await upsertStaff(db, name, await hashPassword(password), roles);
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const ownsDb = !options.db;
  const db = options.db ?? (await createTestDatabase());
  const staticDir = await mkdtemp(join(tmpdir(), 'groupins-static-'));
  await mkdir(join(staticDir, 'assets'));
  await writeFile(join(staticDir, 'index.html'), TEST_INDEX_HTML);
  await writeFile(join(staticDir, TEST_ASSET), 'export {};\n');
  await writeFile(join(staticDir, `${TEST_ASSET}.br`), brotliCompressSync('export {};\n'));

  const config = {
    sessionSecret: 'test-secret-test-secret-test-secret-0123',
    staticDir,
    trustProxy: false,
    logLevel: 'info',
    // a captcha challenge of at most 1,000 hashes: solved in milliseconds
    captchaMaxNumber: 1_000,
    ...options.config,
  };
  const pauses: number[] = [];
  const app = await buildApp({
    db,
    config,
    logger: options.logger ?? false,
    onRoute: options.onRoute,
    renderer: options.renderer,
    now: options.now,
    pause:
      options.pause ??
      (async (ms) => {
        pauses.push(ms);
      }),
  });

  const csrfHeaders = (jar: CookieJar) => ({
    cookie: jar.header(),
    [CSRF_HEADER]: jar.get(CSRF_COOKIE) ?? '',
  });
  return {
    app,
    db,
    config,
    csrfHeaders,
    pauses,
    async newVisitor(address?: string) {
      const response = await app.inject({ method: 'GET', url: '/groupins/', remoteAddress: address });
      return new CookieJar().store(response);
    },
    async close() {
      await app.close();
      if (ownsDb) await db.destroy();
      await rm(staticDir, { recursive: true, force: true });
    },
  };
}
