import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser';
import type { BuiltApp } from './built-app';
import { startBuiltServer } from './server';
import { addStaffAccount } from './staff';

export interface StaffSite extends BuiltApp {
  /** The server's data folder, where `npm run staff:add` adds the accounts. */
  dataDir: string;
  /** The address of one of the site's routes, e.g. url('/login'). */
  url(route: string): string;
}

export interface StaffSiteOptions {
  /** Names the data folder. */
  name: string;
  /** Each account's name and its roles as `staff:add --role` takes them (e.g. 'admin' or 'underwriter,service'). */
  accounts: Record<string, string>;
  /** The accounts' password. */
  password: string;
  /**
   * The server's environment beside its data folder, or what makes it, run in the site's beforeAll just
   * before the server starts (e.g. a mail server the test file starts, whose address it names).
   */
  env?: Record<string, string> | (() => Record<string, string> | Promise<Record<string, string>>);
  /** Stores what the file works on in the data folder before the server opens it (PGlite: one process). */
  prepare?: (dataDir: string) => Promise<void>;
}

/**
 * The built server on a data folder of its own, a Chromium and the staff accounts for one test file, started
 * before its tests and stopped after; the folder goes with them.
 */
export function staffSiteForThisFile({
  name,
  accounts,
  password,
  env,
  prepare,
}: StaffSiteOptions): StaffSite {
  const site = {
    url: (route: string) => `${site.server.origin}/groupins${route}`,
  } as StaffSite;
  beforeAll(async () => {
    site.dataDir = mkdtempSync(path.join(tmpdir(), `groupins-e2e-${name}-`));
    await prepare?.(site.dataDir);
    const environment = typeof env === 'function' ? await env() : env;
    site.server = await startBuiltServer({ DATA_DIR: site.dataDir, ...environment });
    site.browser = await launchBrowser();
    for (const [account, roles] of Object.entries(accounts))
      addStaffAccount(site.dataDir, account, roles, password);
  });
  afterAll(async () => {
    await site.browser?.close();
    await site.server?.stop();
    if (site.dataDir) rmSync(site.dataDir, { recursive: true, force: true });
  });
  return site;
}
