import fc from 'fast-check';
import type { LightMyRequestResponse, RouteOptions } from 'fastify';
import { SAMPLE_QUOTE_REQUEST } from '../../machine-paths/contact/samples';
import { CONSENT_VERSION } from '../../src/domain/consent';
import { API_BASE } from '../../src/domain/envelope';
import { GROUP_SIZE } from '../../src/domain/pricing';
import { STAFF_ROLES } from '../../src/domain/staff-roles';
import { CartVisitor } from './cart-visitor';
import { storeMessage } from './contact-inbox';
import { namesAField } from './field-labels';
import { addStaff, type CookieJar, createTestApp, type TestApp } from './server';
import { applyForBasic } from './shopcart';
import { APPLICANT, PLAN, ROSTER, validApplicant } from './shopcart-input';
import { RowWatch } from './table-rows';

/**
 * Crafted input for every endpoint of the API: keys named like object methods at every level, objects
 * where a scalar belongs, NUL, control characters and lone surrogates, arrays nested thousands deep,
 * huge arrays, wrong types and percent-encoded paths. Shared by the property suite and `npm run fuzz:api`.
 */

/** Every generated text carries this character; no answer may echo it. */
export const MARKER = 'ǂ';

export interface Endpoint {
  method: 'GET' | 'POST';
  url: string;
}

export interface FuzzRequest {
  method: Endpoint['method'];
  /** the route's path, as the app registers it: whose schema names the fields of a 400 */
  endpoint: string;
  url: string;
  /** JSON text of a POST body */
  payload?: string;
  /** send the visitor's cookies and CSRF header */
  token: boolean;
}

/** A JSON object kept as entries, so a payload may carry `__proto__` or one key twice. */
class JsonObject {
  constructor(readonly entries: [string, Json][]) {}
}

/** Arrays nested `depth` deep, written out as text: JSON.stringify itself overflows on them. */
class Nested {
  constructor(readonly depth: number) {}
}

type Json = string | number | boolean | null | Json[] | JsonObject | Nested;

export function toJson(value: Json): string {
  if (value instanceof Nested) return '['.repeat(value.depth) + ']'.repeat(value.depth);
  if (value instanceof JsonObject) {
    return `{${value.entries.map(([key, entry]) => `${JSON.stringify(key)}:${toJson(entry)}`).join(',')}}`;
  }
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  return JSON.stringify(value);
}

const fromPlain = (value: unknown): Json => {
  if (Array.isArray(value)) return value.map(fromPlain);
  if (value !== null && typeof value === 'object') {
    return new JsonObject(Object.entries(value).map(([key, entry]) => [key, fromPlain(entry)]));
  }
  return value as Json;
};

const SHOPCART_PLAN = { ...PLAN, averageSalary: 50_000 };

/**
 * Stands for a captcha payload in a crafted body: `send` puts a freshly solved one in its place, so the
 * mutations of a flow's other fields reach past the captcha to what the server does with them.
 */
export const SOLVED_CAPTCHA = 'solved-captcha';

/**
 * Stands for the fuzz target's application's version in a move's body: `send` puts the version it has now
 * in its place, so the mutations of the move's other fields reach past the version check to the
 * application machine's.
 */
export const CURRENT_VERSION = 'current-version';

/**
 * Stands for the fuzz target's contact message's version in a write's body: `send` puts the version it has
 * now in its place, so the mutations of the write's other fields reach past the version check.
 */
export const CURRENT_CONTACT_VERSION = 'current-contact-version';

/** A 受理編號 of the right shape that names none of the fuzz target's applications (its own are of today). */
const UNKNOWN_APPLICATION_NO = 'GI115112300001';

/** A 案件編號 of the right shape that names none of the fuzz target's messages. */
const UNKNOWN_CONTACT_NO = 'CT115010100001';

/** A 郵件編號 of the right shape (the largest the path takes) that names none of the fuzz target's e-mails. */
const UNKNOWN_OUTBOX_ID = '2147483647';

/** An anonymous visitor of the right shape (16 hex digits) that no trace of the fuzz target carries. */
const UNKNOWN_VISITOR = '0123456789abcdef';

