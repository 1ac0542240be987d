import type { Kysely } from 'kysely';
import {
  JOURNEY_TRANSITIONS_MAX,
  JOURNEYS_PAGE_SIZE,
  type Journey,
  type JourneysPage,
  journeyParamsSchema,
  journeysQuerySchema,
  type TestRuns,
  type Traffic,
  traceBatchSchema,
  trafficQuerySchema,
} from '../../domain/api/atlas';
import { RETURN_CODE } from '../../domain/envelope';
import { staffMessages } from '../../domain/staff-messages';
import { readTestRuns } from '../atlas/test-runs';
import { trafficPeriod } from '../atlas/traffic-period';
import {
  insertMachineTraces,
  readJourney,
  readJourneys,
  readTraffic,
} from '../db/repositories/machine-traces';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import type { RoutesPlugin } from '../route-input';
import { type SessionKeys, traceVisitorFor } from '../session-keys';

const TRACKING = { config: { budget: 'tracking' } } as const;
const ANALYST = { config: { roles: ['analyst'] } } as const;

export interface AtlasRouteOptions {
  db: Kysely<Database>;
  keys: Pick<SessionKeys, 'traceKey'>;
  /** the machine paths report atlas/test-runs answers */
  testReport: string;
  /** the clock the server reads (buildApp's `now`) */
  now: () => Date;
}

/**
 * The machine atlas, for staff with the analyst role (signed in through staff/login): the traffic of one
 * machine over a period, the visitors' journeys (every transition of one anonymous visitor, across
 * machines) and the last test runs. And the visitors' side, trace/transitions: the transitions
 * their flows took, stored under an HMAC of the session, never what they typed.
 */
export const atlasRoutes: RoutesPlugin<AtlasRouteOptions> = async (app, { db, keys, testReport, now }) => {
  app.get(
    '/atlas/traffic',
    { ...ANALYST, schema: { querystring: trafficQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      const checked = trafficPeriod(query.from, query.to);
      if ('problem' in checked) return reply.code(400).send(fail(RETURN_CODE.badInput, checked.problem));
      return ok<Traffic>(await readTraffic(db, query, checked.period));
    },
  );

  app.get(
    '/atlas/journeys',
    { ...ANALYST, schema: { querystring: journeysQuerySchema } },
    async (request, reply) => {
      const query = request.query;
      const checked = trafficPeriod(query.from, query.to);
      if ('problem' in checked) return reply.code(400).send(fail(RETURN_CODE.badInput, checked.problem));
      return ok<JourneysPage>(
        await readJourneys(db, { ...query, pageSize: JOURNEYS_PAGE_SIZE }, checked.period),
      );
    },
  );

  app.get(
    '/atlas/journeys/:visitor',
    { ...ANALYST, schema: { params: journeyParamsSchema } },
    async (request, reply) => {
      const { visitor } = request.params;
      const journey = await readJourney(db, visitor, JOURNEY_TRANSITIONS_MAX);
      if (!journey) return reply.code(404).send(fail(RETURN_CODE.notFound, staffMessages.journeyNotFound()));
      return ok<Journey>(journey);
    },
  );

  app.get('/atlas/test-runs', ANALYST, async () => ok<TestRuns>(await readTestRuns(testReport)));

  app.post('/trace/transitions', { ...TRACKING, schema: { body: traceBatchSchema } }, async (request) => {
    const { steps } = request.body;
    // a visitor is named by its session; a request that came without one has nobody to count
    if (!request.sessionResumed) return ok(null);
    const received = now().getTime();
    await insertMachineTraces(
      db,
      traceVisitorFor(keys, request.sessionId),
      steps.map(({ ago, ...step }) => ({ ...step, at: new Date(received - ago) })),
    );
    return ok(null);
  });
};
