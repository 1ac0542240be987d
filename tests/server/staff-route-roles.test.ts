import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/envelope';
import { STAFF_ROLES, type StaffRole } from '../../src/domain/staff-roles';
import { addStaff, type CookieJar, createTestApp, type TestApp } from '../support/server';

/*
 * Issues 35 and 45: who may call each API route is written here once, from docs/specification.md §6 and
 * §7, and every route the app serves is held to it. The routes come from the app's route table (its onRoute
 * hook); a route missing from the policy fails, so a new one (the company's endpoints of the issues after
 * 45 included) gets its line here before it passes. Each route is called with no cookie at all, a visitor's
 * session and a session of each single role: an open route answers every one of them past the role check;
 * a staff route answers 401 without a staff session and lets exactly the policy's roles past the check (an
 * answer that is neither 401 nor 403), the same by a percent-encoded spelling of its path.
 */

/** Anyone may call it: the visitors' calls, and the staff's sign-in and sign-out. */
const OPEN = 'open';

/** The roles of §6's table, in its order. */
const EVERY_ROLE = ['analyst', 'service', 'underwriter', 'admin'] as const satisfies readonly StaffRole[];

/** Who may call each route below API_BASE, by method and path as the app registers it (§6, §7). */
const POLICY: Record<string, typeof OPEN | readonly StaffRole[]> = {
  // §7, the calls of the original site: the cart service, with this product's updateCartItem and deleteCartItem
  'POST DTODGAZ0/addCoki': OPEN,
  'POST DTODGAZ0/addDetailTrace': OPEN,
  'POST DTODGAZ0/addSession': OPEN,
  'POST DTODGAZ0/addTrace': OPEN,
  'POST DTODGAZ0/cleanSession': OPEN,
  'POST DTODGAZ0/clearCoki': OPEN,
  'POST DTODGAZ0/deleteCartItem': OPEN,
  'POST DTODGAZ0/getCart': OPEN,
  'POST DTODGAZ0/getCoki': OPEN,
  'POST DTODGAZ0/getDecryptData': OPEN,
  'POST DTODGAZ0/getExtraSetup': OPEN,
  'POST DTODGAZ0/getOnlyCartData': OPEN,
  'POST DTODGAZ0/getSession': OPEN,
  'POST DTODGAZ0/insertCart': OPEN,
  'POST DTODGAZ0/updateCartItem': OPEN,
  'GET functionMeta/queryAllMeta': OPEN,
  // §7, this product's calls of the visitors'
  'GET captcha/challenge': OPEN,
  'GET catalogue/queryCells': OPEN,
  'GET catalogue/queryPackage': OPEN,
  'GET catalogue/queryPackages': OPEN,
  'GET content/article': OPEN,
  'GET content/articles': OPEN,
  'GET content/questions': OPEN,
  'GET health': OPEN,
  'POST consent/accept': OPEN,
  'POST contact/submit': OPEN,
  'POST overprint/document': OPEN,
  'POST overprint/lookup': OPEN,
  // issue 45: the code e-mailed to the contact before the 名冊 prints, and the token it opens
  'POST overprint/rosterCode': OPEN,
  'POST overprint/rosterOpen': OPEN,
  'POST progress/query': OPEN,
  'POST shopcart/estimate': OPEN,
  'POST shopcart/findApplication': OPEN,
  'POST shopcart/submitApplication': OPEN,
  'POST trace/transitions': OPEN,
  'POST tryout/quote': OPEN,
  // staff sign-in: the sign-in and sign-out open, who is signed in to any role
  'POST staff/login': OPEN,
  'POST staff/logout': OPEN,
  'GET staff/me': EVERY_ROLE,
  // atlas and journeys (analyst)
  'GET atlas/traffic': ['analyst'],
  'GET atlas/test-runs': ['analyst'],
  'GET atlas/journeys': ['analyst'],
  'GET atlas/journeys/:visitor': ['analyst'],
  // accounts and the audit log (admin)
  'GET staff/accounts': ['admin'],
  'POST staff/accounts': ['admin'],
  'POST staff/accounts/roles': ['admin'],
  'POST staff/accounts/lock': ['admin'],
  'POST staff/accounts/unlock': ['admin'],
  'POST staff/accounts/end-sessions': ['admin'],
  'GET staff/audit': ['admin'],
  // the application queue and its export (underwriter)
  'GET staff/applications': ['underwriter'],
  'GET staff/applications/export': ['underwriter'],
  // the application case (underwriter, service; the roster whole and the moves underwriter)
  'GET staff/applications/:applicationNo': ['underwriter', 'service'],
  'POST staff/applications/:applicationNo/roster': ['underwriter'],
  'POST staff/applications/:applicationNo/move': ['underwriter'],
  // the case's documents (underwriter, service; the 名冊 to an underwriter only, decided in the route)
  'POST staff/applications/:applicationNo/documents': ['underwriter', 'service'],
  // the contact inbox (service)
  'GET staff/contacts': ['service'],
  'GET staff/contacts/:contactNo': ['service'],
  'POST staff/contacts/:contactNo/assign': ['service'],
  'POST staff/contacts/:contactNo/move': ['service'],
  'POST staff/contacts/:contactNo/note': ['service'],
  'POST staff/contacts/:contactNo/reply': ['service'],
  // 寄件匣 (service, underwriter)
  'GET staff/outbox': ['service', 'underwriter'],
  'GET staff/outbox/:id': ['service', 'underwriter'],
  'POST staff/outbox/:id/resend': ['service', 'underwriter'],
  // each person's own e-mail notices (every role)
  'GET staff/me/notifications': EVERY_ROLE,
  'POST staff/me/notifications': EVERY_ROLE,
  // issue 45: a new notice address confirmed by the code e-mailed to it
  'POST staff/me/notifications/confirm': EVERY_ROLE,
  'POST staff/me/notifications/resend': EVERY_ROLE,
};

