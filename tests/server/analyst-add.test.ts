import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../src/server/atlas/passwords';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { runAnalystAddCommand } from '../../src/server/operator/analyst-command';
import { sendOperatorLine } from '../../src/server/operator/data-dir-hold';
import { runMigrateCommand } from '../../src/server/operator/migrate-command';
import type { PasswordInput } from '../../src/server/operator/password-prompt';
import { type RunningServer, startServer } from '../../src/server/server';
import { CartVisitor } from '../support/cart-visitor';
import { usePostgresApp } from '../support/postgres-app';
import { describeWithPostgres } from '../support/postgres-cluster';
import { createTestApp } from '../support/server';

const PASSWORD = 'a long enough passphrase';
const SECOND = 'another long passphrase';

/** Standard input as a pipe: its first line. */
const piped = (line: string): PasswordInput => ({ interactive: false, read: async () => line });

/** A terminal: each prompt answered in turn; the prompts are kept. */
function terminal(...answers: string[]): PasswordInput & { prompts: string[] } {
  const prompts: string[] = [];
  return {
    interactive: true,
    prompts,
    read: async (prompt) => {
      prompts.push(prompt);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('cancelled');
      return answer;
    },
  };
}

async function analystAdd(argv: string[], env: NodeJS.ProcessEnv, input: PasswordInput) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAnalystAddCommand(
    argv,
    env,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    input,
  );
  return { code, out, err };
}

async function analystRow(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('analysts')
    .select(['name', 'password_hash', 'failed_logins', 'locked_until'])
    .where('name', '=', name)
    .executeTakeFirst();
}

/** Logs in through the API of an app on `db`: the answer's data ('loginRefused', { name }, …). */
async function loginOn(db: Kysely<Database>, name: string, password: string): Promise<unknown> {
  const t = await createTestApp({ db });
  try {
    const visitor = await CartVisitor.arrive(t);
    return (await visitor.api('atlas/login', { name, password })).json().data;
  } finally {
    await t.close();
  }
}

describe('analyst:add through the operator socket of a running server', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-analyst-'));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none') };
    server = await startServer(loadConfig(env), { logger: false });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adds an analyst from a piped password: the running server’s database has its argon2id hash', async () => {
    const run = await analystAdd(['alice'], { DATA_DIR: dataDir }, piped(PASSWORD));
    expect(run).toEqual({ code: 0, out: ['analyst alice added'], err: [] });
    const row = await analystRow(server.db, 'alice');
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect(await loginOn(server.db, 'alice', PASSWORD)).toEqual({ name: 'alice' });
  });

  it('asks twice at a terminal; replaces the password of an existing analyst, clears its lock and ends its sessions', async () => {
    const locked = new Date(Date.now() + 10 * 60_000);
    await server.db
      .updateTable('analysts')
      .set({ locked_until: locked, failed_logins: 3 })
      .where('name', '=', 'alice')
      .execute();
    await server.db
      .insertInto('analyst_sessions')
      .values({ id: 'x'.repeat(43), analyst: 'alice', expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const input = terminal(SECOND, SECOND);
    const run = await analystAdd(['alice'], { DATA_DIR: dataDir }, input);
    expect(run).toEqual({
      code: 0,
      out: ['analyst alice: password replaced, lock cleared, sessions ended'],
      err: [],
    });
    expect(input.prompts).toEqual(['Password: ', 'Password again: ']);
    expect(await analystRow(server.db, 'alice')).toMatchObject({ failed_logins: 0, locked_until: null });
    expect(
      await server.db.selectFrom('analyst_sessions').selectAll().where('analyst', '=', 'alice').execute(),
    ).toEqual([]);
    expect(await loginOn(server.db, 'alice', PASSWORD)).toBe('loginRefused');
    expect(await loginOn(server.db, 'alice', SECOND)).toEqual({ name: 'alice' });
  });

  it('prints neither the password nor its hash', async () => {
    const run = await analystAdd(['bob.reader'], { DATA_DIR: dataDir }, piped(PASSWORD));
    expect(run.code).toBe(0);
    const printed = [...run.out, ...run.err].join('\n');
    const { password_hash } = (await analystRow(server.db, 'bob.reader'))!;
    expect(printed).not.toContain(PASSWORD);
    expect(printed).not.toContain(password_hash);
    expect(printed).not.toContain('$argon2id$');
  });

  it('refuses, with the usage and exit 2, a wrong name or password before touching a database', async () => {
    const nowhere = { DATA_DIR: join(dataDir, 'nowhere') };
    const cases: [string[], PasswordInput, string][] = [
      [[], piped(PASSWORD), 'Give the analyst’s name.'],
      [['Alice'], piped(PASSWORD), 'Not an analyst name'],
      [['al'], piped(PASSWORD), 'Not an analyst name'],
      [['1alice'], piped(PASSWORD), 'Not an analyst name'],
      [['alice', PASSWORD], piped(PASSWORD), 'Unexpected argument'],
      [['alice', '--force'], piped(PASSWORD), 'Unexpected argument'],
      [['--password'], piped(PASSWORD), 'Unknown option'],
      [[`--password=${PASSWORD}`], piped(PASSWORD), 'Unknown option'],
      [[PASSWORD], piped(PASSWORD), 'Not an analyst name'],
      [['carol'], piped('eleven char'), 'shorter than 12 characters'],
      [['carol'], piped(''), 'shorter than 12 characters'],
      [['carol'], piped('x'.repeat(201)), 'too long'],
      [['carol'], terminal(PASSWORD, SECOND), 'The two passwords differ'],
      [['carol'], terminal(), 'No password was given'],
    ];
    for (const [argv, input, problem] of cases) {
      const run = await analystAdd(argv, nowhere, input);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.out).toEqual([]);
      expect(run.err[0]).toContain(problem);
      expect(run.err.join('\n')).toContain('Usage: npm run analyst:add -- <name>');
      expect(run.err.join('\n')).not.toContain(PASSWORD);
    }
    expect(existsSync(nowhere.DATA_DIR)).toBe(false);
    expect(await analystRow(server.db, 'carol')).toBeUndefined();
  });

  it('answers analyst.add lines that are not one with invalid, and changes nothing', async () => {
    const socket = join(dataDir, 'operator.sock');
    const hash = await hashPassword(PASSWORD);
    const valid = { command: 'analyst.add', name: 'dave', passwordHash: hash };
    for (const line of [
      { ...valid, name: 'Dave' },
      { ...valid, name: 7 },
      { ...valid, passwordHash: PASSWORD },
      { ...valid, passwordHash: '$argon2i$v=19$m=19456,t=2,p=1$abc$def' },
      { ...valid, passwordHash: `${hash} ` },
      { ...valid, passwordHash: `$argon2id$${'a'.repeat(600)}` },
      { ...valid, password: PASSWORD },
    ]) {
      expect(await sendOperatorLine(socket, line)).toMatchObject({ ok: false, error: 'invalid' });
    }
    expect(await analystRow(server.db, 'dave')).toBeUndefined();
    expect(await sendOperatorLine(socket, valid)).toEqual({ ok: true, result: { created: true } });
    expect(await loginOn(server.db, 'dave', PASSWORD)).toEqual({ name: 'dave' });
  });
});

