import { ARTICLE_ID, type Article, type ArticleSummary } from '../../../src/domain/api/content';
import { SEED_ARTICLES } from '../../../src/server/db/seed-data/articles';
import { SEED_QUESTION_TOPICS } from '../../../src/server/db/seed-data/questions';
import { defaultFetch, envelope, type FetchHandler } from '../../support/render-app';

// The content screens' fake server: the seeded articles and questions as the content endpoints' contract
// answers them (tests/server/content.test.ts holds the real server to it). Every article reads in 3 minutes.

const SUMMARIES: ArticleSummary[] = SEED_ARTICLES.map(({ body: _, ...a }) => ({ ...a, readMinutes: 3 })).sort(
  (a, b) => b.publishedAt.localeCompare(a.publishedAt),
);

export const PAGE_SIZE = 6;

/** The articles of page `n` of the list. */
export const articlesOfPage = (n: number) => SUMMARIES.slice((n - 1) * PAGE_SIZE, n * PAGE_SIZE);

export function articleOf(id: string): Article {
  const seeded = SEED_ARTICLES.find((a) => a.id === id)!;
  return {
    ...SUMMARIES.find((a) => a.id === id)!,
    body: seeded.body,
    nextReads: SUMMARIES.filter((a) => a.id !== id).slice(0, 3),
  };
}

export const contentServer: FetchHandler = (url, init) => {
  switch (url.pathname.split('/').slice(-2).join('/')) {
    case 'content/articles': {
      const pageCount = Math.ceil(SUMMARIES.length / PAGE_SIZE);
      const page = Math.min(Number(url.searchParams.get('page') ?? 1), pageCount);
      return envelope({
        articles: articlesOfPage(page),
        page,
        pageSize: PAGE_SIZE,
        total: SUMMARIES.length,
        pageCount,
      });
    }
    case 'content/article': {
      const id = url.searchParams.get('id') ?? '';
      if (!ARTICLE_ID.test(id)) return envelope(null, 400, '文章代碼格式錯誤', 400);
      return SEED_ARTICLES.some((a) => a.id === id)
        ? envelope(articleOf(id))
        : envelope(null, 404, '查無此文章，可能已下架或網址有誤', 404);
    }
    case 'content/questions':
      return envelope(SEED_QUESTION_TOPICS);
    default:
      return defaultFetch(url, init);
  }
};

/** The content server, its answers to content/articles `delay` ms late (a page on the way, as on a network). */
export const slowContentServer =
  (delay: number): FetchHandler =>
  async (url, init) => {
    if (url.pathname.endsWith('content/articles')) await new Promise((resolve) => setTimeout(resolve, delay));
    return contentServer(url, init);
  };
