import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SITE_NAME } from '../../src/domain/screens';
import { SEED_QUESTION_TOPICS } from '../../src/server/db/seed-data/questions';
import { builtAppForThisFile, openApp, returningVisitor } from './support/built-app';
import { focusedControl, HUMAN } from './support/keyboard';

/*
 * What content.e2e.ts leaves to this file, in Chromium against the built server and its seeded content:
 * the article list paged by keyboard (focus goes to the new page's list), a page past the last, an article's
 * own title and description while it is read and after it is left, the not-found page's title; the questions
 * searched through an input method, and an answer opened by its anchor brought into view.
 */

const app = builtAppForThisFile();

const current = (page: Page) =>
  page.getByRole('navigation', { name: '文章分頁' }).locator('[aria-current="page"]').textContent();
const description = (page: Page) =>
  page.evaluate(() => document.querySelector('meta[name="description"]')?.getAttribute('content') ?? null);

describe('the featured articles in Chromium', () => {
  it('pages on by keyboard at 390 px: the focus goes to the new page’s list, then on to its first card', async () => {
    const { context, page } = await returningVisitor(app, { width: 390, height: 844 });
    try {
      await openApp(page, `${app.server.origin}/groupins/featured/article`);
      const next = page.getByRole('link', { name: '下一頁' });
      await next.waitFor();
      // Tab until 下一頁, as a keyboard visitor would
      for (let stop = 0; stop < 60; stop++) {
        await page.keyboard.press('Tab', HUMAN);
        if ((await focusedControl(page))?.name === '下一頁') break;
      }
      expect(await focusedControl(page)).toMatchObject({ name: '下一頁', covered: false });
      const firstOfPage1 = await page.locator('.article-cards h3').first().textContent();
      await page.keyboard.press('Enter', HUMAN);
      await expect.poll(() => current(page)).toBe('2');
      expect(new URL(page.url()).search).toBe('?page=2');
      await expect
        .poll(() => focusedControl(page))
        .toMatchObject({ name: '第 2 頁，共 3 頁', covered: false });
      await page.keyboard.press('Tab', HUMAN);
      const firstOfPage2 = await page.locator('.article-cards h3').first().textContent();
      expect(firstOfPage2).not.toBe(firstOfPage1);
      expect(await focusedControl(page)).toMatchObject({ name: firstOfPage2, tag: 'A' });
    } finally {
      await context.close();
    }
  });

  it('serves the last page for an address past it, writes that page in, and keeps it', async () => {
    const { context, page } = await returningVisitor(app);
    try {
      await openApp(page, `${app.server.origin}/groupins/featured/article?page=99`);
      await expect.poll(() => current(page)).toBe('3');
      await expect.poll(() => new URL(page.url()).search).toBe('?page=3');
      expect(
        await page
          .getByRole('navigation', { name: '文章分頁' })
          .getByText('下一頁')
          .getAttribute('aria-disabled'),
      ).toBe('true');
      await openApp(page, `${app.server.origin}/groupins/featured/article`);
      await expect.poll(() => current(page)).toBe('3');
    } finally {
      await context.close();
    }
  });

  it('titles an article’s page with the article and describes it by its summary, until it is left', async () => {
    const { context, page } = await returningVisitor(app);
    try {
      await openApp(page, `${app.server.origin}/groupins/featured/article`);
      await page.locator('.article-cards h3').first().waitFor();
      const listTitle = await page.title();
      const defaultDescription = await description(page);
      expect(defaultDescription).not.toBeNull();

      // straight from the address: the page titles and the article arrive together
      await openApp(page, `${app.server.origin}/groupins/featured/articleContent?id=what-is-group-insurance`);
      // the article's own heading, not the page's while the article loads
      await page.locator('.article-body').waitFor();
      const title = await page.getByRole('heading', { level: 1 }).textContent();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe(`${title}｜${SITE_NAME}`);
      const summary = await description(page);
      expect(summary).not.toBe(defaultDescription);

      // 延伸閱讀: another article, its own title and description
      const next = page.getByRole('region', { name: '延伸閱讀' }).getByRole('link').first();
      const nextTitle = await next.textContent();
      await next.click();
      await page.getByRole('heading', { level: 1, name: nextTitle! }).waitFor();
      await expect.poll(() => page.title()).toBe(`${nextTitle}｜${SITE_NAME}`);
      expect(await description(page)).not.toBe(summary);

      await page.getByRole('link', { name: '回精選文章列表' }).click();
      await page.locator('.article-cards h3').first().waitFor();
      await expect.poll(() => page.title()).toBe(listTitle);
      expect(await description(page)).toBe(defaultDescription);
    } finally {
      await context.close();
    }
  });

  it.each(['no-such-article', 'Not_An_Id'])('says plainly that the article %s is not there', async (id) => {
    const { context, page } = await returningVisitor(app);
    try {
      await openApp(page, `${app.server.origin}/groupins/featured/articleContent?id=${id}`);
      await page.getByRole('heading', { level: 1, name: '找不到這篇文章' }).waitFor();
      await page.waitForLoadState('networkidle');
      expect(await page.title()).toBe(`找不到這篇文章｜${SITE_NAME}`);
      expect(await page.getByRole('alert').count()).toBe(0);
      await page.getByRole('link', { name: '回精選文章列表' }).click();
      await page.locator('.article-cards h3').first().waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the questions in Chromium', () => {
  it('brings the answer an anchor names into view, opened', async () => {
    const target = SEED_QUESTION_TOPICS.at(-1)!.questions.at(-1)!;
    const { context, page } = await returningVisitor(app, { width: 390, height: 844 });
    try {
      await openApp(page, `${app.server.origin}/groupins/question#${target.id}`);
      const opened = page.locator(`details#${target.id}`);
      await expect.poll(() => opened.getAttribute('open')).not.toBeNull();
      await expect
        .poll(() =>
          opened.evaluate((e) => {
            const r = e.getBoundingClientRect();
            return r.top >= 0 && r.top < innerHeight;
          }),
        )
        .toBe(true);
    } finally {
      await context.close();
    }
  });

  it('waits for an input method to commit its word, then filters by it', async () => {
    const all = SEED_QUESTION_TOPICS.flatMap((t) => t.questions).length;
    const { context, page } = await returningVisitor(app);
    try {
      await openApp(page, `${app.server.origin}/groupins/question`);
      const box = page.getByRole('searchbox', { name: '搜尋常見問題' });
      await box.focus();
      const shown = () => page.locator('details.question').count();
      await expect.poll(shown).toBe(all);
      // 注音 keys under way, as Chromium's input method gives them: nothing is filtered on them
      const cdp = await context.newCDPSession(page);
      await cdp.send('Input.imeSetComposition', { text: 'ㄐㄩㄢˋ', selectionStart: 4, selectionEnd: 4 });
      await page.waitForTimeout(100);
      expect(await shown()).toBe(all);
      // the word committed: the list is filtered
      await cdp.send('Input.insertText', { text: '眷屬' });
      await expect.poll(shown).toBeLessThan(all);
      expect(await box.inputValue()).toBe('眷屬');
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^找到 \d+ 個符合的問題$/);

      // full-width letters and an ideographic space between two words
      await box.fill('ｃｓｖ　名冊');
      const matching = await shown();
      expect(matching).toBeGreaterThan(0);
      expect(matching).toBeLessThan(all);
    } finally {
      await context.close();
    }
  });
});