interface ApiRoute {
  method: 'GET' | 'POST';
  /** below API_BASE, e.g. staff/accounts */
  path: string;
  /** what the route declares (`config.roles`) */
  declared: readonly StaffRole[] | undefined;
}

const nameOf = (route: ApiRoute) => `${route.method} ${route.path}`;
const policyOf = (route: ApiRoute) => POLICY[nameOf(route)];
/** The roles the policy lets call a staff route; none for an open route or one missing from the policy. */
const staffRolesOf = (route: ApiRoute) => {
  const policy = policyOf(route);
  return policy === OPEN ? undefined : policy;
};

const PASSWORD = 'route table passphrase';
const NOT_SIGNED_IN = { returnCode: 401, data: null, msg: '請先登入員工帳號' };
const NOT_PERMITTED = { returnCode: 403, data: null, msg: '您沒有使用此功能的權限' };
const ROLE_CHECK_MESSAGES = [NOT_SIGNED_IN.msg, NOT_PERMITTED.msg];

/** The path with one letter percent-encoded at `at`. */
const encodedAt = (path: string, at: number) =>
  `${path.slice(0, at)}%${path.charCodeAt(at).toString(16)}${path.slice(at + 1)}`;

/** Other spellings of the path: its first letter, and the first of its last segment, percent-encoded
 * (`%61tlas/traffic`, `atlas/%74raffic`). */
const spellings = (path: string) => [encodedAt(path, 0), encodedAt(path, path.lastIndexOf('/') + 1)];

