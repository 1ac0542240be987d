import { mkdtemp, rm } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/samples/contact.samples';
import { loadConfig } from '../../src/server/config';
import { type RunningServer, startServer } from '../../src/server/server';
import { applyForBasicOverHttp, sendContactOverHttp } from '../support/http-visitor';
import { APPLICANT } from '../support/shopcart-input';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';

// Issue 36's "done when" on the server as it runs: with SMTP_URL at a local SMTP server, an application
// brings one 申請受理通知 within 10 seconds and a contact message its acknowledgement; without SMTP_URL
// nothing is sent and every message waits.

async function until<T>(read: () => T, done: (value: T) => boolean, ms: number): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = read();
    if (done(value) || Date.now() > end) return value;
    await sleep(100);
  }
}

describe('the server with SMTP_URL', () => {
  let dataDir: string;
  let server: RunningServer;
  let origin: string;
  let inbox: SmtpInbox;
  beforeAll(async () => {
    inbox = await startSmtpInbox();
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-mail-'));
    const config = loadConfig({
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: join(dataDir, 'none'),
      SMTP_URL: inbox.url,
      MAIL_FROM: '晴川人壽團體保險 <no-reply@insure.example.com.tw>',
      SITE_URL: 'https://insure.example.com.tw',
    });
    server = await startServer(config, { logger: false });
    origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await inbox.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('delivers an application’s 申請受理通知 within 10 seconds, once', async () => {
    const applicationNo = await applyForBasicOverHttp(origin);
    const received = await until(
      () => inbox.received.filter((m) => m.subject.includes(applicationNo)),
      (found) => found.length > 0,
      10_000,
    );
    expect(received).toHaveLength(1);
    expect(received[0]!.subject).toContain('申請受理通知');
    expect(received[0]!.envelopeTo).toEqual([APPLICANT.email]);
    await sleep(2_500);
    expect(inbox.received.filter((m) => m.subject.includes(applicationNo))).toHaveLength(1);
  }, 30_000);

  it('acknowledges a contact message to its sender', async () => {
    const contactNo = await sendContactOverHttp(origin);
    const received = await until(
      () => inbox.received.filter((m) => m.subject.includes(contactNo)),
      (found) => found.length > 0,
      10_000,
    );
    expect(received.map((m) => m.envelopeTo)).toEqual([[SAMPLE_CONTACT_MESSAGE.email]]);
    expect(received[0]!.subject).toContain('已收到您的留言');
  }, 30_000);
});

describe('the server without SMTP_URL', () => {
  let dataDir: string;
  let server: RunningServer;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'groupins-nomail-'));
    server = await startServer(
      loadConfig({ PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STATIC_DIR: join(dataDir, 'none') }),
      { logger: false },
    );
  }, 60_000);
  afterAll(async () => {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('sends nothing and keeps every message waiting', async () => {
    const origin = `http://127.0.0.1:${(server.app.server.address() as AddressInfo).port}`;
    const contactNo = await sendContactOverHttp(origin);
    await sleep(2_500);
    const rows = await server.db
      .selectFrom('outbox')
      .select(['state', 'attempts'])
      .where('contact_no', '=', contactNo)
      .execute();
    expect(rows).toEqual([{ state: 'waiting', attempts: 0 }]);
  }, 30_000);
});
