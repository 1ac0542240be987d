import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { sendOperatorLine } from '../../src/server/operator/data-dir-hold';
import { runMigrateCommand } from '../../src/server/operator/migrate-command';
import type { PasswordInput } from '../../src/server/operator/password-prompt';
import { runStaffAddCommand } from '../../src/server/operator/staff-command';
import { type RunningServer, startServer } from '../../src/server/server';
import { hashPassword } from '../../src/server/staff/passwords';
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

async function staffAdd(argv: string[], env: NodeJS.ProcessEnv, input: PasswordInput) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runStaffAddCommand(
    argv,
    env,
    { out: (l) => out.push(l), err: (l) => err.push(l) },
    input,
  );
  return { code, out, err };
}

async function staffRow(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('staff')
    .select(['name', 'password_hash', 'failed_logins', 'locked_until'])
    .where('name', '=', name)
    .executeTakeFirst();
}

async function rolesOf(db: Kysely<Database>, name: string) {
  const rows = await db.selectFrom('staff_roles').select('role').where('staff', '=', name).execute();
  return rows.map((row) => row.role).sort();
}

/** The audit entries about an account (done by it or to it), oldest first: who, what, and the detail. */
async function auditOf(db: Kysely<Database>, name: string) {
  return db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'detail'])
    .where((eb) => eb.or([eb('actor', '=', name), eb('target_staff', '=', name)]))
    .orderBy('id')
    .execute();
}

/** Logs in through the API of an app on `db`: the answer's data ('loginRefused', { name }, …). */
async function loginOn(db: Kysely<Database>, name: string, password: string): Promise<unknown> {
  const t = await createTestApp({ db });
  try {
    const visitor = await CartVisitor.arrive(t);
    return (await visitor.api('staff/login', { name, password })).json().data;
  } finally {
    await t.close();
  }
}