/** A value of the path parameter `name` of the right shape that names nothing. */
const unknownValue = (name: string) =>
  name === 'contactNo'
    ? UNKNOWN_CONTACT_NO
    : name === 'id'
      ? UNKNOWN_OUTBOX_ID
      : name === 'visitor'
        ? UNKNOWN_VISITOR
        : UNKNOWN_APPLICATION_NO;

/**
 * The shopcart's valid applicant with every field the form may send (the salary ones too) and no phone,
 * its keys in the form's order: a mutation picks a field by its position, and fuzz:api replays by seed.
 */
function everyFieldApplicant() {
  const { startDate, ageMin, ageMax, ...company } = validApplicant();
  return { ...company, phone: '', phoneExt: '', totalSalary: 50, maxSalary: 8, startDate, ageMin, ageMax };
}

/** Valid input of the endpoints that take some, so mutations reach past the first refusal. */
export const VALID_INPUT: Record<string, object> = {
  [`${API_BASE}/consent/accept`]: { version: CONSENT_VERSION, client_device: 'Mobile' },
  // a coverage item of the seeded catalogue
  [`${API_BASE}/DTODGAZ0/insertCart`]: {
    SOURCE_CODE: 'CELL',
    SHOPCART_CART_NO: '',
    RLAT_CODE: '0',
    CLASS_TITLE: 'GTL',
    IS_SLRY_MLTPL: 'N',
    PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 }],
  },
  [`${API_BASE}/DTODGAZ0/deleteCartItem`]: { CLASS_ID: 1 },
  [`${API_BASE}/DTODGAZ0/updateCartItem`]: {
    SOURCE_CODE: 'CELL',
    SHOPCART_CART_NO: '',
    RLAT_CODE: '0',
    CLASS_TITLE: 'GTL',
    IS_SLRY_MLTPL: 'N',
    PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 2_000_000 }],
    CLASS_ID: 1,
  },
  [`${API_BASE}/shopcart/estimate`]: SHOPCART_PLAN,
  [`${API_BASE}/shopcart/submitApplication`]: {
    requestId: '0b6f6a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
    plan: SHOPCART_PLAN,
    applicant: everyFieldApplicant(),
    roster: ROSTER.slice(0, 1),
    consent: true,
    captcha: SOLVED_CAPTCHA,
  },
  [`${API_BASE}/shopcart/findApplication`]: { requestId: '0b6f6a4e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' },
  // a cart item as tryout STEP1 sends it, for STEP2's group of 10 aged 30-39 (docs/domain.md §2.4's example)
  [`${API_BASE}/tryout/quote`]: {
    item: {
      SOURCE_CODE: 'CELL',
      SHOPCART_CART_NO: '',
      RLAT_CODE: '0',
      CLASS_TITLE: 'GTL',
      IS_SLRY_MLTPL: 'N',
      PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 }],
    },
    group: { headcount: 10, occupationClass: '1', ageBasis: 'bands', ageBands: { age30: 10 } },
  },
  [`${API_BASE}/DTODGAZ0/addTrace`]: { client_device: 'Desktop', curr_page: '', next_page: 'ODGAF000' },
  [`${API_BASE}/DTODGAZ0/addDetailTrace`]: {
    client_device: 'Mobile',
    curr_page: '',
    next_page: 'ODGAF000',
    utm_source: 'fb',
    query: { utm_source: 'fb' },
  },
  [`${API_BASE}/functionMeta/queryAllMeta`]: { meta_attr: 'title' },
  [`${API_BASE}/catalogue/queryPackage`]: { PACK_ID: 'BASIC' },
  // identifiers of the right shape that name no application: a refusal that counts towards the lockout
  [`${API_BASE}/overprint/lookup`]: {
    applicationNo: 'GI115112300001',
    taxId: '12345675',
    contactPhone: '0912-345-678',
    captcha: SOLVED_CAPTCHA,
  },
  [`${API_BASE}/progress/query`]: {
    applicationNo: 'GI115112300001',
    taxId: '12345675',
    captcha: SOLVED_CAPTCHA,
  },
  // a token no server sealed: mutations reach the token check
  [`${API_BASE}/DTODGAZ0/getDecryptData`]: {
    token: 'bm90LWEtc2VhbGVkLXRva2VuLWJ5LWFueS1zZXJ2ZXI',
    applicationNo: 'GI115112300001',
  },
  [`${API_BASE}/overprint/document`]: {
    token: 'bm90LWEtc2VhbGVkLXRva2VuLWJ5LWFueS1zZXJ2ZXI',
    documents: ['form', 'roster', 'summary'],
  },
  [`${API_BASE}/overprint/rosterCode`]: { token: 'bm90LWEtc2VhbGVkLXRva2VuLWJ5LWFueS1zZXJ2ZXI' },
  [`${API_BASE}/overprint/rosterOpen`]: {
    token: 'bm90LWEtc2VhbGVkLXRva2VuLWJ5LWFueS1zZXJ2ZXI',
    code: '370519',
  },
  [`${API_BASE}/content/articles`]: { page: 2, pageSize: 6 },
  [`${API_BASE}/content/article`]: { id: 'what-is-group-insurance' },
  [`${API_BASE}/contact/submit`]: {
    requestId: '5d2c8a1e-3b4f-4c6d-9e8f-0a1b2c3d4e5f',
    message: {
      name: '陳美玲',
      companyName: '晴空軟體股份有限公司',
      taxId: '12345675',
      mobile: '0912-345-678',
      phone: '02-2345-6789',
      phoneExt: '301',
      email: 'hr@example.com.tw',
      topic: 'quote',
      content: '想了解團體保險的保費。\n請來電。',
      consent: true,
      // the tryout's 請洽專人報價: mutations reach the catalogue's check of the cover
      quote: {
        item: {
          SOURCE_CODE: 'CELL',
          SHOPCART_CART_NO: '',
          RLAT_CODE: '0',
          CLASS_TITLE: 'GTL',
          IS_SLRY_MLTPL: 'N',
          PROD_LIST: [{ PROD_ID: 'GTL', ORDER_SEQ: 1, IS_ACC: 'N', FACE_AMT_TYPE: 1, FACE_AMT: 1_000_000 }],
        },
        headcount: 80,
      },
    },
    captcha: SOLVED_CAPTCHA,
  },
  // a name no account has: mutations reach the password check, and never lock the fuzz suite's staff
  [`${API_BASE}/staff/login`]: { name: 'fuzz.nobody', password: 'correct horse battery' },
  // reach past the 401 and 403 only for a jar signed in with the role (the fuzz target's holds them all)
  [`${API_BASE}/atlas/traffic`]: { machine: 'contact', from: '2026-03-01', to: '2026-03-31' },
  // fixed, as every valid input is (fuzz:api replays by seed): its mutations reach the period's checks
  [`${API_BASE}/atlas/journeys`]: { from: '2026-01-01', to: '2026-03-31', machine: 'shopcart', page: 1 },
  [`${API_BASE}/staff/accounts`]: {
    name: 'fuzz.added',
    roles: ['service', 'underwriter'],
    password: 'fuzz added password',
  },
  // another account than the fuzz target's own: a lock or an end of sessions never signs the target out
  [`${API_BASE}/staff/accounts/roles`]: { name: 'fuzz.other', roles: ['service'] },
  [`${API_BASE}/staff/accounts/lock`]: { name: 'fuzz.other' },
  [`${API_BASE}/staff/accounts/unlock`]: { name: 'fuzz.other' },
  [`${API_BASE}/staff/accounts/end-sessions`]: { name: 'fuzz.other' },
  [`${API_BASE}/staff/audit`]: {
    person: 'fuzz.reader',
    applicationNo: 'GI115112300001',
    from: '2026-03-01',
    to: '2026-03-31',
    page: 1,
  },
  // the fuzz target's application (sent 受理 today, of APPLICANT) is in the queue these filters give
  [`${API_BASE}/staff/applications`]: {
    status: '已受理',
    from: '2026-01-01',
    headcountMin: GROUP_SIZE.min,
    headcountMax: GROUP_SIZE.maxOnline,
    industry: APPLICANT.industry,
    q: APPLICANT.taxId,
    page: 1,
  },
  [`${API_BASE}/staff/applications/export`]: {
    status: '已受理',
    from: '2026-01-01',
    headcountMin: GROUP_SIZE.min,
    headcountMax: GROUP_SIZE.maxOnline,
    industry: APPLICANT.industry,
    q: APPLICANT.taxId,
  },
  // the roster's opening takes no body; a move from 已受理 (its first lands, the next the machine refuses)
  [`${API_BASE}/staff/applications/:applicationNo/roster`]: {},
  [`${API_BASE}/staff/applications/:applicationNo/move`]: {
    to: '資料審核中',
    note: '已收到要保書',
    version: CURRENT_VERSION,
  },
  // every document of the fuzz target's application (it has a roster): printed, the 名冊 recorded
  [`${API_BASE}/staff/applications/:applicationNo/documents`]: { documents: ['form', 'roster', 'summary'] },
  // the fuzz target's message (new): taken, noted, answered and moved as the message machine allows
  [`${API_BASE}/staff/contacts`]: {
    status: 'new',
    assignee: 'fuzz.reader',
    quoteOnly: true,
    receivedFrom: '2026-01-01',
    receivedTo: '2026-12-31',
    page: 1,
  },
  [`${API_BASE}/staff/contacts/:contactNo/assign`]: { version: CURRENT_CONTACT_VERSION },
  [`${API_BASE}/staff/contacts/:contactNo/move`]: { version: CURRENT_CONTACT_VERSION, move: 'message.close' },
  [`${API_BASE}/staff/contacts/:contactNo/note`]: { text: '已致電，\n下午再聯絡' },
  [`${API_BASE}/staff/contacts/:contactNo/reply`]: {
    version: CURRENT_CONTACT_VERSION,
    text: '您好，\n已收到。',
  },
  // 寄件匣: the fuzz target's e-mails (its application's and message's), one sent again if it failed
  [`${API_BASE}/staff/outbox`]: { state: 'waiting', page: 1 },
  [`${API_BASE}/staff/outbox/:id/resend`]: {},
  // the fuzz account (every role) chooses every notice
  [`${API_BASE}/staff/me/notifications`]: {
    email: 'fuzz.reader@insure.example.com.tw',
    kinds: ['application.new', 'contact.new', 'documents.overdue'],
  },
  // a code of the right form: mutations reach the check against the code sent
  [`${API_BASE}/staff/me/notifications/confirm`]: { code: '370519' },
  [`${API_BASE}/staff/me/notifications/resend`]: {},
  [`${API_BASE}/trace/transitions`]: {
    steps: [
      { machine: 'shopcart', from: 'step1.editing', event: 'NEXT', to: 'step2.editing', ago: 1_500 },
      { machine: 'contact', from: 'editing', event: 'SUBMIT', to: 'submitting', ago: 0 },
    ],
  },
};

