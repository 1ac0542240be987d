import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { emailCodeInChromium, type PausableSite } from '../../machine-paths/email-code/chromium';
import { flowPaths } from '../../machine-paths/paths';
import { freePort } from '../support/free-port';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { launchBrowser } from './support/browser';
import type { BuiltApp } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';
import { startBuiltServer } from './support/server';

// A code e-mailed to a new notice address (issue 45) on 通知設定 in Chromium against the built server: each
// generated path of the email-code machine, the code delivered by the server's worker to a real SMTP server
// in this process, checked against the email-code oracle after every step.

let mailServer: SmtpInbox;
let port: number;
const app = {} as BuiltApp;

const start = () =>
  startBuiltServer({
    DATA_DIR: site.dataDir,
    PORT: String(port),
    SMTP_URL: mailServer.url,
    MAIL_FROM: '晴川人壽團體保險 <no-reply@insure.example.com.tw>',
  });

const site: PausableSite = {
  get server() {
    return app.server;
  },
  dataDir: '',
  async whileStopped(work) {
    await app.server.stop();
    try {
      await work();
    } finally {
      app.server = await start();
    }
  },
};

beforeAll(async () => {
  mailServer = await startSmtpInbox();
  site.dataDir = mkdtempSync(path.join(tmpdir(), 'groupins-e2e-email-code-'));
  port = await freePort();
  app.server = await start();
  app.browser = await launchBrowser();
});
afterAll(async () => {
  await app.browser?.close();
  await app.server?.stop();
  await mailServer?.stop();
  if (site.dataDir) rmSync(site.dataDir, { recursive: true, force: true });
});

describe('email-code paths on 通知設定 in Chromium, against the built server, a mail server and the oracle', () => {
  const flow = emailCodeInChromium(site, () => mailServer);
  for (const p of flowPaths(flow.entry)) it(p.description, () => runInChromium(app, flow, p), 120_000);
});