describe('the route policy: every API route is open or held to exactly the roles §6 and §7 give it', () => {
  let t: TestApp;
  const routes: ApiRoute[] = [];
  /** a visitor's jar (gi_sid and the CSRF token), and one per role signed in with that role alone */
  let visitor: CookieJar;
  const signedIn = new Map<StaffRole, CookieJar>();

  /** A new jar signed in as the account that holds `role` alone. */
  const signIn = async (role: StaffRole) => {
    const jar = await t.newVisitor();
    const login = await t.app.inject({
      method: 'POST',
      url: `${API_BASE}/staff/login`,
      headers: t.csrfHeaders(jar),
      payload: { name: `only.${role}`, password: PASSWORD },
    });
    expect(login.json().returnCode).toBe(0);
    return jar.store(login);
  };

  beforeAll(async () => {
    const onRoute = (route: RouteOptions) => {
      if (!route.url.startsWith(`${API_BASE}/`)) return;
      const declared = (route.config as { roles?: readonly StaffRole[] } | undefined)?.roles;
      for (const method of [route.method].flat()) {
        if (method !== 'GET' && method !== 'POST') continue;
        routes.push({
          method: method as ApiRoute['method'],
          path: route.url.slice(API_BASE.length + 1),
          declared,
        });
      }
    };
    t = await createTestApp({ onRoute, config: { rateLimitAllowList: ['127.0.0.1'] } });
    visitor = await t.newVisitor();
    for (const role of EVERY_ROLE) await addStaff(t.db, `only.${role}`, PASSWORD, [role]);
    for (const role of EVERY_ROLE) signedIn.set(role, await signIn(role));
  }, 120_000);
  afterAll(() => t.close());

  // a route missing from the policy is neither: the first test names it
  const staffRoutes = () => routes.filter((route) => staffRolesOf(route) !== undefined);
  const openRoutes = () => routes.filter((route) => policyOf(route) === OPEN);

  /** The route called as the jar's holder (none: no cookie at all), by `path` (its own, or another spelling). */
  const call = (
    route: ApiRoute,
    jar: CookieJar | undefined,
    path = route.path,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: route.method,
      url: `${API_BASE}/${path}`,
      headers: jar ? t.csrfHeaders(jar) : {},
      ...(route.method === 'POST' ? { payload: {} } : {}),
    });

  it('knows the roles of §6, and holds every route the app serves to the policy, no more and no fewer', () => {
    expect([...STAFF_ROLES].sort()).toEqual([...EVERY_ROLE].sort());
    const served = routes.map(nameOf);
    expect(served.filter((name) => !(name in POLICY))).toEqual([]);
    expect(Object.keys(POLICY).filter((name) => !served.includes(name))).toEqual([]);
  });

  it('declares on each staff route the policy’s roles, and none on an open one', () => {
    const declared = Object.fromEntries(
      routes.map((route) => [nameOf(route), route.declared ? [...route.declared].sort() : OPEN]),
    );
    const policy = Object.fromEntries(
      routes.map((route) => {
        const roles = policyOf(route);
        return [nameOf(route), roles === OPEN || roles === undefined ? roles : [...roles].sort()];
      }),
    );
    expect(declared).toEqual(policy);
  });

  it('answers each staff route 401 without a staff session, the same by any spelling of its path', async () => {
    for (const route of staffRoutes()) {
      for (const path of [route.path, ...spellings(route.path)]) {
        const asVisitor = await call(route, visitor, path);
        expect({ route: path, status: asVisitor.statusCode, body: asVisitor.json() }).toEqual({
          route: path,
          status: 401,
          body: NOT_SIGNED_IN,
        });
        // no cookie at all: a read gets the 401; a write stops at the CSRF check before it
        const nobody = await call(route, undefined, path);
        expect({ route: path, status: nobody.statusCode }).toEqual({
          route: path,
          status: route.method === 'GET' ? 401 : 403,
        });
        expect(nobody.json().msg).not.toBe(NOT_PERMITTED.msg);
      }
    }
  });

  it('lets exactly the policy’s roles past each staff route’s check, the same by any spelling of its path', async () => {
    for (const route of staffRoutes()) {
      for (const role of EVERY_ROLE) {
        const jar = signedIn.get(role);
        const plain = await call(route, jar);
        const seen = { route: nameOf(route), role, status: plain.statusCode };
        for (const path of spellings(route.path))
          expect({ ...seen, status: (await call(route, jar, path)).statusCode }).toEqual(seen);
        if (staffRolesOf(route)?.includes(role)) expect([401, 403]).not.toContain(plain.statusCode);
        else {
          expect(seen).toEqual({ ...seen, status: 403 });
          expect(plain.json()).toEqual(NOT_PERMITTED);
        }
      }
    }
  });

  it('lets anyone past an open route: no cookie, a visitor, and a person of each role', async () => {
    // each role's own new sign-in: the sign-out among the open routes ends the session it is called with
    const callers: Array<[string, CookieJar | undefined]> = [
      ['no cookie', undefined],
      ['visitor', await t.newVisitor()],
    ];
    for (const role of EVERY_ROLE) callers.push([role, await signIn(role)]);
    for (const route of openRoutes()) {
      for (const [caller, jar] of callers) {
        const answer = await call(route, jar);
        const seen = { route: nameOf(route), caller, msg: answer.json().msg as string };
        expect(ROLE_CHECK_MESSAGES, JSON.stringify(seen)).not.toContain(seen.msg);
        // without a cookie a write stops at the CSRF check; anything else gets past every check to the call
        if (jar === undefined && route.method === 'POST') expect(answer.statusCode).toBe(403);
        else expect([401, 403], JSON.stringify(seen)).not.toContain(answer.statusCode);
      }
    }
  });
});
