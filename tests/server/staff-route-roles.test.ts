import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE } from '../../src/domain/envelope';
import { STAFF_ROLES, type StaffRole } from '../../src/domain/staff-roles';
import { addStaff, type CookieJar, createTestApp, type TestApp } from '../support/server';

/*
 * Issue 35: every back-office endpoint declares its roles, and the server checks them. Generated from the
 * app's route table (its onRoute hook): each API route either is one of the visitors' (listed here, so a
 * new route is a staff route unless someone says otherwise) or declares `config.roles`; each staff route is
 * tried with no session, a visitor's session and a session of each single role, and exactly the declared
 * roles get past the check (an answer that is neither 401 nor 403); a percent-encoded spelling of the path
 * gets the same answer.
 */

/** The visitors' endpoints, and the sign-in itself: open to anyone. Any other API route is staff's. */
const OPEN_ENDPOINTS = new Set(
  [
    'GET health',
    'GET captcha/challenge',
    'GET catalogue/queryCells',
    'GET catalogue/queryPackage',
    'GET catalogue/queryPackages',
    'GET content/article',
    'GET content/articles',
    'GET content/questions',
    'GET functionMeta/queryAllMeta',
    'POST consent/accept',
    'POST contact/submit',
    'POST overprint/document',
    'POST overprint/lookup',
    'POST overprint/rosterCode',
    'POST overprint/rosterOpen',
    'POST progress/query',
    'POST shopcart/estimate',
    'POST shopcart/findApplication',
    'POST shopcart/submitApplication',
    'POST tryout/quote',
    'POST trace/transitions',
    'POST staff/login',
    'POST staff/logout',
  ].concat(
    [
      'addCoki',
      'addDetailTrace',
      'addSession',
      'addTrace',
      'cleanSession',
      'clearCoki',
      'deleteCartItem',
      'getCart',
      'getCoki',
      'getDecryptData',
      'getExtraSetup',
      'getOnlyCartData',
      'getSession',
      'insertCart',
      'updateCartItem',
    ].map((verb) => `POST DTODGAZ0/${verb}`),
  ),
);

/**
 * The roles docs/specification.md §6 and §7 give the staff routes of issue 35's table, the case's documents
 * and issue 36's 寄件匣 and notices.
 */
const SPEC_ROLES: Record<string, readonly StaffRole[]> = {
  'GET staff/me': STAFF_ROLES,
  'GET atlas/traffic': ['analyst'],
  'GET atlas/test-runs': ['analyst'],
  // issue 37: 訪客旅程, a period's visitors and one visitor's transitions
  'GET atlas/journeys': ['analyst'],
  'GET atlas/journeys/:visitor': ['analyst'],
  'GET staff/accounts': ['admin'],
  'POST staff/accounts': ['admin'],
  'POST staff/accounts/roles': ['admin'],
  'POST staff/accounts/lock': ['admin'],
  'POST staff/accounts/unlock': ['admin'],
  'POST staff/accounts/end-sessions': ['admin'],
  'GET staff/audit': ['admin'],
  // a case's documents: the 名冊 among them to an underwriter only, decided in the route
  'POST staff/applications/:applicationNo/documents': ['underwriter', 'service'],
  // issue 36: 寄件匣 (the list, one e-mail, 重新寄送) and each person's own e-mail notices
  'GET staff/outbox': ['service', 'underwriter'],
  'GET staff/outbox/:id': ['service', 'underwriter'],
  'POST staff/outbox/:id/resend': ['service', 'underwriter'],
  'GET staff/me/notifications': STAFF_ROLES,
  'POST staff/me/notifications': STAFF_ROLES,
  // issue 45: a new notice address confirmed by the code e-mailed to it
  'POST staff/me/notifications/confirm': STAFF_ROLES,
  'POST staff/me/notifications/resend': STAFF_ROLES,
};

interface StaffRoute {
  method: 'GET' | 'POST';
  /** below API_BASE, e.g. staff/accounts */
  path: string;
  roles: readonly StaffRole[] | undefined;
}

const PASSWORD = 'route table passphrase';
const NOT_SIGNED_IN = { returnCode: 401, data: null, msg: '請先登入員工帳號' };
const NOT_PERMITTED = { returnCode: 403, data: null, msg: '您沒有使用此功能的權限' };

