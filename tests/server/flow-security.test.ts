import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_BASE, CSRF_COOKIE, CSRF_HEADER } from '../../src/domain/envelope';
import { VALID_INPUT } from '../support/api-fuzz';
import { addStaff, createTestApp, type TestApp } from '../support/server';
import { type Applied, applyForBasic, ShopcartVisitor } from '../support/shopcart';
import { validSubmission } from '../support/shopcart-input';
import { changedTables, countRows, tableNames } from '../support/table-rows';

// The flows' endpoints under attack (issue: bad input, faults and load): a write without the page's CSRF
// token, a solved captcha sent twice, guessed identifiers, and the print link's token altered, expired
// or used past its time. Each refusal is checked against every table's rows: nothing stored.

const FORBIDDEN = { returnCode: 403, data: null, msg: '安全驗證失敗，請重新整理頁面後再試' };
const CAPTCHA_REFUSED = { status: 400, msg: '驗證碼錯誤' };
const ANALYST = { name: 'security.analyst', password: 'a long analyst password' };
const TAX_ID = '12345675';
const PHONE = '0912345678';

/** The token with one character changed in its high bits, so the bytes it stands for change too. */
const altered = (token: string, at: number) =>
  token.slice(0, at) + (token[at] === 'A' ? 'g' : 'A') + token.slice(at + 1);

