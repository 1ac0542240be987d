import type { Kysely } from 'kysely';
import { queryPackageSchema } from '../../domain/api/catalogue';
import { PACKAGE_NOT_FOUND } from '../../domain/catalogue';
import { RETURN_CODE } from '../../domain/envelope';
import { listCells, listPackages } from '../db/repositories/catalogue';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import type { RoutesPlugin } from '../route-input';

/** The product catalogue: packages with their lines and from-price, and the single coverage items. */
export const catalogueRoutes: RoutesPlugin<{ db: Kysely<Database> }> = async (app, { db }) => {
  app.get('/catalogue/queryPackages', async () => ok(await listPackages(db)));

  app.get(
    '/catalogue/queryPackage',
    { schema: { querystring: queryPackageSchema } },
    async (request, reply) => {
      const query = request.query;
      const [pack] = await listPackages(db, query.PACK_ID);
      if (!pack) return reply.code(404).send(fail(RETURN_CODE.notFound, PACKAGE_NOT_FOUND));
      return ok(pack);
    },
  );

  app.get('/catalogue/queryCells', async () => ok(await listCells(db)));
};
