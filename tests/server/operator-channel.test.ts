import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { existsSync, lstatSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { createDatabase } from '../../src/server/db/database';
import type { Database } from '../../src/server/db/schema';
import { runAdvanceCommand } from '../../src/server/operator/advance-command';
import { holdDataDir } from '../../src/server/operator/data-dir-hold';
import { runMigrateCommand } from '../../src/server/operator/migrate-command';
import { type RunningServer, startServer } from '../../src/server/server';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor } from '../support/shopcart';

const STATUSES = ['已受理', '資料審核中', '待補件', '核保中', '已承保', '不予承保', '已結案'];
const IN_USE = (dir: string) =>
  `The database in ${dir} is in use by another process (a running server or an operator command). ` +
  'Stop it first, or set DATABASE_URL to use PostgreSQL.';
const MOVED = (no: string, from: string, to: string) =>
  new RegExp(`^${no}: ${from} → ${to} \\(\\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2} Asia/Taipei\\)$`);

/** A command run in-process, its lines kept. */
async function advance(argv: string[], env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runAdvanceCommand(argv, env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

async function migrate(env: NodeJS.ProcessEnv) {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runMigrateCommand(env, { out: (l) => out.push(l), err: (l) => err.push(l) });
  return { code, out, err };
}

/** What comes back on a connection of its own to `path` after writing `payload` (and ending, if asked). */
async function exchange(path: string, payload: string, options: { end?: boolean } = {}): Promise<string> {
  const socket = connect(path);
  await once(socket, 'connect');
  let received = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk) => {
    received += chunk;
  });
  const closed = once(socket, 'close');
  if (options.end) socket.end(payload);
  else socket.write(payload);
  await closed;
  return received;
}

async function statusOf(db: Kysely<Database>, applicationNo: string) {
  const app = await db
    .selectFrom('applications')
    .select(['id', 'status'])
    .where('application_no', '=', applicationNo)
    .executeTakeFirstOrThrow();
  const events = await db
    .selectFrom('application_events')
    .select(['status', 'note'])
    .where('application_id', '=', app.id)
    .orderBy('id')
    .execute();
  return { status: app.status, events: events.map((e) => [e.status, e.note]) };
}

/** A socket file left on disk by a process killed with SIGKILL: nobody listens on it. */
async function leaveStaleSocket(path: string): Promise<void> {
  const child = spawn(
    process.execPath,
    ['-e', `require('node:net').createServer().listen(${JSON.stringify(path)}, () => console.log('up'))`],
    { stdio: ['ignore', 'pipe', 'inherit'] },
  );
  await once(child.stdout!, 'data');
  const exited = once(child, 'exit');
  child.kill('SIGKILL');
  await exited;
  expect(lstatSync(path).isSocket()).toBe(true);
}