/** The path with one letter percent-encoded at `at`. */
const encodedAt = (path: string, at: number) =>
  `${path.slice(0, at)}%${path.charCodeAt(at).toString(16)}${path.slice(at + 1)}`;

/** Other spellings of the path: its first letter, and the first of its last segment, percent-encoded
 * (`%61tlas/traffic`, `atlas/%74raffic`). */
const spellings = (path: string) => [encodedAt(path, 0), encodedAt(path, path.lastIndexOf('/') + 1)];

describe('the route table: every staff endpoint declares its roles, and only they get past the check', () => {
  let t: TestApp;
  const routes: StaffRoute[] = [];
  const open: string[] = [];
  /** a visitor's jar (gi_sid and the CSRF token), and one per role signed in with that role alone */
  let visitor: CookieJar;
  const signedIn = new Map<StaffRole, CookieJar>();

  beforeAll(async () => {
    const onRoute = (route: RouteOptions) => {
      if (!route.url.startsWith(`${API_BASE}/`)) return;
      const roles = (route.config as { roles?: readonly StaffRole[] } | undefined)?.roles;
      for (const method of [route.method].flat()) {
        if (method !== 'GET' && method !== 'POST') continue;
        const path = route.url.slice(API_BASE.length + 1);
        if (OPEN_ENDPOINTS.has(`${method} ${path}`) && !roles) open.push(`${method} ${path}`);
        else routes.push({ method: method as StaffRoute['method'], path, roles });
      }
    };
    t = await createTestApp({ onRoute, config: { rateLimitAllowList: ['127.0.0.1'] } });
    visitor = await t.newVisitor();
    for (const role of STAFF_ROLES) {
      const jar = await t.newVisitor();
      await addStaff(t.db, `only.${role}`, PASSWORD, [role]);
      const login = await t.app.inject({
        method: 'POST',
        url: `${API_BASE}/staff/login`,
        headers: t.csrfHeaders(jar),
        payload: { name: `only.${role}`, password: PASSWORD },
      });
      expect(login.json().returnCode).toBe(0);
      signedIn.set(role, jar.store(login));
    }
  }, 120_000);
  afterAll(() => t.close());

  /** The route called as the jar's holder (none: no cookie at all), by `path` (its own, or another spelling). */
  const call = (
    route: StaffRoute,
    jar: CookieJar | undefined,
    path = route.path,
  ): Promise<LightMyRequestResponse> =>
    t.app.inject({
      method: route.method,
      url: `${API_BASE}/${path}`,
      headers: jar ? t.csrfHeaders(jar) : {},
      ...(route.method === 'POST' ? { payload: {} } : {}),
    });

  it('finds the staff routes, and every one of them declares at least one role', () => {
    expect(routes.length).toBeGreaterThanOrEqual(9);
    expect(open.sort()).toEqual([...OPEN_ENDPOINTS].sort());
    const undeclared = routes.filter((route) => !route.roles || route.roles.length === 0);
    expect(undeclared.map((route) => `${route.method} ${route.path}`)).toEqual([]);
  });

  it('declares the roles the specification gives each route', () => {
    const declared = Object.fromEntries(
      routes
        .filter((route) => `${route.method} ${route.path}` in SPEC_ROLES)
        .map((route) => [`${route.method} ${route.path}`, [...(route.roles ?? [])].sort()]),
    );
    expect(declared).toEqual(
      Object.fromEntries(Object.entries(SPEC_ROLES).map(([route, roles]) => [route, [...roles].sort()])),
    );
  });

  it('answers each staff route 401 without a staff session, the same by any spelling of its path', async () => {
    for (const route of routes) {
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

  it('lets exactly the declared roles past the check, the same by any spelling of its path', async () => {
    for (const route of routes) {
      for (const role of STAFF_ROLES) {
        const jar = signedIn.get(role);
        const plain = await call(route, jar);
        const seen = { route: `${route.method} ${route.path}`, role, status: plain.statusCode };
        for (const path of spellings(route.path))
          expect({ ...seen, status: (await call(route, jar, path)).statusCode }).toEqual(seen);
        if (route.roles?.includes(role)) expect([401, 403]).not.toContain(plain.statusCode);
        else {
          expect(seen).toEqual({ ...seen, status: 403 });
          expect(plain.json()).toEqual(NOT_PERMITTED);
        }
      }
    }
  });
});