const METHOD_NAMES = [
  'toString',
  'valueOf',
  'hasOwnProperty',
  'isPrototypeOf',
  'propertyIsEnumerable',
  'toLocaleString',
  'constructor',
  '__proto__',
  '__defineGetter__',
  '__lookupGetter__',
  'then',
];
const methodName = fc.constantFrom(...METHOD_NAMES);
const badCharacter = fc.constantFrom(
  '\u0000',
  '\u0001',
  '\u0007',
  '\b',
  '\n',
  '\t',
  '\u001b',
  '\u007f',
  '\u0085',
  '\ud800',
  '\udbff',
  '\udc00',
  '\udfff',
);
const text = fc
  .tuple(
    fc.string({ unit: 'binary', maxLength: 8 }),
    fc.option(badCharacter, { nil: '' }),
    fc.string({ maxLength: 6 }),
  )
  .map(([head, bad, tail]) => `${MARKER}${head}${bad}${tail}`);
const longText = fc.integer({ min: 100, max: 20_000 }).map((length) => MARKER + 'x'.repeat(length));
const scalar: fc.Arbitrary<Json> = fc.oneof(
  { weight: 4, arbitrary: text },
  longText,
  fc.integer(),
  fc.double().map((n) => (Number.isFinite(n) ? n : 1e308)),
  fc.boolean(),
  fc.constant(null),
);
const key = fc.oneof(methodName, text);
const methodObject = fc
  .array(fc.tuple(methodName, scalar), { minLength: 1, maxLength: 3 })
  .map((entries) => new JsonObject(entries));
