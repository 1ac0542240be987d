import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { outboxMessageInChromium, type RestartableSite } from '../../machine-paths/outbox-message/chromium';
import { flowPaths } from '../../machine-paths/paths';
import { freePort } from '../support/free-port';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { launchBrowser } from './support/browser';
import type { BuiltApp } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';
import { startBuiltServer } from './support/server';
import { addStaffAccount } from './support/staff';

// An outbox message's life on 寄件匣 (issue 36) in Chromium against the built server: each generated path of
// the outbox-message machine on an acknowledgement of its own, its deliveries staged with a real SMTP
// server in this process that holds each message until the path answers, and the server started again or
// killed as the path needs, checked against the outbox-message oracle after every step.

const SERVICE = { name: 'outbox.service', password: 'outbox-message-paths-e2e-password' };
const MAIL_FROM = '晴川人壽團體保險 <no-reply@insure.example.com.tw>';

let mailServer: SmtpInbox;
let dataDir: string;
let port: number;
let mode: 'with mail' | 'without mail' = 'without mail';
const app = {} as BuiltApp;

const start = (mail: typeof mode) =>
  startBuiltServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    // a captcha of at most 1,000 hashes: each path's company writes in milliseconds
    CAPTCHA_MAX_NUMBER: '1000',
    ...(mail === 'with mail' ? { SMTP_URL: mailServer.url, MAIL_FROM } : {}),
  });

const site: RestartableSite = {
  get server() {
    return app.server;
  },
  async restart(mail) {
    if (mail === mode) return;
    await app.server.stop();
    app.server = await start(mail);
    mode = mail;
  },
  async killAndRestart() {
    await app.server.kill();
    app.server = await start('without mail');
    mode = 'without mail';
  },
};

beforeAll(async () => {
  mailServer = await startSmtpInbox({ hold: true });
  dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-outbox-'));
  port = await freePort();
  app.server = await start(mode);
  app.browser = await launchBrowser();
  addStaffAccount(dataDir, SERVICE.name, 'service', SERVICE.password);
});
afterAll(async () => {
  await app.browser?.close();
  await app.server?.stop();
  await mailServer?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('outbox-message paths on 寄件匣 in Chromium, against the built server, a mail server and the oracle', () => {
  const flow = outboxMessageInChromium(site, () => mailServer, SERVICE);
  for (const p of flowPaths(flow.entry)) it(p.description, () => runInChromium(app, flow, p), 120_000);
});
