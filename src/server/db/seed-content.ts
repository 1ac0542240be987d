import type { Kysely } from 'kysely';
import type { ArticleBlock } from '../../domain/api/content';
import type { Database } from './schema';
import { SEED_ARTICLES } from './seed-data/articles';
import { SEED_QUESTION_TOPICS } from './seed-data/questions';

/** Characters of Chinese text read in a minute, for 約N分鐘. */
const CHARACTERS_A_MINUTE = 400;

/** The reading time of an article's body, at least a minute. */
export function readMinutes(body: readonly ArticleBlock[]): number {
  const characters = body
    .flatMap((block) => (block.type === 'list' ? block.items : [block.text]))
    .reduce((n, text) => n + [...text].length, 0);
  return Math.max(1, Math.round(characters / CHARACTERS_A_MINUTE));
}

/**
 * The featured articles and the questions, each inserted when its id is missing: staff edit and add rows
 * in the database and a restart never overwrites an edit. A seeded row that was deleted comes back on the
 * next start, so a seeded article is changed in place rather than deleted.
 */
export async function seedContent(db: Kysely<Database>): Promise<void> {
  if (SEED_ARTICLES.length > 0)
    await db
      .insertInto('articles')
      .values(
        SEED_ARTICLES.map((article) => ({
          id: article.id,
          title: article.title,
          summary: article.summary,
          category: article.category,
          published_at: article.publishedAt,
          read_minutes: readMinutes(article.body),
          body: JSON.stringify(article.body),
        })),
      )
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  if (SEED_QUESTION_TOPICS.length === 0) return;
  await db
    .insertInto('question_topics')
    .values(
      SEED_QUESTION_TOPICS.map((topic, i) => ({ key: topic.key, label: topic.label, sort_order: i + 1 })),
    )
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  await db
    .insertInto('questions')
    .values(
      SEED_QUESTION_TOPICS.flatMap((topic) =>
        topic.questions.map((q, i) => ({
          id: q.id,
          topic_key: topic.key,
          question: q.question,
          answer: q.answer,
          sort_order: i + 1,
        })),
      ),
    )
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}
