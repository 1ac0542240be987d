import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SEED_QUESTION_TOPICS } from '../../src/server/db/seed-data/questions';
import { builtAppForThisFile, newVisitor, openApp, reloadApp, returningVisitor } from './support/built-app';
import { focusedControl, keyboardStep } from './support/keyboard';

/*
 * The featured articles and the questions in Chromium against the built server and its seeded content:
 * paging, opening an article and coming back to the same page by its link, by Back and after a reload; the
 * questions filtered as one types, and an answer opened by its anchor.
 */

const app = builtAppForThisFile();

const cards = (page: Page) => page.locator('.article-cards h3').allTextContents();
const current = (page: Page) =>
  page.getByRole('navigation', { name: '文章分頁' }).locator('[aria-current="page"]').textContent();

describe('featured articles against the built server', () => {
  it('pages on, opens an article and comes back to the same page by its link, by Back and after a reload', async () => {
    const { context, page } = await returningVisitor(app, { width: 390, height: 844 });
    try {
      await openApp(page, `${app.server.origin}/groupins/featured/article`);
      await page.getByRole('navigation', { name: '文章分頁' }).waitFor();
      const first = await cards(page);
      expect(first).toHaveLength(6);
      await page.getByRole('link', { name: '第 2 頁' }).click();
      await expect.poll(() => current(page)).toBe('2');
      const second = await cards(page);
      expect(second).not.toEqual(first);
      expect(new URL(page.url()).search).toBe('?page=2');

      await page.getByRole('link', { name: second[1]! }).click();
      await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(second[1]);
      expect(await page.title()).toMatch(new RegExp(`^${second[1]}｜`));
      await page.getByRole('link', { name: '回精選文章列表' }).click();
      await expect.poll(() => current(page)).toBe('2');
      expect(await cards(page)).toEqual(second);

      await page.getByRole('link', { name: second[0]! }).click();
      await page.getByRole('heading', { level: 1, name: second[0]! }).waitFor();
      await page.goBack();
      await expect.poll(() => current(page)).toBe('2');
      await reloadApp(page);
      await expect.poll(() => current(page)).toBe('2');
      expect(await cards(page)).toEqual(second);
    } finally {
      await context.close();
    }
  });

  it('answers an unknown article with a page that says so', async () => {
    const { context, page } = await returningVisitor(app);
    try {
      await openApp(page, `${app.server.origin}/groupins/featured/articleContent?id=no-such-article`);
      await page.getByRole('heading', { level: 1, name: '找不到這篇文章' }).waitFor();
      await page.getByText('查無此文章，可能已下架或網址有誤').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the questions against the built server', () => {
  it('filters as one types, and opens the answer an anchor names', async () => {
    const target = SEED_QUESTION_TOPICS[3]!.questions[2]!;
    const { context, page } = await returningVisitor(app);
    try {
      await openApp(page, `${app.server.origin}/groupins/question#${target.id}`);
      const opened = page.locator(`details#${target.id}`);
      await expect.poll(() => opened.getAttribute('open')).not.toBeNull();
      await page.getByRole('searchbox', { name: '搜尋常見問題' }).fill('眷屬');
      const shown = await page.locator('details.question summary').allTextContents();
      expect(shown.length).toBeGreaterThan(0);
      expect(shown.length).toBeLessThan(SEED_QUESTION_TOPICS.flatMap((t) => t.questions).length);
      await page.getByRole('searchbox', { name: '搜尋常見問題' }).fill('股票投資');
      await page.getByText('找不到符合的問題，請換個關鍵字，或直接留言詢問。').waitFor();
    } finally {
      await context.close();
    }
  });
});

describe('the content pages on a phone, by keyboard', () => {
  const ROUTES = [
    '/contact',
    '/about/bscknow',
    '/about/claim',
    '/about/addvalue',
    '/B2Bsystem/introb2b',
    '/question',
    '/featured/article',
    '/featured/articleContent?id=what-is-group-insurance',
  ];

  it.each([320, 390])('fit a %i px wide screen: nothing runs off its side', async (width) => {
    const { context, page } = await returningVisitor(app, { width, height: 800 });
    try {
      const wide: string[] = [];
      for (const route of ROUTES) {
        await openApp(page, `${app.server.origin}/groupins${route}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        if ((await page.evaluate(() => document.documentElement.scrollWidth)) > width) wide.push(route);
      }
      expect(wide).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('Tab reaches every control with nothing fixed over it, the cookie banner showing', async () => {
    const { context, page } = await newVisitor(app, { width: 390, height: 844 });
    try {
      const covered: string[] = [];
      for (const route of ROUTES) {
        await openApp(page, `${app.server.origin}/groupins${route}`);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        for (let stop = 0; stop < 60; stop++) {
          await page.keyboard.press('Tab');
          const control = await focusedControl(page);
          if (control?.covered) covered.push(`${route} ${control.name}`);
        }
      }
      expect(covered).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('sends a message by keyboard alone and lands on its 案件編號', async () => {
    const { context, page } = await returningVisitor(app, { width: 390, height: 844 });
    try {
      await openApp(page, `${app.server.origin}/groupins/contact?topic=b2b`);
      await page.getByRole('heading', { level: 1, name: '聯絡我們' }).waitFor();
      const covered = await keyboardStep(
        page,
        {
          姓名: '林志明',
          公司名稱: '青禾室內設計有限公司',
          手機號碼: '0935-218-604',
          電子郵件: 'admin@qinghe-design.example.tw',
          內容: '我們已投保團體保險，想申請企業網路保險服務的帳號。',
          我已閱讀並同意個人資料蒐集告知事項: 'check',
        },
        '我不是機器人',
        'Space',
      );
      await page.getByRole('checkbox', { name: '驗證完成' }).waitFor({ timeout: 30_000 });
      covered.push(...(await keyboardStep(page, {}, '送出留言')));
      expect(covered).toEqual([]);
      await page.getByRole('heading', { name: '留言已送出' }).waitFor();
      expect(await focusedControl(page)).toMatchObject({ name: '留言已送出' });
      await expect
        .poll(() => page.locator('.contact-receipt .application-no').textContent())
        .toMatch(/^CT\d{12}$/);
    } finally {
      await context.close();
    }
  });
});
