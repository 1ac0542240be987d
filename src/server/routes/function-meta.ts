import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import { queryAllMetaSchema } from '../../domain/api/function-meta';
import { parseInput } from '../../domain/api/parse-input';
import { listMetaByAttr } from '../db/repositories/function-meta';
import type { Database } from '../db/schema';
import { ok } from '../envelope';

/** Page metadata (titles) per screen id. */
export const functionMetaRoutes: FastifyPluginAsync<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/functionMeta/queryAllMeta', async (request) => {
    const query = await parseInput(queryAllMetaSchema, request.query);
    return ok(await listMetaByAttr(db, query.meta_attr));
  });
};