describe('the operator channel of a server on PGlite', () => {
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let server: RunningServer;
  let socketPath: string;
  const numbers: string[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-op-'));
    socketPath = join(dataDir, 'operator.sock');
    env = { PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none') };
    server = await startServer(loadConfig(env), { logger: false });
    // applications submitted through the API: a second app in this process, on the server's own handle
    const t: TestApp = await createTestApp({ db: server.db });
    try {
      for (let i = 0; i < 4; i += 1) {
        const visitor = await ShopcartVisitor.arrive(t);
        await visitor.addPackage('BASIC');
        const answer = (await visitor.shopcart('submitApplication', await visitor.submission())).json();
        numbers.push(answer.data.applicationNo);
      }
    } finally {
      await t.close();
    }
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const health = async () => {
    const port = (server.app.server.address() as AddressInfo).port;
    return (await fetch(`http://127.0.0.1:${port}/ODGAWeb/api/health`)).status;
  };

  it('listens on <DATA_DIR>/operator.sock, a socket only its user may use (0600)', () => {
    const stats = lstatSync(socketPath);
    expect(stats.isSocket()).toBe(true);
    expect(stats.mode & 0o777).toBe(0o600);
  });

  it('runs application:advance through the socket: the running server’s database has the move', async () => {
    const no = numbers[0]!;
    const run = await advance([no, '資料審核中'], { DATA_DIR: dataDir });
    expect(run.code).toBe(0);
    expect(run.err).toEqual([]);
    expect(run.out).toHaveLength(1);
    expect(run.out[0]).toMatch(MOVED(no, '已受理', '資料審核中'));

    const noted = await advance([no, '待補件', '--note', '請補附加保險人名冊'], { DATA_DIR: dataDir });
    expect(noted.code).toBe(0);
    const defaulted = await advance([numbers[1]!, '資料審核中'], { DATA_DIR: dataDir });
    expect(defaulted.code).toBe(0);
    expect((await advance([numbers[1]!, '待補件'], { DATA_DIR: dataDir })).code).toBe(0);

    // read with the server's own handle: a second PGlite on the files would not show in it
    expect(await statusOf(server.db, no)).toEqual({
      status: '待補件',
      events: [
        ['已受理', null],
        ['資料審核中', null],
        ['待補件', '請補附加保險人名冊'],
      ],
    });
    expect((await statusOf(server.db, numbers[1]!)).events.at(-1)).toEqual([
      '待補件',
      '蓋有公司大小章的要保書正本、被保險人名冊',
    ]);
  });

  it('through the socket, refuses a move not allowed (naming the allowed ones) and an unknown number: exit 1', async () => {
    const no = numbers[2]!;
    const refused = await advance([no, '已承保'], { DATA_DIR: dataDir });
    expect(refused).toEqual({
      code: 1,
      out: [],
      err: [
        `${no}: 已受理 → 已承保 is not allowed; from 已受理 it may go to 資料審核中, 已結案. Nothing was changed.`,
      ],
    });
    const missing = await advance(['GI099010100009', '資料審核中'], { DATA_DIR: dataDir });
    expect(missing).toEqual({
      code: 1,
      out: [],
      err: ['GI099010100009: no application has this number; nothing was changed.'],
    });
    expect(await statusOf(server.db, no)).toEqual({ status: '已受理', events: [['已受理', null]] });
  });

  it('prints no personal data of the application', async () => {
    const run = await advance([numbers[2]!, '資料審核中'], { DATA_DIR: dataDir });
    const printed = [...run.out, ...run.err].join('\n');
    for (const datum of ['晴空軟體', '0912', '02-2720', '12345675', '吳志明', '黃怡君'])
      expect(printed).not.toContain(datum);
  });

  it('keeps a second server off the same DATA_DIR: it refuses to start, the first runs on', async () => {
    const second = startServer(loadConfig(env), { logger: false });
    await expect(second).rejects.toThrow(IN_USE(dataDir));
    expect(await health()).toBe(200);
    expect(lstatSync(socketPath).isSocket()).toBe(true);
    expect((await advance([numbers[2]!, '核保中'], { DATA_DIR: dataDir })).code).toBe(0);
  });

  it('db:migrate refuses while the server runs: a running server migrates itself at start', async () => {
    const run = await migrate(env);
    expect(run.code).toBe(1);
    expect(run.out).toEqual([]);
    expect(run.err).toEqual([
      `The database in ${dataDir} is in use by a running server (or an operator command): nothing was ` +
        'migrated. A running server applies the migrations itself when it starts: restart it to apply new ' +
        'ones. An operator command finishes in moments: then try again.',
    ]);
    expect(await health()).toBe(200);
  });

  it('answers a malformed or invalid line with an error line, and keeps running', async () => {
    const answer = async (payload: string, options?: { end?: boolean }) => {
      const received = await exchange(socketPath, payload, options);
      expect(received.endsWith('\n')).toBe(true);
      return JSON.parse(received);
    };
    const valid = {
      command: 'application.advance',
      applicationNo: numbers[3]!,
      status: '資料審核中',
      note: null,
    };
    const cases: [string, string][] = [
      ['not json\n', 'malformed'],
      ['[1,2]\n', 'malformed'],
      ['"application.advance"\n', 'malformed'],
      ['{"command":"drop.database"}\n', 'unknownCommand'],
      ['{}\n', 'unknownCommand'],
      [`${JSON.stringify({ ...valid, status: '完成' })}\n`, 'invalid'],
      [`${JSON.stringify({ ...valid, applicationNo: 'GI1' })}\n`, 'invalid'],
      [`${JSON.stringify({ ...valid, applicationNo: 12 })}\n`, 'invalid'],
      [`${JSON.stringify({ ...valid, note: 5 })}\n`, 'invalid'],
      [`${JSON.stringify({ ...valid, note: '長'.repeat(201) })}\n`, 'invalid'],
      [`${JSON.stringify({ ...valid, notes: 'typo' })}\n`, 'invalid'],
      [`{"command":"application.advance","applicationNo":"${'9'.repeat(20_000)}`, 'tooLong'],
    ];
    for (const [payload, error] of cases) {
      const received = await answer(payload);
      expect(received).toMatchObject({ ok: false, error });
      expect(typeof received.message).toBe('string');
    }
    // a connection that sends nothing is closed without an answer
    expect(await exchange(socketPath, '', { end: true })).toBe('');
    expect(await health()).toBe(200);
    expect((await statusOf(server.db, numbers[3]!)).status).toBe('已受理');

    // a valid line, ended without a newline, still runs
    const done = await answer(JSON.stringify(valid), { end: true });
    expect(done).toMatchObject({ ok: true, result: { ok: true, from: '已受理', to: '資料審核中' } });
    expect(Number.isNaN(Date.parse(done.result.at))).toBe(false);
    expect((await statusOf(server.db, numbers[3]!)).status).toBe('資料審核中');
  });

  it('exits 2 with the usage and every status on a mistake in the arguments, before touching a database', async () => {
    const nowhere = { DATA_DIR: join(dataDir, 'nowhere') };
    const no = numbers[3]!;
    const mistakes = [
      [],
      [no],
      [no, '完成'],
      ['GI12345', '資料審核中'],
      ['AB115112400001', '資料審核中'],
      [no, '資料審核中', 'extra'],
      [no, '資料審核中', '--note'],
      [no, '資料審核中', '--note', 'a', '--note', 'b'],
      [no, '資料審核中', '--force'],
      [no, '待補件', '--note', '   '],
      [no, '待補件', '--note', 'x'.repeat(201)],
    ];
    for (const argv of mistakes) {
      const run = await advance(argv, nowhere);
      expect(run.code, argv.join(' ')).toBe(2);
      expect(run.out).toEqual([]);
      const printed = run.err.join('\n');
      expect(printed).toContain('Usage: npm run application:advance -- <受理編號> <status> [--note <text>]');
      for (const status of STATUSES) expect(printed).toContain(status);
    }
    expect(existsSync(nowhere.DATA_DIR)).toBe(false);
    expect((await statusOf(server.db, no)).status).toBe('資料審核中');
  });

  it('on stop(), answers the command in flight before the database closes, and turns new ones away', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let holding = () => {};
    const held = new Promise<void>((resolve) => {
      holding = resolve;
    });
    // occupy PGlite's one connection: the command below waits inside the server
    const occupied = server.db.connection().execute(async () => {
      holding();
      await gate;
    });
    await held;
    const no = numbers[2]!;
    const inFlight = advance([no, '已承保'], { DATA_DIR: dataDir });
    await sleep(200);
    const stopping = server.stop();
    await sleep(100);
    expect(await advance([numbers[3]!, '核保中'], { DATA_DIR: dataDir })).toEqual({
      code: 3,
      out: [],
      err: [`The server on ${dataDir} is stopping; run the command again once it has stopped.`],
    });
    release();
    await occupied;
    const run = await inFlight;
    expect(run.err).toEqual([]);
    expect(run.out[0]).toMatch(MOVED(no, '核保中', '已承保'));
    await stopping;
  });

  it('after stop(): the socket is gone and the command holds the folder and opens it itself', async () => {
    await server.stop();
    expect(existsSync(socketPath)).toBe(false);
    const no = numbers[3]!;
    const run = await advance([no, '核保中'], { DATA_DIR: dataDir });
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);
    expect(run.out[0]).toMatch(MOVED(no, '資料審核中', '核保中'));
    expect(existsSync(socketPath)).toBe(false);

    const db = createDatabase({ dataDir: join(dataDir, 'pglite') });
    try {
      expect((await statusOf(db, no)).status).toBe('核保中');
    } finally {
      await db.destroy();
    }
  });

  it('while an operator command holds the folder, a server refuses to start and another command waits its turn', async () => {
    const hold = await holdDataDir(dataDir, {
      busyMessage: `The database in ${dataDir} is in use by another operator command; try again in a moment.`,
    });
    try {
      await expect(startServer(loadConfig(env), { logger: false })).rejects.toThrow(IN_USE(dataDir));
      expect(await advance([numbers[3]!, '已承保'], { DATA_DIR: dataDir })).toEqual({
        code: 3,
        out: [],
        err: [`The database in ${dataDir} is in use by another operator command; try again in a moment.`],
      });
      expect((await migrate(env)).code).toBe(1);
    } finally {
      await hold.close();
    }
    expect(existsSync(socketPath)).toBe(false);
  });

  it('takes over a socket file left by a killed process: the command and the server start', async () => {
    await leaveStaleSocket(socketPath);
    const run = await advance([numbers[3]!, '已承保'], { DATA_DIR: dataDir });
    expect(run.err).toEqual([]);
    expect(run.code).toBe(0);

    await leaveStaleSocket(socketPath);
    server = await startServer(loadConfig(env), { logger: false });
    expect(await health()).toBe(200);
    expect(lstatSync(socketPath).mode & 0o777).toBe(0o600);
    expect((await statusOf(server.db, numbers[3]!)).status).toBe('已承保');
    const final = await advance([numbers[3]!, '已結案'], { DATA_DIR: dataDir });
    expect(final.err).toEqual([
      `${numbers[3]}: 已承保 → 已結案 is not allowed; 已承保 is final: nothing follows it. Nothing was changed.`,
    ]);
    expect(final.code).toBe(1);
  });
});

