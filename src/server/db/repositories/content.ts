import type { Kysely } from 'kysely';
import type {
  Article,
  ArticleBlock,
  ArticlePage,
  ArticleSummary,
  QuestionList,
} from '../../../domain/api/content';
import type { Database } from '../schema';

const SUMMARY = ['id', 'title', 'summary', 'category', 'published_at', 'read_minutes'] as const;

type SummaryRow = {
  id: string;
  title: string;
  summary: string;
  category: string;
  published_at: Date | string;
  read_minutes: number;
};

/** A date column as PGlite and pg hand it over (a Date at UTC midnight, or text) to ISO yyyy-MM-dd. */
const isoDay = (value: Date | string) =>
  typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);

const toSummary = (row: SummaryRow): ArticleSummary => ({
  id: row.id,
  title: row.title,
  summary: row.summary,
  category: row.category,
  publishedAt: isoDay(row.published_at),
  readMinutes: row.read_minutes,
});

/** Page `page` of the articles, newest first; a page past the last is the last (and says so). */
export async function listArticles(
  db: Kysely<Database>,
  page: number,
  pageSize: number,
): Promise<ArticlePage> {
  const { count } = await db
    .selectFrom('articles')
    .select((eb) => eb.fn.countAll<string>().as('count'))
    .executeTakeFirstOrThrow();
  const total = Number(count);
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  const served = Math.min(page, pageCount);
  const rows = await db
    .selectFrom('articles')
    .select(SUMMARY)
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(pageSize)
    .offset((served - 1) * pageSize)
    .execute();
  return { articles: rows.map(toSummary), page: served, pageSize, total, pageCount };
}

/** How many articles 延伸閱讀 offers. */
export const NEXT_READS = 3;

/** The article `id` with what to read next (same category first, then the newest), or null. */
export async function findArticle(db: Kysely<Database>, id: string): Promise<Article | null> {
  const row = await db
    .selectFrom('articles')
    .select([...SUMMARY, 'body'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  const others = await db
    .selectFrom('articles')
    .select(SUMMARY)
    .where('id', '!=', id)
    .orderBy((eb) => eb.case().when('category', '=', row.category).then(0).else(1).end())
    .orderBy('published_at', 'desc')
    .orderBy('id')
    .limit(NEXT_READS)
    .execute();
  return { ...toSummary(row), body: row.body as ArticleBlock[], nextReads: others.map(toSummary) };
}

/** The questions by topic, each in its order. */
export async function listQuestions(db: Kysely<Database>): Promise<QuestionList> {
  const [topics, questions] = await Promise.all([
    db.selectFrom('question_topics').selectAll().orderBy('sort_order').orderBy('key').execute(),
    db.selectFrom('questions').selectAll().orderBy('sort_order').orderBy('id').execute(),
  ]);
  return topics.map((topic) => ({
    key: topic.key,
    label: topic.label,
    questions: questions
      .filter((q) => q.topic_key === topic.key)
      .map((q) => ({ id: q.id, question: q.question, answer: q.answer })),
  }));
}
