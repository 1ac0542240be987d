import type { Kysely } from 'kysely';
import { articleQuerySchema, articlesQuerySchema } from '../../domain/api/content';
import { RETURN_CODE } from '../../domain/envelope';
import { messages } from '../../domain/messages';
import { findArticle, listArticles, listQuestions } from '../db/repositories/content';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import type { RoutesPlugin } from '../route-input';

/**
 * The content staff change in the database:
 * - `GET content/articles?page=&pageSize=`: the featured articles newest first, a page at a time.
 * - `GET content/article?id=`: one article with 延伸閱讀; an unknown id answers 404.
 * - `GET content/questions`: the questions by topic.
 */
export const contentRoutes: RoutesPlugin<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/content/articles', { schema: { querystring: articlesQuerySchema } }, async (request) => {
    const { page, pageSize } = request.query;
    return ok(await listArticles(db, page, pageSize));
  });

  app.get('/content/article', { schema: { querystring: articleQuerySchema } }, async (request, reply) => {
    const { id } = request.query;
    const article = await findArticle(db, id);
    if (!article) return reply.code(404).send(fail(RETURN_CODE.notFound, messages.articleNotFound()));
    return ok(article);
  });

  app.get('/content/questions', async () => ok(await listQuestions(db)));
};
