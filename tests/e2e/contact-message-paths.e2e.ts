import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { flowPaths } from '../../machine-paths/paths';
import { SAMPLE_INBOX_STAFF } from '../../machine-paths/samples/contact-message.samples';
import { launchBrowser } from './support/browser';
import type { BuiltApp } from './support/built-app';
import { contactMessageInChromium } from './support/contact-message-in-chromium';
import { runInChromium } from './support/flow-in-chromium';
import { startBuiltServer } from './support/server';
import { addStaffAccount } from './support/staff';

// A contact message's life on 聯絡訊息 (issue 35) in Chromium against the built server: each generated path of
// the contact-message machine acted out by a service person made with staff:add, on a message of its own,
// checked against the contact-message oracle after every step.

// the service person the machine's samples name: 指派給我 takes a message for the one signed in
const SERVICE = { name: SAMPLE_INBOX_STAFF, password: 'contact-message-paths-e2e-password' };

const app = {} as BuiltApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'groupins-e2e-contact-message-'));
  // a captcha of at most 1,000 hashes: each path's company writes in milliseconds
  app.server = await startBuiltServer({ DATA_DIR: dataDir, CAPTCHA_MAX_NUMBER: '1000' });
  app.browser = await launchBrowser();
  addStaffAccount(dataDir, SERVICE.name, 'service', SERVICE.password);
});
afterAll(async () => {
  await app.browser?.close();
  await app.server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('contact-message paths on 聯絡訊息 in Chromium, against the built server and the oracle', () => {
  const flow = contactMessageInChromium(SERVICE);
  for (const path of flowPaths(flow.entry))
    it(path.description, () => runInChromium(app, flow, path), 90_000);
});
