import type { ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { request } from 'node:http';
import { connect } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { endMain, type MainProcess, spawnMain } from '../support/main-process';

const HAN = /\p{Script=Han}/u;

/** A fresh DATA_DIR is migrated and seeded first: on a busy 2-core machine that takes tens of seconds. */
const START_WITHIN_MS = 60_000;

async function waitForHealth(url: string, child: ChildProcess): Promise<Response> {
  const deadline = Date.now() + START_WITHIN_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      return await fetch(url);
    } catch {
      await sleep(100);
    }
  }
  throw new Error('server did not start');
}

type Answer = { status?: number; body?: string; error?: string };

/** A GET on a connection of its own: when its bytes are handed to the system, and its answer (or error). */
function getOnFreshConnection(
  port: number,
  path: string,
): { sent: Promise<unknown>; answer: Promise<Answer> } {
  const call = request({ host: '127.0.0.1', port, path, agent: false });
  const answer = new Promise<Answer>((resolve) => {
    call.on('response', (response) => {
      let body = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, body }));
      response.on('error', (error) => resolve({ error: error.message }));
    });
    call.on('error', (error: NodeJS.ErrnoException) => resolve({ error: error.code ?? error.message }));
  });
  const connected = new Promise((resolve) => call.on('socket', (socket) => socket.once('connect', resolve)));
  const sent = Promise.all([connected, once(call, 'finish')]);
  call.end();
  return { sent, answer };
}

describe('main: the process entry', () => {
  let main: MainProcess | undefined;
  afterEach(async () => {
    await endMain(main);
    main = undefined;
  });

  async function startMain(env: Record<string, string> = {}): Promise<MainProcess> {
    main = await spawnMain(env);
    const health = await waitForHealth(`http://127.0.0.1:${main.port}/ODGAWeb/api/health`, main.child);
    expect(health.status).toBe(200);
    return main;
  }

  it('starts on PGlite in DATA_DIR, answers health, and exits cleanly on SIGTERM', async () => {
    const { child, stdout } = await startMain();
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const [code] = await exited;
    expect(code).toBe(0);
    expect(stdout()).toContain('shutting down');
  }, 90_000);

  it('on SIGTERM answers health 503 while it still answers other requests, then stops accepting and exits 0', async () => {
    // a grace period long enough for a few requests on a busy machine
    const { child, port } = await startMain({ SHUTDOWN_GRACE_MS: '8000' });
    const base = `http://127.0.0.1:${port}/ODGAWeb/api`;
    const exited = once(child, 'exit');
    child.kill('SIGTERM');

    let health = await fetch(`${base}/health`);
    while (health.status === 200) {
      await health.body?.cancel();
      health = await fetch(`${base}/health`);
    }
    expect(health.status).toBe(503);
    expect(await health.json()).toEqual({
      returnCode: 503,
      data: { server: 'stopping' },
      msg: '服務暫時無法使用，請稍後再試',
    });
    const { status, body } = await getOnFreshConnection(
      port,
      '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
    ).answer;
    expect(status).toBe(200);
    expect(JSON.parse(body ?? '')).toMatchObject({ returnCode: 0, msg: '' });

    const [code] = await exited;
    expect(code).toBe(0);
    await expect(fetch(`${base}/health`)).rejects.toThrow();
  }, 90_000);

  it('answers, in the envelope, all of 200 requests sent on new connections when SIGTERM comes, then exits 0', async () => {
    const { child, port } = await startMain();
    // health answers 503 from SIGTERM on (the test below): these are calls the server still answers 200
    const paths = [
      '/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title',
      '/ODGAWeb/api/content/questions',
    ];
    const calls = Array.from({ length: 200 }, (_, i) => getOnFreshConnection(port, paths[i % paths.length]!));
    await Promise.all(calls.map((call) => call.sent));
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    const answers = await Promise.all(calls.map((call) => call.answer));

    const failures = answers.filter((answer) => answer.error !== undefined);
    expect(failures).toEqual([]);
    for (const answer of answers) {
      expect(answer.status).toBe(200);
      expect(JSON.parse(answer.body ?? '')).toMatchObject({ returnCode: 0, msg: '' });
    }
    const [code] = await exited;
    expect(code).toBe(0);
  }, 90_000);

  it('cuts off an upload still arriving at SIGTERM with a 408 in the envelope, and exits 0', async () => {
    const { child, port } = await startMain();
    const page = await fetch(
      `http://127.0.0.1:${port}/ODGAWeb/api/functionMeta/queryAllMeta?meta_attr=title`,
    );
    const cookies = page.headers.getSetCookie().map((line) => line.split(';', 1)[0]!);
    const token =
      cookies.find((cookie) => cookie.startsWith('XSRF-TOKEN='))?.slice('XSRF-TOKEN='.length) ?? '';

    const socket = connect(port, '127.0.0.1');
    await once(socket, 'connect');
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk) => {
      received += chunk;
    });
    const closed = once(socket, 'close');
    socket.write(
      'POST /ODGAWeb/api/DTODGAZ0/addTrace HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n' +
        `Content-Length: 1000\r\nCookie: ${cookies.join('; ')}\r\nx-csrf-token: ${token}\r\n\r\n{"client_device":`,
    );
    await sleep(300);
    const exited = once(child, 'exit');
    child.kill('SIGTERM');
    await closed;

    const [head = '', body = ''] = received.split('\r\n\r\n');
    expect(head).toMatch(/^HTTP\/1\.1 408 /);
    const answer = JSON.parse(body);
    expect(answer).toMatchObject({ returnCode: 408, data: null });
    expect(answer.msg).toMatch(HAN);
    const [code] = await exited;
    expect(code).toBe(0);
  }, 90_000);
});
