import type { FastifyPluginAsync } from 'fastify';
import type { Kysely } from 'kysely';
import {
  ANALYST_LOCK_AFTER,
  ANALYST_LOCK_MINUTES,
  ANALYST_NAME,
  type AnalystSession,
  loginSchema,
  type TestRuns,
  type Traffic,
  traceBatchSchema,
  trafficQuerySchema,
} from '../../domain/api/atlas';
import { parseInput } from '../../domain/api/parse-input';
import { RETURN_CODE } from '../../domain/envelope';
import { dummyHash, verifyNobody, verifyPassword } from '../atlas/passwords';
import { readTestRuns } from '../atlas/test-runs';
import { trafficPeriod } from '../atlas/traffic-period';
import {
  clearFailedLogins,
  createAnalystSession,
  deleteAnalystSession,
  findAnalyst,
  recordFailedLogin,
  recordUnknownNameFailure,
  unknownNameLock,
} from '../db/repositories/analysts';
import { insertMachineTraces, readTraffic } from '../db/repositories/machine-traces';
import type { Database } from '../db/schema';
import { fail, ok } from '../envelope';
import { analystToken, clearAnalystCookie, setAnalystCookie } from '../plugins/analyst-session';
import { loginSubjectFor, type SessionKeys, traceVisitorFor } from '../session-keys';

const WRITE = { config: { budget: 'write' } } as const;
const TRACKING = { config: { budget: 'tracking' } } as const;
const ANALYST = { config: { analyst: true } } as const;

/** Why a login got no session: `data` of the refusal. */
export type LoginRefusal = 'loginRefused' | 'loginLocked';

export const LOGIN_MESSAGES: Record<LoginRefusal, string> = {
  loginRefused: '帳號或密碼錯誤',
  loginLocked: `密碼連續輸入錯誤 ${ANALYST_LOCK_AFTER} 次，請於 ${ANALYST_LOCK_MINUTES} 分鐘後再試`,
};

const refusal = (reason: LoginRefusal) => fail(RETURN_CODE.refused, LOGIN_MESSAGES[reason], reason);

export interface AtlasRouteOptions {
  db: Kysely<Database>;
  keys: Pick<SessionKeys, 'traceKey' | 'loginKey'>;
  /** the machine paths report atlas/test-runs answers */
  testReport: string;
}

/**
 * The machine atlas, for analysts (accounts made by `npm run analyst:add`): login and logout, then the
 * traffic of one machine over a period and the last test runs. And the visitors' side, trace/transitions:
 * the transitions their flows took, stored under an HMAC of the session, never what they typed.
 */
export const atlasRoutes: FastifyPluginAsync<AtlasRouteOptions> = async (app, { db, keys, testReport }) => {
  // made now: were it made by the first unknown name, that answer would take twice as long
  void dummyHash();

  app.post('/atlas/login', WRITE, async (request, reply) => {
    const { name, password } = await parseInput(loginSchema, request.body);
    const now = new Date();
    // a name no analyst has is counted and locked as an analyst is, under an HMAC of it: the answers, and
    // the queries that make them, are the same for every name
    const subject = loginSubjectFor(keys, name);
    const [analyst, unknownLock] = await Promise.all([
      ANALYST_NAME.test(name) ? findAnalyst(db, name) : null,
      unknownNameLock(db, subject, now),
    ]);
    // a locked name's password is not even checked: the lock stops guessing, right or wrong
    const lockedUntil = analyst ? analyst.lockedUntil : unknownLock;
    if (lockedUntil && lockedUntil > now) return refusal('loginLocked');
    if (!analyst) {
      await verifyNobody(password);
      return refusal((await recordUnknownNameFailure(db, subject, now)) ? 'loginLocked' : 'loginRefused');
    }
    if (!(await verifyPassword(analyst.passwordHash, password))) {
      return refusal((await recordFailedLogin(db, name, now)) ? 'loginLocked' : 'loginRefused');
    }
    await clearFailedLogins(db, name);
    setAnalystCookie(request, reply, await createAnalystSession(db, name, now));
    return ok<AnalystSession>({ name });
  });

  app.post('/atlas/logout', WRITE, async (request, reply) => {
    const token = analystToken(request);
    if (token) await deleteAnalystSession(db, token);
    clearAnalystCookie(request, reply);
    return ok(null);
  });

  app.get('/atlas/me', ANALYST, async (request) => ok<AnalystSession>({ name: request.analyst }));

  app.get('/atlas/traffic', ANALYST, async (request, reply) => {
    const query = await parseInput(trafficQuerySchema, request.query);
    const checked = trafficPeriod(query.from, query.to);
    if ('problem' in checked) return reply.code(400).send(fail(RETURN_CODE.badInput, checked.problem));
    return ok<Traffic>(await readTraffic(db, query, checked.period));
  });

  app.get('/atlas/test-runs', ANALYST, async () => ok<TestRuns>(await readTestRuns(testReport)));

  app.post('/trace/transitions', TRACKING, async (request) => {
    const { steps } = await parseInput(traceBatchSchema, request.body);
    // a visitor is named by its session; a request that came without one has nobody to count
    if (!request.sessionResumed) return ok(null);
    const now = Date.now();
    await insertMachineTraces(
      db,
      traceVisitorFor(keys, request.sessionId),
      steps.map(({ ago, ...step }) => ({ ...step, at: new Date(now - ago) })),
    );
    return ok(null);
  });
};
