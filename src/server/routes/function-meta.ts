import type { Kysely } from 'kysely';
import { queryAllMetaSchema } from '../../domain/api/function-meta';
import { listMetaByAttr } from '../db/repositories/function-meta';
import type { Database } from '../db/schema';
import { ok } from '../envelope';
import type { RoutesPlugin } from '../route-input';

/** Page metadata (titles) per screen id. */
export const functionMetaRoutes: RoutesPlugin<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/functionMeta/queryAllMeta', { schema: { querystring: queryAllMetaSchema } }, async (request) => {
    const query = request.query;
    return ok(await listMetaByAttr(db, query.meta_attr));
  });
};
