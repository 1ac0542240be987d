import { AxeBuilder } from '@axe-core/playwright';
import type { BrowserContext, Page } from 'playwright-core';

/** What a page is checked against: WCAG 2.0, 2.1 and 2.2 at levels A and AA, and axe's best practices. */
export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22a', 'wcag22aa', 'best-practice'];

/**
 * axe's violations on the page as it is now, one readable line each: rule, impact, help and targets. In
 * legacy mode axe runs in the page itself (the app has no frames): the default opens a blank page in the
 * visitor's context for every analysis, which takes twice as long.
 */
export async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode().analyze();
  return violations.map((v) => {
    const targets = v.nodes.map((n) => [n.target].flat(2).join(' ')).join(' | ');
    return `${v.id} (${v.impact}): ${v.help} [${targets}] ${v.helpUrl}`;
  });
}

/**
 * Every console error, uncaught error and Content-Security-Policy violation on any page of the context,
 * from now on: the list fills as they happen. The CSP's own event is listened to in each document, so a
 * violation counts even if Chromium stopped printing it.
 */
export async function watchPageProblems(context: BrowserContext): Promise<string[]> {
  const problems: string[] = [];
  await context.exposeBinding('__reportCspViolation', ({ page }, text: string) => {
    problems.push(`CSP at ${page.url()}: ${text}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const report = (window as unknown as { __reportCspViolation: (text: string) => void })
        .__reportCspViolation;
      void report(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sourceFile}:${e.lineNumber})`,
      );
    });
  });
  context.on('console', (message) => {
    if (message.type() === 'error') problems.push(`console at ${message.page()?.url()}: ${message.text()}`);
  });
  context.on('weberror', (error) =>
    problems.push(`uncaught at ${error.page()?.url()}: ${error.error().message}`),
  );
  return problems;
}