describe('staff:add through the operator socket of a running server', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-staff-'));
    const env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none') };
    server = await startServer(loadConfig(env), { logger: false });
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('adds an account with its roles from a piped password: the running server’s database has its argon2id hash, and the audit log the operator’s staff.add', async () => {
    const run = await staffAdd(['alice', '--role', 'admin,analyst'], { DATA_DIR: dataDir }, piped(PASSWORD));
    expect(run).toEqual({ code: 0, out: ['staff alice added (analyst,admin)'], err: [] });
    expect(await rolesOf(server.db, 'alice')).toEqual(['admin', 'analyst']);
    expect(await auditOf(server.db, 'alice')).toEqual([
      { actor: '(operator)', action: 'staff.add', detail: '角色：分析、管理' },
    ]);
    const row = await staffRow(server.db, 'alice');
    expect(row?.password_hash).toMatch(/^\$argon2id\$v=19\$m=\d+,t=\d+,p=\d+\$/);
    expect(row?.password_hash).not.toContain(PASSWORD);
    expect(await loginOn(server.db, 'alice', PASSWORD)).toEqual({
      name: 'alice',
      roles: ['analyst', 'admin'],
    });
  });

  it('asks twice at a terminal; gives an existing account the new password and roles, clears its wrong-password lock and ends its sessions (staff.roles)', async () => {
    const locked = new Date(Date.now() + 10 * 60_000);
    await server.db
      .updateTable('staff')
      .set({ locked_until: locked, failed_logins: 3 })
      .where('name', '=', 'alice')
      .execute();
    await server.db
      .insertInto('staff_sessions')
      .values({ id: 'x'.repeat(43), staff: 'alice', expires_at: new Date(Date.now() + 60_000) })
      .execute();
    const input = terminal(SECOND, SECOND);
    const run = await staffAdd(['alice', '--role=underwriter,admin'], { DATA_DIR: dataDir }, input);
    expect(run).toEqual({
      code: 0,
      out: [
        'staff alice: roles underwriter,admin, password replaced, wrong-password lock cleared, sessions ended',
      ],
      err: [],
    });
    expect(await rolesOf(server.db, 'alice')).toEqual(['admin', 'underwriter']);
    expect((await auditOf(server.db, 'alice')).at(-1)).toEqual({
      actor: '(operator)',
      action: 'staff.roles',
      detail: '角色：核保、管理；已更換密碼並結束其登入',
    });
    expect(input.prompts).toEqual(['Password: ', 'Password again: ']);
    expect(await staffRow(server.db, 'alice')).toMatchObject({ failed_logins: 0, locked_until: null });
    expect(
      await server.db.selectFrom('staff_sessions').selectAll().where('staff', '=', 'alice').execute(),
    ).toEqual([]);
    expect(await loginOn(server.db, 'alice', PASSWORD)).toBe('loginRefused');
    expect(await loginOn(server.db, 'alice', SECOND)).toEqual({
      name: 'alice',
      roles: ['underwriter', 'admin'],
    });
  });

  it('prints neither the password nor its hash', async () => {
    const run = await staffAdd(['bob.reader', '--role', 'analyst'], { DATA_DIR: dataDir }, piped(PASSWORD));
    expect(run.code).toBe(0);
    const printed = [...run.out, ...run.err].join('\n');
    const { password_hash } = (await staffRow(server.db, 'bob.reader'))!;
    expect(printed).not.toContain(PASSWORD);
    expect(printed).not.toContain(password_hash);
    expect(printed).not.toContain('$argon2id$');
  });

  it('refuses, with the usage and exit 2, a wrong name, role or password before touching a database', async () => {
    const nowhere = { DATA_DIR: join(dataDir, 'nowhere') };
    const role = ['--role', 'service'];
    const cases: [string[], PasswordInput, string][] = [
      [[...role], piped(PASSWORD), 'Give the person’s account name.'],
      [['Alice', ...role], piped(PASSWORD), 'Not an account name'],
      [['al', ...role], piped(PASSWORD), 'Not an account name'],
      [['1alice', ...role], piped(PASSWORD), 'Not an account name'],
      [['alice', PASSWORD, ...role], piped(PASSWORD), 'Unexpected argument'],
      [['alice', '--force', ...role], piped(PASSWORD), 'Unknown option'],
      [['--password', ...role], piped(PASSWORD), 'Unknown option'],
      [[`--password=${PASSWORD}`, ...role], piped(PASSWORD), 'Unknown option'],
      [[PASSWORD, ...role], piped(PASSWORD), 'Not an account name'],
      [['carol'], piped(PASSWORD), 'Give the roles with --role'],
      [['carol', '--role'], piped(PASSWORD), '--role needs the roles.'],
      [['carol', '--role', 'root'], piped(PASSWORD), 'Not a role list'],
      [['carol', '--role', 'service,'], piped(PASSWORD), 'Not a role list'],
      [['carol', '--role=service', '--role=admin'], piped(PASSWORD), '--role is given twice'],
      [['carol', ...role], piped('eleven char'), 'shorter than 12 characters'],
      [['carol', ...role], piped(''), 'shorter than 12 characters'],
      [['carol', ...role], piped('x'.repeat(201)), 'too long'],
      [['carol', ...role], terminal(PASSWORD, SECOND), 'The two passwords differ'],
      [['carol', ...role], terminal(), 'No password was given'],
    ];
    for (const [argv, input, problem] of cases) {
      const run = await staffAdd(argv, nowhere, input);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.out).toEqual([]);
      expect(run.err[0]).toContain(problem);
      expect(run.err.join('\n')).toContain('Usage: npm run staff:add -- <name> --role <role>[,<role>]');
      expect(run.err.join('\n')).not.toContain(PASSWORD);
    }
    expect(existsSync(nowhere.DATA_DIR)).toBe(false);
    expect(await staffRow(server.db, 'carol')).toBeUndefined();
    expect(await auditOf(server.db, 'carol')).toEqual([]);
  });

  it('answers staff.add lines that are not one with invalid, and changes nothing', async () => {
    const socket = join(dataDir, 'operator.sock');
    const hash = await hashPassword(PASSWORD);
    const valid = { command: 'staff.add', name: 'dave', roles: ['service'], passwordHash: hash };
    for (const line of [
      { ...valid, name: 'Dave' },
      { ...valid, name: 7 },
      { ...valid, roles: [] },
      { ...valid, roles: 'service' },
      { ...valid, roles: ['root'] },
      { ...valid, roles: ['service', 'service', 'service', 'service', 'service'] },
      { ...valid, passwordHash: PASSWORD },
      { ...valid, passwordHash: '$argon2i$v=19$m=19456,t=2,p=1$abc$def' },
      { ...valid, passwordHash: `${hash} ` },
      { ...valid, passwordHash: `$argon2id$${'a'.repeat(600)}` },
      { ...valid, password: PASSWORD },
    ]) {
      expect(await sendOperatorLine(socket, line)).toMatchObject({ ok: false, error: 'invalid' });
    }
    expect(await staffRow(server.db, 'dave')).toBeUndefined();
    expect(await sendOperatorLine(socket, valid)).toEqual({ ok: true, result: { created: true } });
    expect(await loginOn(server.db, 'dave', PASSWORD)).toEqual({ name: 'dave', roles: ['service'] });
  });
});

