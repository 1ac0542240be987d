import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { flowPaths } from '../../machine-paths/paths';
import { applicationInChromium } from './support/application-in-chromium';
import { launchBrowser } from './support/browser';
import type { BuiltApp } from './support/built-app';
import { runInChromium } from './support/flow-in-chromium';
import { startBuiltServer } from './support/server';
import { addStaffAccount } from './support/staff';

// An application's life on 案件明細 (issue 35) in Chromium against the built server: each generated path of
// the application machine acted out by an underwriter made with staff:add, on an application of its own,
// checked against the application oracle after every step.

const UNDERWRITER = { name: 'paths.underwriter', password: 'application-paths-e2e-password' };

const app = {} as BuiltApp;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(join(tmpdir(), 'groupins-e2e-application-'));
  // a captcha of at most 1,000 hashes: each path's company applies in milliseconds
  app.server = await startBuiltServer({ DATA_DIR: dataDir, CAPTCHA_MAX_NUMBER: '1000' });
  app.browser = await launchBrowser();
  addStaffAccount(dataDir, UNDERWRITER.name, 'underwriter', UNDERWRITER.password);
});
afterAll(async () => {
  await app.browser?.close();
  await app.server?.stop();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe('application paths on 案件明細 in Chromium, against the built server and the application oracle', () => {
  const flow = applicationInChromium(UNDERWRITER);
  for (const path of flowPaths(flow.entry))
    it(path.description, () => runInChromium(app, flow, path), 90_000);
});
