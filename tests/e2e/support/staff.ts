import { spawnSync } from 'node:child_process';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { axeViolations } from './axe';
import { misfits } from './page-fit';

/**
 * Adds a staff account with `npm run staff:add` on the built server's data folder (PGlite: through the
 * server's operator socket while it runs), the password on standard input as a person would type it.
 */
export function addStaffAccount(dataDir: string, name: string, roles: string, password: string) {
  const added = spawnSync(
    process.execPath,
    ['--import', 'tsx', 'scripts/staff-add.ts', name, '--role', roles],
    {
      input: `${password}\n`,
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    },
  );
  expect(added.status, added.stderr).toBe(0);
}

/** Signs in on the sign-in page the browser is on. */
export async function signIn(page: Page, name: string, password: string) {
  await page.getByLabel('帳號').fill(name);
  await page.getByLabel('密碼').fill(password);
  await page.getByRole('button', { name: '登入' }).click();
}

/** The widths every staff screen is checked at: a phone's and a desktop's. */
const STAFF_WIDTHS = [390, 1366] as const;

/** axe's findings and what does not fit, on the page as it is now, at each width (left at the last). */
export async function checkAtWidths(page: Page, state: string): Promise<string[]> {
  const findings: string[] = [];
  for (const width of STAFF_WIDTHS) {
    await page.setViewportSize({ width, height: 844 });
    for (const line of await axeViolations(page)) findings.push(`${state} at ${width} px: ${line}`);
    for (const line of await misfits(page, [width])) findings.push(`${state}: ${line}`);
  }
  return findings;
}