describe('the flows’ endpoints refuse what a page of ours would not send', () => {
  let t: TestApp;
  let tables: string[];
  beforeAll(async () => {
    t = await createTestApp();
    tables = await tableNames(t.db);
    await addStaff(t.db, ANALYST.name, ANALYST.password);
  }, 120_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const rows = () => countRows(t.db, tables);

  /** A company that applied, with 基本型 in its cart again: every flow of the site is open to it. */
  async function scene(): Promise<Applied> {
    const applied = await applyForBasic(t);
    await applied.visitor.addPackage('BASIC');
    return applied;
  }

  /** What each flow's page posts, accepted as it is; `captcha` a solved one (for the flows that check one). */
  const BODIES: Record<string, (s: Applied, captcha: string) => object> = {
    'shopcart/estimate': () => VALID_INPUT[`${API_BASE}/shopcart/estimate`]!,
    'shopcart/submitApplication': (_, captcha) => ({ ...validSubmission(), captcha }),
    'tryout/quote': () => VALID_INPUT[`${API_BASE}/tryout/quote`]!,
    'overprint/lookup': (s, captcha) => ({
      applicationNo: s.applicationNo,
      taxId: TAX_ID,
      contactPhone: PHONE,
      captcha,
    }),
    'DTODGAZ0/getDecryptData': (s) => ({ token: s.linkToken, applicationNo: s.applicationNo }),
    'overprint/document': (s) => ({ token: s.linkToken, documents: ['form', 'roster'] }),
    'progress/query': (s, captcha) => ({ applicationNo: s.applicationNo, taxId: TAX_ID, captcha }),
    'contact/submit': (_, captcha) => ({
      ...VALID_INPUT[`${API_BASE}/contact/submit`]!,
      requestId: randomUUID(),
      captcha,
    }),
    'staff/login': () => ANALYST,
    'staff/logout': () => ({}),
    'trace/transitions': () => VALID_INPUT[`${API_BASE}/trace/transitions`]!,
  };
  const CAPTCHA_FLOWS = [
    'shopcart/submitApplication',
    'contact/submit',
    'overprint/lookup',
    'progress/query',
  ];

  /** Served: the envelope with returnCode 0, or the PDF for overprint/document. */
  const expectServed = (response: Awaited<ReturnType<Applied['visitor']['api']>>) => {
    expect(response.statusCode).toBe(200);
    if (String(response.headers['content-type']).startsWith('application/pdf')) return;
    expect({ returnCode: response.json().returnCode, msg: response.json().msg }).toEqual({
      returnCode: 0,
      msg: '',
    });
  };

  describe('CSRF', () => {
    it.each(Object.keys(BODIES))(
      '%s: refused without the token, with an altered one and with another visitor’s; stores nothing, spends no captcha',
      async (path) => {
        const s = await scene();
        const { visitor } = s;
        // logout is refused while the analyst stays logged in
        if (path === 'staff/logout') expectServed(await visitor.api('staff/login', ANALYST));
        const body = BODIES[path]!(s, await visitor.captcha());
        const own = visitor.jar.get(CSRF_COOKIE) ?? '';
        const another = (await t.newVisitor()).get(CSRF_COOKIE) ?? '';
        expect(another).not.toBe(own);

        const before = await rows();
        for (const token of [undefined, altered(own, 5), another]) {
          const response = await t.app.inject({
            method: 'POST',
            url: `${API_BASE}/${path}`,
            remoteAddress: visitor.address,
            headers: {
              cookie: visitor.jar.header(),
              ...(token === undefined ? {} : { [CSRF_HEADER]: token }),
            },
            payload: body,
          });
          expect({ token, status: response.statusCode }).toEqual({ token, status: 403 });
          expect(response.json()).toEqual(FORBIDDEN);
          expect(response.cookies.map((cookie) => cookie.name)).not.toContain('gi_staff');
        }
        expect(changedTables(before, await rows())).toEqual([]);
        if (path === 'staff/logout') expectServed(await visitor.read('staff/me'));
        // the same request with the page's token is served: the refusals spent nothing, the captcha included
        expectServed(await visitor.api(path, body));
      },
    );
  });

  describe('captcha: a solved one counts once, on whichever flow', () => {
    it.each(CAPTCHA_FLOWS)('%s refuses the captcha the second time, and stores nothing', async (path) => {
      const s = await scene();
      const captcha = await s.visitor.captcha();
      expectServed(await s.visitor.api(path, BODIES[path]!(s, captcha)));
      // the flow again, as new (a new request id; the cart, emptied by the application, filled again)
      if (path === 'shopcart/submitApplication') await s.visitor.addPackage('BASIC');
      const before = await rows();
      const again = await s.visitor.api(path, BODIES[path]!(s, captcha));
      expect({ status: again.statusCode, msg: again.json().msg }).toEqual(CAPTCHA_REFUSED);
      expect(changedTables(before, await rows())).toEqual([]);
    });

    it('refuses on every other flow a captcha spent on the contact form', async () => {
      const s = await scene();
      const captcha = await s.visitor.captcha();
      expectServed(await s.visitor.api('contact/submit', BODIES['contact/submit']!(s, captcha)));
      const before = await rows();
      for (const path of CAPTCHA_FLOWS.filter((flow) => flow !== 'contact/submit')) {
        const response = await s.visitor.api(path, BODIES[path]!(s, captcha));
        expect({ path, status: response.statusCode, msg: response.json().msg }).toEqual({
          path,
          ...CAPTCHA_REFUSED,
        });
      }
      expect(changedTables(before, await rows())).toEqual([]);
    });
  });

  describe('lockout of guessed identifiers', () => {
    it('locks a 受理編號 after 5 wrong progress queries, for the overprint too; a locked try spends no captcha', async () => {
      const s = await scene();
      const wrong = async () =>
        (
          await s.visitor.api('progress/query', {
            ...BODIES['progress/query']!(s, await s.visitor.captcha()),
            taxId: '04595257',
          })
        ).json().data;
      const answers = [];
      for (let i = 0; i < 5; i++) answers.push(await wrong());
      expect(answers).toEqual([
        'lookupMismatch',
        'lookupMismatch',
        'lookupMismatch',
        'lookupMismatch',
        'lookupLocked',
      ]);

      const captcha = await s.visitor.captcha();
      for (const path of ['progress/query', 'overprint/lookup']) {
        // the right identifiers now
        expect((await s.visitor.api(path, BODIES[path]!(s, captcha))).json().data).toBe('lookupLocked');
      }
      // the lock answered before the captcha was looked at: it is still good for the contact form
      expectServed(await s.visitor.api('contact/submit', BODIES['contact/submit']!(s, captcha)));
    });
  });

  describe('the overprint’s sealed tokens', () => {
    it('a visit’s token prints until it expires; replayed after, it opens and prints nothing', async () => {
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-24T06:00:00Z'));
      const s = await scene();
      const lookup = await s.visitor.api(
        'overprint/lookup',
        BODIES['overprint/lookup']!(s, await s.visitor.captcha()),
      );
      const { token, expiresAt } = lookup.json().data;
      expect(Date.parse(expiresAt)).toBe(Date.parse('2026-11-24T06:30:00Z'));
      const print = () => s.visitor.api('overprint/document', { token, documents: ['form'] });
      expectServed(await print());

      vi.setSystemTime(new Date(Date.parse(expiresAt) + 1_000));
      const late = await print();
      expect(late.headers['content-type']).toContain('application/json');
      expect(late.json().data).toBe('tokenExpired');
      const opened = await s.visitor.api('DTODGAZ0/getDecryptData', {
        token,
        applicationNo: s.applicationNo,
      });
      expect(opened.json()).toMatchObject({ returnCode: 1, data: 'tokenExpired' });
    });

    it('prints nothing for a print link altered in any one character', async () => {
      const s = await scene();
      const token = s.linkToken;
      expectServed(await s.visitor.api('overprint/document', { token, documents: ['form'] }));
      for (let at = 0; at < token.length; at++) {
        const response = await s.visitor.api('overprint/document', {
          token: altered(token, at),
          documents: ['form'],
        });
        expect({ at, type: response.headers['content-type'] }).toEqual({
          at,
          type: 'application/json; charset=utf-8',
        });
        expect(response.json().data).toBe('tokenInvalid');
      }
    });

    it('opens a visit’s token for its own 受理編號 only', async () => {
      const first = await scene();
      const second = await scene();
      const lookup = await first.visitor.api(
        'overprint/lookup',
        BODIES['overprint/lookup']!(first, await first.visitor.captcha()),
      );
      const { token } = lookup.json().data;
      const open = (applicationNo: string) =>
        first.visitor.api('DTODGAZ0/getDecryptData', { token, applicationNo }).then((r) => r.json());
      expect((await open(first.applicationNo)).returnCode).toBe(0);
      expect(await open(second.applicationNo)).toMatchObject({ returnCode: 1, data: 'tokenInvalid' });
    });
  });

  describe('a refusal stores nothing', () => {
    it('a first insertCart refused (an amount off the product’s steps) makes no cart for the session', async () => {
      const visitor = await ShopcartVisitor.arrive(t);
      const valid = VALID_INPUT[`${API_BASE}/DTODGAZ0/insertCart`] as { PROD_LIST: object[] };
      const offStep = { ...valid, PROD_LIST: [{ ...valid.PROD_LIST[0], FACE_AMT: 1_000_001 }] };
      const before = await rows();
      const refused = await visitor.call('insertCart', offStep);
      expect(refused.json()).toMatchObject({ returnCode: 1, data: 'modalCartItemError' });
      expect(changedTables(before, await rows())).toEqual([]);
      expectServed(await visitor.call('insertCart', valid));
    });
  });

  describe('rate limits on the captcha’s flows (docs/design.md: captcha-protected endpoints are limited)', () => {
    it.each(CAPTCHA_FLOWS)('%s: the 31st try of a visitor in a minute answers 429', async (path) => {
      const visitor = await ShopcartVisitor.arrive(t);
      const statuses = [];
      for (let i = 1; i <= 31; i++) statuses.push((await visitor.api(path, {})).statusCode);
      expect(statuses).toEqual([...Array<number>(30).fill(400), 429]);
    });
  });
});