const nested = fc.integer({ min: 20, max: 8_000 }).map((depth) => new Nested(depth));
const hugeArray = fc.integer({ min: 500, max: 15_000 }).map((length) => Array<Json>(length).fill(1));
const { tree } = fc.letrec<{ tree: Json }>((tie) => ({
  tree: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    scalar,
    fc.array(tie('tree'), { maxLength: 3 }),
    fc.array(fc.tuple(key, tie('tree')), { maxLength: 4 }).map((entries) => new JsonObject(entries)),
  ),
}));
/** anything a field may be given */
const anyValue: fc.Arbitrary<Json> = fc.oneof(
  { weight: 3, arbitrary: scalar },
  { weight: 2, arbitrary: methodObject },
  nested,
  hugeArray,
  tree,
);

/** Every object of a JSON tree, outermost first. */
function objectsOf(value: Json, found: JsonObject[] = []): JsonObject[] {
  if (value instanceof JsonObject) {
    found.push(value);
    for (const [, entry] of value.entries) objectsOf(entry, found);
  } else if (Array.isArray(value)) {
    for (const entry of value) objectsOf(entry, found);
  }
  return found;
}

/** A valid input with some of its values replaced and method-named keys added at any level. */
function mutated(valid: object) {
  return fc
    .record({
      replace: fc.array(fc.tuple(fc.nat(), fc.nat(), anyValue), { maxLength: 2 }),
      add: fc.array(fc.tuple(fc.nat(), key, anyValue), { maxLength: 3 }),
    })
    .map(({ replace, add }) => {
      const input = fromPlain(structuredClone(valid)) as JsonObject;
      const objects = objectsOf(input);
      for (const [which, field, value] of replace) {
        const target = objects[which % objects.length]!;
        if (target.entries.length > 0) target.entries[field % target.entries.length]![1] = value;
      }
      for (const [which, name, value] of add) objects[which % objects.length]!.entries.push([name, value]);
      return input;
    });
}

