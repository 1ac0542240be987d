import { type InferType, object } from 'yup';
import { messages } from '../messages';
import { text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { pageField, wholeNumber } from '../validation/query-fields';

/*
 * The content the insurer's staff change without a release, served from the database: featured articles
 * (ODGAF110-111) and the questions (ODGAF094).
 */

/** Articles per page on /featured/article. */
export const ARTICLES_PAGE_SIZE = 6;
/** The most a caller may ask for in one page. */
export const ARTICLES_PAGE_SIZE_MAX = 50;

/** An article's id: the slug in /featured/articleContent?id=… */
export const ARTICLE_ID = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** Query of GET content/articles. */
export const articlesQuerySchema = object({
  page: pageField(),
  pageSize: wholeNumber('每頁筆數', 1, ARTICLES_PAGE_SIZE_MAX).default(ARTICLES_PAGE_SIZE),
});
export type ArticlesQuery = InferType<typeof articlesQuerySchema>;

/** Query of GET content/article. */
export const articleQuerySchema = object({
  id: text('文章代碼')
    .required()
    .max(64, (p) => messages.maxLength(labelOf(p), 64))
    .matches(ARTICLE_ID, { message: (p) => messages.format(labelOf(p)) }),
});

/** One block of an article's body; text only, never markup, so nothing stored can run in a page. */
export type ArticleBlock =
  | { type: 'heading'; text: string }
  | { type: 'paragraph'; text: string }
  | { type: 'list'; items: string[] };

export interface ArticleSummary {
  id: string;
  title: string;
  /** one or two sentences: the card's text and the page's description meta tag */
  summary: string;
  category: string;
  /** ISO date yyyy-MM-dd */
  publishedAt: string;
  readMinutes: number;
}

export interface Article extends ArticleSummary {
  body: ArticleBlock[];
  /** what to read next: other articles, same category first */
  nextReads: ArticleSummary[];
}

/** What GET content/articles answers: newest first. */
export interface ArticlePage {
  articles: ArticleSummary[];
  page: number;
  pageSize: number;
  total: number;
  pageCount: number;
}

export interface Question {
  /** the anchor: /question#<id> */
  id: string;
  question: string;
  /** paragraphs separated by a blank line; plain text */
  answer: string;
}

export interface QuestionTopic {
  key: string;
  label: string;
  questions: Question[];
}

/** What GET content/questions answers: the topics in their order, each with its questions. */
export type QuestionList = QuestionTopic[];