describe('operator commands on a data folder without a running server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-op-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses on a folder with no database (not created, nothing left behind): exit 3', async () => {
    const missing = join(dataDir, 'missing');
    expect(await advance(['GI115112400001', '資料審核中'], { DATA_DIR: missing })).toEqual({
      code: 3,
      out: [],
      err: [
        `The folder ${missing} has no application tables yet: run npm start or npm run db:migrate first.`,
      ],
    });
    expect(existsSync(missing)).toBe(false);

    expect(await advance(['GI115112400001', '資料審核中'], { DATA_DIR: dataDir })).toEqual({
      code: 3,
      out: [],
      err: [
        `The folder ${dataDir} has no application tables yet: run npm start or npm run db:migrate first.`,
      ],
    });
    expect(existsSync(join(dataDir, 'pglite'))).toBe(false);
    expect(existsSync(join(dataDir, 'operator.sock'))).toBe(false);
  });

  it('lets one of several processes racing for a stale socket take it over, never two', async () => {
    const socket = join(dataDir, 'operator.sock');
    for (let round = 0; round < 3; round += 1) {
      await leaveStaleSocket(socket);
      const tries = await Promise.allSettled(
        Array.from({ length: 6 }, () => holdDataDir(dataDir, { busyMessage: 'busy' })),
      );
      const held = tries.flatMap((t) => (t.status === 'fulfilled' ? [t.value] : []));
      expect(held).toHaveLength(1);
      for (const t of tries)
        if (t.status === 'rejected') expect((t.reason as Error).message).toBe(IN_USE(dataDir));
      expect(lstatSync(socket).isSocket()).toBe(true);
      await held[0]!.close();
      expect(existsSync(socket)).toBe(false);
      expect(existsSync(`${socket}.lock`)).toBe(false);
    }
  });

  it('db:migrate holds the folder while it migrates; then the command finds the tables', async () => {
    const env = { DATA_DIR: dataDir };
    expect(await migrate(env)).toEqual({ code: 0, out: ['database ready (PGlite)'], err: [] });
    expect(existsSync(join(dataDir, 'operator.sock'))).toBe(false);
    expect(await advance(['GI115112400001', '資料審核中'], env)).toEqual({
      code: 1,
      out: [],
      err: ['GI115112400001: no application has this number; nothing was changed.'],
    });
  }, 30_000);
});
