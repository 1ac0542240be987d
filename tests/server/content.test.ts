import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Article, ArticlePage, QuestionList } from '../../src/domain/api/content';
import { readMinutes } from '../../src/server/db/seed-content';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

describe('content endpoints', () => {
  let t: TestApp;
  let visitor: CartVisitor;
  beforeAll(async () => {
    t = await createTestApp();
    visitor = await CartVisitor.arrive(t);
  }, 30_000);
  afterAll(() => t.close());

  const get = async <T>(
    path: string,
  ): Promise<{ status: number; returnCode: number; data: T; msg: string }> => {
    const response = await visitor.read(path);
    return { status: response.statusCode, ...response.json() };
  };

  describe('content/articles', () => {
    it('serves at least 12 articles, 6 a page by default, newest first', async () => {
      const first = await get<ArticlePage>('content/articles');
      expect(first.returnCode).toBe(0);
      const { total, pageSize, pageCount, page } = first.data;
      expect(total).toBeGreaterThanOrEqual(12);
      expect({ page, pageSize, pageCount }).toEqual({
        page: 1,
        pageSize: 6,
        pageCount: Math.ceil(total / 6),
      });
      const all: string[] = [];
      for (let n = 1; n <= pageCount; n++) {
        const { data } = await get<ArticlePage>(`content/articles?page=${n}`);
        expect(data.page).toBe(n);
        expect(data.articles.length).toBe(n < pageCount ? 6 : total - 6 * (pageCount - 1));
        all.push(...data.articles.map((a) => a.publishedAt));
      }
      expect(all).toHaveLength(total);
      expect([...all].sort().reverse()).toEqual(all);
    });

    it('serves the last page for a page past it, and says which', async () => {
      const { data } = await get<ArticlePage>('content/articles?page=999&pageSize=5');
      expect(data.page).toBe(data.pageCount);
      expect(data.pageCount).toBe(Math.ceil(data.total / 5));
      expect(data.articles.length).toBeGreaterThan(0);
    });

    it.each([
      ['page=0', '頁碼'],
      ['page=abc', '頁碼'],
      ['page=1.5', '頁碼'],
      ['pageSize=51', '每頁筆數'],
      ['pageSize=0', '每頁筆數'],
    ])('refuses %s with 400 naming %s', async (query, label) => {
      const answer = await get<unknown>(`content/articles?${query}`);
      expect(answer.status).toBe(400);
      expect(answer.returnCode).toBe(400);
      expect(answer.msg).toContain(label);
    });
  });

  describe('content/article', () => {
    it('serves an article with its body and three next reads, same category first, never itself', async () => {
      const { data: list } = await get<ArticlePage>('content/articles?pageSize=50');
      const category = list.articles.find((a, i) =>
        list.articles.some((b, j) => j !== i && b.category === a.category),
      )!.category;
      const members = list.articles.filter((a) => a.category === category);
      const { data: article, returnCode } = await get<Article>(`content/article?id=${members[0]!.id}`);
      expect(returnCode).toBe(0);
      expect(article).toMatchObject({ id: members[0]!.id, title: members[0]!.title, category });
      expect(article.body.length).toBeGreaterThan(0);
      expect(article.nextReads).toHaveLength(3);
      expect(article.nextReads.map((a) => a.id)).not.toContain(article.id);
      const sameCategory = Math.min(3, members.length - 1);
      expect(article.nextReads.slice(0, sameCategory).every((a) => a.category === category)).toBe(true);
    });

    it('answers 404 with a message for an unknown id, 400 for one that cannot be an id', async () => {
      const unknown = await get<null>('content/article?id=no-such-article');
      expect(unknown).toMatchObject({
        status: 404,
        returnCode: 404,
        msg: '查無此文章，可能已下架或網址有誤',
      });
      const bad = await get<null>('content/article?id=%3Cscript%3E');
      expect(bad.status).toBe(400);
      expect(bad.msg).toContain('文章代碼');
      expect((await get<null>('content/article')).status).toBe(400);
    });
  });

  describe('content/questions', () => {
    it('serves the questions by topic, each with an anchor id unique on the page', async () => {
      const { data } = await get<QuestionList>('content/questions');
      expect(data.length).toBeGreaterThanOrEqual(4);
      const ids = data.flatMap((topic) => topic.questions.map((q) => q.id));
      expect(new Set(ids).size).toBe(ids.length);
      for (const topic of data) {
        expect(topic.label).not.toBe('');
        expect(topic.questions.length).toBeGreaterThan(0);
        for (const q of topic.questions) expect(q.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      }
    });

    it('keeps staff edits across a restart: the seed adds missing rows only', async () => {
      const { data } = await get<QuestionList>('content/questions');
      const first = data[0]!.questions[0]!;
      await t.db
        .updateTable('questions')
        .set({ answer: '已更新的回答' })
        .where('id', '=', first.id)
        .execute();
      const { seed } = await import('../../src/server/db/seed');
      await seed(t.db);
      const again = await get<QuestionList>('content/questions');
      expect(again.data[0]!.questions[0]!.answer).toBe('已更新的回答');
    });
  });

  it('counts reading time at 400 characters a minute, at least one', () => {
    expect(readMinutes([{ type: 'paragraph', text: '保'.repeat(100) }])).toBe(1);
    expect(
      readMinutes([
        { type: 'paragraph', text: '保'.repeat(600) },
        { type: 'list', items: ['險'.repeat(400)] },
      ]),
    ).toBe(3);
  });
});