describe('analyst:add on a data folder without a running server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-analyst-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses on a folder with no database: exit 3, nothing created', async () => {
    const missing = join(dataDir, 'missing');
    expect(await analystAdd(['alice'], { DATA_DIR: missing }, piped(PASSWORD))).toEqual({
      code: 3,
      out: [],
      err: [`The folder ${missing} has no analyst tables yet: run npm start or npm run db:migrate first.`],
    });
    expect(existsSync(missing)).toBe(false);
  });

  it('holds the folder itself and writes the files: a server started afterwards lets the analyst in', async () => {
    const env = { DATA_DIR: dataDir };
    expect(await runMigrateCommand(env, { out: () => {}, err: () => {} })).toBe(0);
    expect(await analystAdd(['alice'], env, piped(PASSWORD))).toEqual({
      code: 0,
      out: ['analyst alice added'],
      err: [],
    });
    expect(existsSync(join(dataDir, 'operator.sock'))).toBe(false);
    const db = createDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      expect(await analystRow(db, 'alice')).toMatchObject({
        name: 'alice',
        failed_logins: 0,
        locked_until: null,
      });
    } finally {
      await db.destroy();
    }

    const server = await startServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none') }),
      { logger: false },
    );
    try {
      const t = await createTestApp({ db: server.db });
      try {
        const visitor = await CartVisitor.arrive(t);
        const login = await visitor.api('atlas/login', { name: 'alice', password: PASSWORD });
        expect(login.json().data).toEqual({ name: 'alice' });
        expect((await visitor.read('atlas/me')).json().data).toEqual({ name: 'alice' });
      } finally {
        await t.close();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describeWithPostgres('analyst:add and the atlas on a real PostgreSQL', () => {
  const pg = usePostgresApp();

  it('adds with DATABASE_URL; the analyst logs in, is locked at the 5th wrong password, and reads traffic', async () => {
    const env = { DATABASE_URL: pg.cluster.url };
    expect(await analystAdd(['pg.analyst'], env, piped(PASSWORD))).toEqual({
      code: 0,
      out: ['analyst pg.analyst added'],
      err: [],
    });
    const visitor = await CartVisitor.arrive(pg.t);
    const login = (password: string) =>
      visitor.api('atlas/login', { name: 'pg.analyst', password }).then((r) => r.json().data);
    expect(await login(PASSWORD)).toEqual({ name: 'pg.analyst' });

    const steps = [
      { machine: 'contact', from: 'editing', event: 'SUBMIT', to: 'submitting', ago: 0 },
      { machine: 'contact', from: 'submitting', event: 'DONE', to: 'sent.shown', ago: 0 },
    ];
    expect((await visitor.api('trace/transitions', { steps })).json().returnCode).toBe(0);
    const today = new Date().toLocaleDateString('en-CA', { timeZone: 'Asia/Taipei' });
    const traffic = await visitor.read(`atlas/traffic?machine=contact&from=${today}&to=${today}`);
    expect(traffic.json().data).toMatchObject({
      visitors: 1,
      transitions: [
        { from: 'editing', event: 'SUBMIT', to: 'submitting', visitors: 1, times: 1 },
        { from: 'submitting', event: 'DONE', to: 'sent.shown', visitors: 1, times: 1 },
      ],
      states: [
        { state: 'editing', visitors: 1 },
        { state: 'sent', visitors: 1 },
        { state: 'sent.shown', visitors: 1 },
        { state: 'submitting', visitors: 1 },
      ],
    });

    for (let i = 0; i < 4; i += 1) expect(await login('wrong password!')).toBe('loginRefused');
    expect(await login('wrong password!')).toBe('loginLocked');
    expect(await login(PASSWORD)).toBe('loginLocked');
    expect(await analystAdd(['pg.analyst'], env, piped(SECOND))).toEqual({
      code: 0,
      out: ['analyst pg.analyst: password replaced, lock cleared, sessions ended'],
      err: [],
    });
    expect(await login(SECOND)).toEqual({ name: 'pg.analyst' });
  });
});