describe('staff:add on a data folder without a running server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-staff-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses on a folder with no database: exit 3, nothing created', async () => {
    const missing = join(dataDir, 'missing');
    expect(await staffAdd(['alice', '--role', 'admin'], { DATA_DIR: missing }, piped(PASSWORD))).toEqual({
      code: 3,
      out: [],
      err: [`The folder ${missing} has no staff tables yet: run npm start or npm run db:migrate first.`],
    });
    expect(existsSync(missing)).toBe(false);
  });

  it('holds the folder itself and writes the files: a server started afterwards lets the analyst in', async () => {
    const env = { DATA_DIR: dataDir };
    expect(await runMigrateCommand(env, { out: () => {}, err: () => {} })).toBe(0);
    expect(await staffAdd(['alice', '--role', 'analyst'], env, piped(PASSWORD))).toEqual({
      code: 0,
      out: ['staff alice added (analyst)'],
      err: [],
    });
    expect(existsSync(join(dataDir, 'operator.sock'))).toBe(false);
    const db = createDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      expect(await staffRow(db, 'alice')).toMatchObject({
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
        const login = await visitor.api('staff/login', { name: 'alice', password: PASSWORD });
        expect(login.json().data).toEqual({ name: 'alice', roles: ['analyst'] });
        expect((await visitor.read('staff/me')).json().data).toEqual({ name: 'alice', roles: ['analyst'] });
      } finally {
        await t.close();
      }
    } finally {
      await server.stop();
    }
  }, 60_000);
});

describeWithPostgres('staff:add and the atlas on a real PostgreSQL', () => {
  const pg = usePostgresApp();

  it('adds with DATABASE_URL; the analyst logs in, is locked at the 5th wrong password, and reads traffic', async () => {
    const env = { DATABASE_URL: pg.cluster.url };
    expect(await staffAdd(['pg.analyst', '--role', 'analyst'], env, piped(PASSWORD))).toEqual({
      code: 0,
      out: ['staff pg.analyst added (analyst)'],
      err: [],
    });
    const visitor = await CartVisitor.arrive(pg.t);
    const login = async (password: string, captcha = false) =>
      (
        await visitor.api('staff/login', {
          name: 'pg.analyst',
          password,
          ...(captcha ? { captcha: await visitor.captcha() } : {}),
        })
      ).json().data;
    expect(await login(PASSWORD)).toEqual({ name: 'pg.analyst', roles: ['analyst'] });

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

    // the 3rd in a row asks for the captcha, which the 4th and 5th carry
    const wrong = [];
    for (let i = 1; i <= 5; i += 1) wrong.push(await login('wrong password!', i > 3));
    expect(wrong).toEqual(['loginRefused', 'loginRefused', 'loginCaptcha', 'loginCaptcha', 'loginLocked']);
    expect(await login(PASSWORD, true)).toBe('loginLocked');
    expect(await staffAdd(['pg.analyst', '--role', 'analyst,service'], env, piped(SECOND))).toEqual({
      code: 0,
      out: [
        'staff pg.analyst: roles analyst,service, password replaced, wrong-password lock cleared, sessions ended',
      ],
      err: [],
    });
    expect(await login(SECOND)).toEqual({ name: 'pg.analyst', roles: ['analyst', 'service'] });
    expect((await auditOf(pg.db, 'pg.analyst')).map((entry) => [entry.actor, entry.action])).toEqual([
      ['(operator)', 'staff.add'],
      ['pg.analyst', 'signIn'],
      ...Array.from({ length: 5 }, () => ['pg.analyst', 'signInFailed']),
      ['pg.analyst', 'signInFailed'],
      ['(operator)', 'staff.roles'],
      ['pg.analyst', 'signIn'],
    ]);
  });
});