function body(url: string): fc.Arbitrary<string> {
  const valid = VALID_INPUT[url];
  const crafted = fc.oneof(
    anyValue,
    fc.array(fc.tuple(key, anyValue), { maxLength: 5 }).map((e) => new JsonObject(e)),
  );
  return (valid ? fc.oneof({ weight: 3, arbitrary: mutated(valid) }, crafted) : crafted).map(toJson);
}

/** Percent-encodes every UTF-16 unit; a lone surrogate becomes the bytes of its code unit, as a raw client may send. */
function percentEncode(value: string): string {
  let out = '';
  for (const unit of value.split('')) {
    const code = unit.charCodeAt(0);
    const bytes =
      code >= 0xd800 && code <= 0xdfff
        ? [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        : [...Buffer.from(unit)];
    out += bytes.map((byte) => `%${byte.toString(16).padStart(2, '0').toUpperCase()}`).join('');
  }
  return out;
}

function query(url: string): fc.Arbitrary<string> {
  const valid = Object.entries(VALID_INPUT[url] ?? {}).map(([name, value]) => [name, String(value)] as const);
  const entry = fc.tuple(
    fc.oneof(fc.constantFrom(...valid.map(([name]) => name), 'meta_attr'), methodName, text),
    fc.oneof(text, longText, fc.constantFrom('title', 'BASIC', '')),
  );
  const repeated = fc
    .tuple(fc.constantFrom(...valid.map(([name]) => name), 'meta_attr'), fc.integer({ min: 2, max: 1_500 }))
    .map(([name, times]) => Array.from({ length: times }, () => [name, 'title'] as const));
  return fc
    .tuple(fc.array(entry, { maxLength: 5 }), fc.option(repeated, { nil: [] }), fc.boolean())
    .map(([entries, repeats, keepValid]) =>
      [...(keepValid ? valid : []), ...entries, ...repeats]
        .map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`)
        .join('&'),
    );
}

/** Whether the character at `index` of a route's path is in a parameter's segment (`:applicationNo`). */
const inParameter = (path: string, index: number) => path[path.lastIndexOf('/', index) + 1] === ':';

/**
 * The path with some of its characters (never a slash, nor a parameter's name) percent-encoded, in upper-
 * or lower-case hex.
 */
function encodedPath(path: string): fc.Arbitrary<string> {
  return fc.array(fc.tuple(fc.nat(), fc.boolean()), { maxLength: 4 }).map((picks) => {
    const chars = path.split('');
    for (const [at, lower] of picks) {
      const index = at % chars.length;
      if (chars[index] === '/' || chars[index]!.startsWith('%') || inParameter(path, index)) continue;
      const hex = chars[index]!.charCodeAt(0).toString(16).padStart(2, '0');
      chars[index] = `%${lower ? hex : hex.toUpperCase()}`;
    }
    return chars.join('');
  });
}

/** A path parameter's crafted values, as they stand in the URL: any text percent-encoded, or malformed. */
const craftedSegment = fc.oneof(
  text.map(percentEncode),
  longText.map(percentEncode),
  methodName,
  fc.constantFrom('%', '%zz', '%E5%8F', '%ED%A0%80', '%00', '%2F', '%2E%2E', '..', '.', ' ', '%20'),
);

/**
 * Values of the path's parameters: mostly `known`'s (a real application's 受理編號, a real message's 案件編號,
 * a real e-mail's 郵件編號),
 * else one of the right shape that names nothing, else crafted.
 */
function pathValues(path: string, known: Record<string, string>): fc.Arbitrary<Record<string, string>> {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return fc.record(
    Object.fromEntries(
      names.map((name) => [
        name,
        fc.oneof(
          { weight: 4, arbitrary: fc.constant(known[name] ?? unknownValue(name)) },
          fc.constant(unknownValue(name)),
          { weight: 2, arbitrary: craftedSegment },
        ),
      ]),
    ),
  );
}

const unknownEndpoint = fc
  .tuple(fc.constantFrom<Endpoint['method']>('GET', 'POST'), fc.stringMatching(/^[A-Za-z0-9]{1,12}$/))
  .map(([method, name]): Endpoint => ({ method, url: `${API_BASE}/${name}/${name}` }));

/**
 * One crafted request to one of `endpoints` (or, now and then, to a path no route serves); a route's path
 * parameters take `known`'s values (by name) or crafted ones.
 */
export function fuzzRequest(
  endpoints: Endpoint[],
  known: Record<string, string> = {},
): fc.Arbitrary<FuzzRequest> {
  const endpoint = fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...endpoints) }, unknownEndpoint);
  return endpoint.chain(({ method, url }) =>
    fc.record({
      method: fc.constant(method),
      endpoint: fc.constant(url),
      url: fc
        .tuple(
          fc.oneof({ weight: 4, arbitrary: fc.constant(url) }, encodedPath(url)),
          pathValues(url, known),
          query(url),
        )
        .map(([path, values, search]) => {
          const filled = path.replace(/:(\w+)/g, (_, name: string) => values[name]!);
          return method === 'GET' && search ? `${filled}?${search}` : filled;
        }),
      payload: method === 'POST' ? body(url) : fc.constant(undefined),
      token: fc.oneof({ weight: 9, arbitrary: fc.constant(true) }, fc.constant(false)),
    }),
  );
}

/** Collects the API endpoints an app registers: pass `onRoute` to createTestApp or buildApp. */
export function endpointCollector() {
  const endpoints: Endpoint[] = [];
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if ((method === 'GET' || method === 'POST') && route.url.startsWith(`${API_BASE}/`)) {
        endpoints.push({ method: method as Endpoint['method'], url: route.url });
      }
    }
  };
  return { endpoints, onRoute };
}

/**
 * Tables a refused request may change, by route. A lookup whose identifiers name no application has spent
 * its captcha (captcha_uses: one solved captcha guesses one set of identifiers) and counts towards the
 * lockout (lookup_failures: 5 wrong per 受理編號 in 15 minutes, 20 per client in an hour). A wrong password
 * for a staff account counts in its `staff` row, which changes no row count, and in a login_failures row of
 * its name and address; one for a name no account has counts the same way in login_failures rows of its
 * own; after the 3rd a try spends its captcha; and each failed sign-in is in the audit log. No other refusal
 * stores a row.
 */
export const REFUSAL_WRITES: Record<string, string[]> = {
  [`${API_BASE}/overprint/lookup`]: ['captcha_uses', 'lookup_failures'],
  [`${API_BASE}/progress/query`]: ['captcha_uses', 'lookup_failures'],
  [`${API_BASE}/staff/login`]: ['captcha_uses', 'login_failures', 'audit_log'],
};

/**
 * Routes that answer a file when they succeed, by the content-type it comes as: that answer is not the
 * envelope. Any other answer of theirs is.
 */
export const FILE_ANSWERS: Record<string, string> = {
  [`${API_BASE}/overprint/document`]: 'application/pdf',
  [`${API_BASE}/staff/applications/export`]: 'text/csv',
  [`${API_BASE}/staff/applications/:applicationNo/documents`]: 'application/pdf',
};

const HAN = /\p{Script=Han}/u;

/**
 * What is wrong with an answer of the route `endpoint`, or undefined: a 5xx, no envelope (but a file route's
 * success), a message not in Chinese or echoing input, a 400 naming no field of the route's input.
 */
export function answerProblem(response: LightMyRequestResponse, endpoint: string): string | undefined {
  if (response.statusCode >= 500) return `status ${response.statusCode}`;
  const file = FILE_ANSWERS[endpoint];
  if (file && response.statusCode === 200 && String(response.headers['content-type']).startsWith(file)) {
    return undefined;
  }
  let answer: { returnCode?: unknown; data?: unknown; msg?: unknown };
  try {
    answer = response.json();
  } catch {
    return `not JSON: ${response.body.slice(0, 80)}`;
  }
  if (typeof answer.returnCode !== 'number' || !('data' in answer) || typeof answer.msg !== 'string') {
    return `not the envelope: ${response.body.slice(0, 80)}`;
  }
  const { returnCode, msg } = answer as { returnCode: number; msg: string };
  if (returnCode === 0) return msg === '' ? undefined : `success with a message: ${msg}`;
  if (!HAN.test(msg)) return `message not in Chinese: ${msg.slice(0, 80)}`;
  if (msg.includes(MARKER)) return `message echoes the input: ${msg.slice(0, 80)}`;
  if (/[A-Za-z]{3,}/.test(msg.replace(/utm_[a-z]+/g, ''))) return `message in English: ${msg.slice(0, 80)}`;
  if (msg.length > 100) return `message of ${msg.length} characters`;
  if (response.statusCode === 400 && !namesAField(endpoint, msg)) return `400 naming no field: ${msg}`;
  return undefined;
}

function refused(response: LightMyRequestResponse): boolean {
  if (response.statusCode >= 400) return true;
  try {
    return response.json().returnCode !== 0;
  } catch {
    return false;
  }
}

const STAFF = { name: 'fuzz.reader', password: 'fuzz reader password' };

/**
 * The app on an in-memory PGlite, with every API endpoint it registers, one application a company sent and
 * one contact message (so the case and inbox routes' crafted requests reach real ones), one visitor signed in as staff with every role (so
 * crafted staff queries reach past the 401 and 403), and a watch on every table: what the property suite and
 * `npm run fuzz:api` send their crafted requests to. Its address is on the rate limits' allow list.
 */
export class FuzzTarget {
  private constructor(
    readonly t: TestApp,
    readonly jar: CookieJar,
    readonly endpoints: Endpoint[],
    /**
     * the path parameters' values that name something: the application's 受理編號, the message's 案件編號,
     * the 郵件編號 of the e-mail the application wrote (waiting: 重新寄送 refuses it, writing nothing) and
     * the anonymous visitor its steps were stored under
     */
    readonly known: { applicationNo: string; contactNo: string; id: string; visitor: string },
    private readonly rows: RowWatch,
  ) {}

  static async start(): Promise<FuzzTarget> {
    const { endpoints, onRoute } = endpointCollector();
    const t = await createTestApp({ onRoute, config: { rateLimitAllowList: ['127.0.0.1'] } });
    const jar = await t.newVisitor();
    await addStaff(t.db, STAFF.name, STAFF.password, STAFF_ROLES);
    await addStaff(t.db, 'fuzz.other', STAFF.password, ['analyst']);
    const { applicationNo } = await applyForBasic(t);
    const contactNo = await storeMessage(t.db, new Date(), SAMPLE_QUOTE_REQUEST);
    const { id } = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('application_no', '=', applicationNo)
      .executeTakeFirstOrThrow();
    // the visitor's flow steps, stored under its anonymous id: atlas/journeys/:visitor has a journey to read
    const traced = await new CartVisitor(t, jar, '127.0.0.1').api(
      'trace/transitions',
      VALID_INPUT[`${API_BASE}/trace/transitions`],
    );
    if (traced.json().returnCode !== 0) throw new Error(`fuzz trace: ${traced.body}`);
    const { visitor } = await t.db
      .selectFrom('machine_traces')
      .select('visitor')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    const known = { applicationNo, contactNo, id: String(id), visitor };
    const target = new FuzzTarget(t, jar, endpoints, known, await RowWatch.start(t.db));
    await target.logIn();
    return target;
  }

  /** Signs the visitor in; what that stores (its session, its audit entry) is no request's to answer for. */
  private async logIn(): Promise<void> {
    const response = await this.send({
      method: 'POST',
      endpoint: `${API_BASE}/staff/login`,
      url: `${API_BASE}/staff/login`,
      payload: JSON.stringify(STAFF),
      token: true,
    });
    if (response.json().returnCode !== 0) throw new Error(`fuzz staff sign-in: ${response.body}`);
    this.jar.store(response);
    await this.rows.changed();
  }

  /**
   * Sends a crafted request as the visitor, each SOLVED_CAPTCHA in its body replaced by a solved captcha
   * each CURRENT_VERSION by the application's version and each CURRENT_CONTACT_VERSION by the message's.
   */
  async send(request: FuzzRequest): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = request.token ? this.t.csrfHeaders(this.jar) : {};
    let payload = request.payload;
    if (payload !== undefined) {
      headers['content-type'] = 'application/json';
      while (payload.includes(`"${SOLVED_CAPTCHA}"`)) {
        const captcha = await new CartVisitor(this.t, this.jar, '127.0.0.1').captcha();
        payload = payload.replace(`"${SOLVED_CAPTCHA}"`, JSON.stringify(captcha));
      }
      if (payload.includes(`"${CURRENT_VERSION}"`)) {
        const { version } = await this.t.db
          .selectFrom('applications')
          .select('version')
          .where('application_no', '=', this.known.applicationNo)
          .executeTakeFirstOrThrow();
        payload = payload.replaceAll(`"${CURRENT_VERSION}"`, String(version));
      }
      if (payload.includes(`"${CURRENT_CONTACT_VERSION}"`)) {
        const { version } = await this.t.db
          .selectFrom('contacts')
          .select('version')
          .where('contact_no', '=', this.known.contactNo)
          .executeTakeFirstOrThrow();
        payload = payload.replaceAll(`"${CURRENT_CONTACT_VERSION}"`, String(version));
      }
      // solving reads a challenge and the version is read, which store nothing; the watch starts from here
      await this.rows.changed();
    }
    return this.t.app.inject({ method: request.method, url: request.url, headers, payload });
  }

  /** The answer's status and what is wrong with it: its answer, or a row it stored though refused. */
  async answer(request: FuzzRequest): Promise<{ status: number; problem?: string }> {
    const response = await this.send(request);
    const stored = await this.rows.changed(REFUSAL_WRITES[request.endpoint]);
    const problem =
      answerProblem(response, request.endpoint) ??
      (refused(response) && stored.length > 0 ? `refused, yet stored: ${stored.join(', ')}` : undefined);
    // a logout ended the staff session: the next staff queries would stop at the 401
    if (response.cookies.some((cookie) => cookie.name === 'gi_staff' && cookie.value === '')) {
      await this.logIn();
    }
    return { status: response.statusCode, problem };
  }

  close(): Promise<void> {
    return this.t.close();
  }
}
