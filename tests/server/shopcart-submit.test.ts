import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages } from '../../src/domain/messages';
import { addDays, taipeiDate } from '../../src/domain/roc-date';
import { createTestApp, type TestApp } from '../support/server';
import { ShopcartVisitor, storedCounts } from '../support/shopcart';
import { type Submission, validSubmission } from '../support/shopcart-input';

const APPLICATION_NO = /^GI\d{7}\d{5}$/;

/** A visitor with 基本型 in its cart. */
async function withBasic(t: TestApp): Promise<ShopcartVisitor> {
  const visitor = await ShopcartVisitor.arrive(t);
  await visitor.addPackage('BASIC');
  return visitor;
}

const serialOf = (applicationNo: string) => Number(applicationNo.slice(-5));

/** `path` of a submission set to `value` (a dotted path; `roster.0.name` reaches a row). */
function withField(body: Submission, path: string, value: unknown): Submission {
  const copy = structuredClone(body) as unknown as Record<string, unknown>;
  const keys = path.split('.');
  let target = copy as Record<string, unknown>;
  for (const key of keys.slice(0, -1)) target = target[key] as Record<string, unknown>;
  const last = keys.at(-1)!;
  if (value === undefined) delete target[last];
  else target[last] = value;
  return copy as unknown as Submission;
}

describe('shopcart/submitApplication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('stores the application, its items, roster and first event, answers the number and empties the cart', async () => {
    const visitor = await withBasic(t);
    const before = await storedCounts(t);
    const body = await visitor.submission();
    const response = await visitor.shopcart('submitApplication', body);
    expect(response.statusCode).toBe(200);
    const { returnCode, data, msg } = response.json();
    expect({ returnCode, msg }).toEqual({ returnCode: 0, msg: '' });
    expect(data.applicationNo).toMatch(APPLICATION_NO);
    expect(Date.parse(data.submittedAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(data.contactBy).toMatch(/^\d{4}-\d{2}-\d{2}$/);

    expect(await storedCounts(t)).toEqual({
      applications: before.applications + 1,
      items: before.items + 1,
      products: before.products + 3,
      roster: before.roster + 2,
      events: before.events + 1,
    });
    const stored = await t.db
      .selectFrom('applications')
      .selectAll()
      .select(sql<string>`to_char(start_date, 'YYYY-MM-DD')`.as('start'))
      .where('application_no', '=', data.applicationNo)
      .executeTakeFirstOrThrow();
    expect(stored).toMatchObject({
      request_id: body.requestId,
      session_id: visitor.sessionId,
      status: '已受理',
      company_name: '晴空軟體股份有限公司',
      tax_id: '12345675',
      mobile: '0912-345-678',
      headcount: 10,
      occupation_class: 1,
      average_age: 35,
      average_salary: null,
      start: body.applicant.startDate,
      age_min: 25,
      age_max: 55,
      // 基本型, 10 people, class 1, average age 35 (GTL band 35–39, NT$14 per 萬):
      // GTL 100萬 × 14 = 1,400 + GAD 100萬 × 8 = 800 + GAM 3萬 × 80 = 240 → 2,440 a person a year;
      // × 10 people × 0.95 (10–49) = 23,180 a year; monthly mode 2,440 × 0.95 × 0.088 = 203.98 → 204
      premium_annual: 23_180,
      premium_monthly_per_person: 204,
    });
    expect(new Date(stored.created_at).toISOString()).toBe(data.submittedAt);

    const events = await t.db
      .selectFrom('application_events')
      .select(['status', 'note'])
      .where('application_id', '=', stored.id)
      .execute();
    expect(events).toEqual([{ status: '已受理', note: null }]);
    const roster = await t.db
      .selectFrom('application_roster')
      .select(['row_no', 'name', 'person_id', sql<string>`to_char(birth_date, 'YYYY-MM-DD')`.as('birth')])
      .where('application_id', '=', stored.id)
      .orderBy('row_no')
      .execute();
    expect(roster).toEqual([
      { row_no: 1, name: '林小美', person_id: 'A123456789', birth: '1991-03-15' },
      { row_no: 2, name: '張大同', person_id: 'F131232798', birth: '1984-07-02' },
    ]);

    const cart = (await visitor.call('getCart')).json().data;
    expect(cart.CART_NO).toBe(visitor.cookieCartNo);
    expect(cart.CLASS_LIST).toEqual([]);
  });

  it('answers the 受理編號 GI + ROC yyyMMdd (Asia/Taipei) + serial of the day, and contact in 3 working days', async () => {
    const own = await createTestApp();
    try {
      // Saturday 2026-11-21 16:30 UTC is Sunday 2026-11-22 00:30 in Taipei: the number takes the Taipei day
      vi.useFakeTimers({ toFake: ['Date'] });
      vi.setSystemTime(new Date('2026-11-21T16:30:00Z'));
      const first = await withBasic(own);
      const second = await withBasic(own);
      const one = (await first.shopcart('submitApplication', await first.submission())).json().data;
      const two = (await second.shopcart('submitApplication', await second.submission())).json().data;
      expect(one).toEqual({
        applicationNo: 'GI115112200001',
        submittedAt: '2026-11-21T16:30:00.000Z',
        // Sunday → Mon 23, Tue 24, Wed 25
        contactBy: '2026-11-25',
        overprintToken: expect.stringMatching(/^[\w-]{40,}$/),
      });
      expect(two.applicationNo).toBe('GI115112200002');

      vi.setSystemTime(new Date('2026-11-22T16:00:00Z')); // Monday 2026-11-23 00:00 in Taipei
      const third = await withBasic(own);
      const next = (await third.shopcart('submitApplication', await third.submission())).json().data;
      expect(next).toMatchObject({ applicationNo: 'GI115112300001', contactBy: '2026-11-26' });
      const serials = await own.db
        .selectFrom('application_serials')
        .select([sql<string>`to_char(day, 'YYYY-MM-DD')`.as('day'), 'last'])
        .orderBy('day')
        .execute();
      expect(serials).toEqual([
        { day: '2026-11-22', last: 2 },
        { day: '2026-11-23', last: 1 },
      ]);
    } finally {
      vi.useRealTimers();
      await own.close();
    }
  });

  it('gives two flows two numbers with consecutive serials', async () => {
    const [a, b] = [await withBasic(t), await withBasic(t)];
    const one = (await a.shopcart('submitApplication', await a.submission())).json().data.applicationNo;
    const two = (await b.shopcart('submitApplication', await b.submission())).json().data.applicationNo;
    expect(two).not.toBe(one);
    expect(serialOf(two)).toBe(serialOf(one) + 1);
  });

  describe('idempotency: one flow is one application', () => {
    it('answers a resubmit (a retry after a timeout) with the first number and stores one', async () => {
      const visitor = await withBasic(t);
      const body = await visitor.submission();
      const first = (await visitor.shopcart('submitApplication', body)).json();
      const before = await storedCounts(t);
      const again = (await visitor.shopcart('submitApplication', body)).json();
      expect(again).toEqual(first);
      // a second tab of the flow: same request id, its own captcha
      const tab = (
        await visitor.shopcart('submitApplication', { ...body, captcha: await visitor.captcha() })
      ).json();
      expect(tab).toEqual(first);
      expect(await storedCounts(t)).toEqual(before);
    });

    it('stores one application for a double click (two requests at once)', async () => {
      const visitor = await withBasic(t);
      const before = await storedCounts(t);
      const body = await visitor.submission();
      const answers = await Promise.all([
        visitor.shopcart('submitApplication', body),
        visitor.shopcart('submitApplication', body),
      ]);
      const [one, two] = answers.map((answer) => answer.json());
      expect(one.returnCode).toBe(0);
      expect(two).toEqual(one);
      expect((await storedCounts(t)).applications).toBe(before.applications + 1);
    });
  });

  describe('a request id another session made: a new request, as for an id never used', () => {
    /** Company A applied: its submission and its answer (受理編號 and print link token). */
    async function companyA() {
      const visitor = await withBasic(t);
      const body = await visitor.submission();
      const answer = (await visitor.shopcart('submitApplication', body)).json();
      expect(answer.returnCode).toBe(0);
      return { visitor, body, answer };
    }

    it('checks a stranger’s captcha and body: A’s number and token are not answered', async () => {
      const a = await companyA();
      const stranger = await ShopcartVisitor.arrive(t);
      const before = await storedCounts(t);
      const replay = { ...a.body, roster: [], captcha: 'x' };
      const replayed = await stranger.shopcart('submitApplication', replay);
      const unused = await stranger.shopcart('submitApplication', { ...replay, requestId: randomUUID() });
      expect([replayed.statusCode, replayed.json()]).toEqual([unused.statusCode, unused.json()]);
      expect(replayed.statusCode).not.toBe(200);
      expect(replayed.body).not.toContain(a.answer.data.applicationNo);
      expect(replayed.body).not.toContain(a.answer.data.overprintToken);
      expect(await storedCounts(t)).toEqual(before);
    });

    it('stores a stranger’s valid submission as its own application; A’s repeat still gets A’s answer', async () => {
      const a = await companyA();
      const stranger = await withBasic(t);
      const before = await storedCounts(t);
      const replayed = await stranger.shopcart('submitApplication', {
        ...a.body,
        captcha: await stranger.captcha(),
      });
      expect(replayed.statusCode).toBe(200);
      const { returnCode, msg, data } = replayed.json();
      expect({ returnCode, msg }).toEqual({ returnCode: 0, msg: '' });
      expect(Object.keys(data).sort()).toEqual(Object.keys(a.answer.data).sort());
      expect(data.applicationNo).toMatch(APPLICATION_NO);
      expect(data.applicationNo).not.toBe(a.answer.data.applicationNo);
      expect(data.overprintToken).not.toBe(a.answer.data.overprintToken);
      expect((await storedCounts(t)).applications).toBe(before.applications + 1);
      const owners = await t.db
        .selectFrom('applications')
        .select(['application_no', 'session_id'])
        .where('request_id', '=', a.body.requestId)
        .orderBy('application_no')
        .execute();
      expect(owners).toEqual([
        { application_no: a.answer.data.applicationNo, session_id: a.visitor.sessionId },
        { application_no: data.applicationNo, session_id: stranger.sessionId },
      ]);

      // each session's repeat gets its own first answer, and stores nothing more
      const again = await a.visitor.shopcart('submitApplication', { ...a.body, captcha: 'x' });
      expect(again.json()).toEqual(a.answer);
      const strangerAgain = await stranger.shopcart('submitApplication', { ...a.body, captcha: 'x' });
      expect(strangerAgain.json()).toEqual(replayed.json());
      expect((await storedCounts(t)).applications).toBe(before.applications + 1);
    });
  });

  describe('captcha', () => {
    it('refuses a missing captcha (400), stores nothing', async () => {
      const visitor = await withBasic(t);
      const before = await storedCounts(t);
      const response = await visitor.shopcart('submitApplication', {
        ...validSubmission(),
        captcha: undefined,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ returnCode: 400, data: null, msg: '驗證碼不可為空白' });
      expect(await storedCounts(t)).toEqual(before);
    });

    it.each([
      ['not a payload', 'abc'],
      ['an unsolved challenge', Buffer.from('{"challenge":{},"solution":{}}').toString('base64')],
    ])(
      'refuses a wrong captcha (%s) with 驗證碼錯誤 alone, keeps the cart and the request id',
      async (_, captcha) => {
        const visitor = await withBasic(t);
        const before = await storedCounts(t);
        const body = { ...validSubmission(), captcha };
        const response = await visitor.shopcart('submitApplication', body);
        expect(response.statusCode).toBe(400);
        expect(response.json()).toEqual({ returnCode: 400, data: null, msg: messages.captcha() });
        expect(await storedCounts(t)).toEqual(before);
        expect((await visitor.call('getCart')).json().data.CLASS_LIST).toHaveLength(1);
        // the refusal did not use up the flow's request id
        const retry = await visitor.shopcart('submitApplication', {
          ...body,
          captcha: await visitor.captcha(),
        });
        expect(retry.json()).toMatchObject({
          returnCode: 0,
          data: { applicationNo: expect.stringMatching(APPLICATION_NO) },
        });
      },
    );

    it('refuses a replayed captcha: a solved challenge counts once', async () => {
      const [a, b] = [await withBasic(t), await withBasic(t)];
      const used = await a.captcha();
      expect(
        (await a.shopcart('submitApplication', { ...validSubmission(), captcha: used })).json().returnCode,
      ).toBe(0);
      const before = await storedCounts(t);
      const replay = await b.shopcart('submitApplication', { ...validSubmission(), captcha: used });
      expect(replay.statusCode).toBe(400);
      expect(replay.json().msg).toBe('驗證碼錯誤');
      expect(await storedCounts(t)).toEqual(before);
    });
  });

  describe('the cart', () => {
    it('refuses an empty cart (returnCode 1) and leaves the captcha unused', async () => {
      const visitor = await ShopcartVisitor.arrive(t);
      const before = await storedCounts(t);
      const body = await visitor.submission();
      const response = await visitor.shopcart('submitApplication', body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ returnCode: 1, data: null, msg: '購物車沒有保障項目，請先加入保障' });
      expect(await storedCounts(t)).toEqual(before);
      await visitor.addPackage('BASIC');
      const retry = await visitor.shopcart('submitApplication', body);
      expect(retry.json().returnCode).toBe(0);
    });

    it('refuses an item the catalogue no longer accepts, with the item error dialog', async () => {
      const own = await createTestApp();
      try {
        const visitor = await withBasic(own);
        // 團體傷害醫療保險金 now sold from 5萬: the cart's 3萬 is off the catalogue
        await own.db
          .updateTable('products')
          .set({ min_amount: 50_000 })
          .where('prod_id', '=', 'GAM')
          .execute();
        const response = await visitor.shopcart('submitApplication', await visitor.submission());
        expect(response.json()).toEqual({
          returnCode: 1,
          data: 'modalCartItemError',
          msg: messages.cartAmountRange('團體傷害醫療保險金', 50_000, 100_000),
        });
        expect((await storedCounts(own)).applications).toBe(0);
      } finally {
        await own.close();
      }
    });

    it('keeps the price it stored when the catalogue changes afterwards', async () => {
      const own = await createTestApp();
      try {
        const visitor = await withBasic(own);
        const { applicationNo } = (
          await visitor.shopcart('submitApplication', await visitor.submission())
        ).json().data;
        const copy = () =>
          own.db
            .selectFrom('applications as a')
            .innerJoin('application_items as i', 'i.application_id', 'a.id')
            .innerJoin('application_item_products as p', 'p.item_id', 'i.id')
            .select([
              'a.premium_annual',
              'i.class_title',
              'i.premium_annual as item_annual',
              'p.prod_id',
              'p.prod_name',
              'p.face_amt',
              'p.sum_insured',
              'p.rate',
              'p.rate_unit',
            ])
            .where('a.application_no', '=', applicationNo)
            .orderBy('p.order_seq')
            .execute();
        const before = await copy();
        expect(before).toEqual(
          [
            ['GTL', '團體一年定期壽險', 1_000_000, '14.00'],
            ['GAD', '團體傷害保險', 1_000_000, '8.00'],
            ['GAM', '團體傷害醫療保險金', 30_000, '80.00'],
          ].map(([prod_id, prod_name, amount, rate]) => ({
            premium_annual: 23_180,
            class_title: '基本型',
            item_annual: 23_180,
            prod_id,
            prod_name,
            face_amt: amount,
            sum_insured: amount,
            rate,
            rate_unit: 10_000,
          })),
        );

        await own.db.updateTable('premium_rates').set({ rate: sql`rate * 2` }).execute();
        await own.db.updateTable('products').set({ prod_name: '新商品名稱' }).execute();
        await own.db.updateTable('packages').set({ pack_name: '新方案' }).execute();
        expect(await copy()).toEqual(before);
      } finally {
        await own.close();
      }
    });
  });

  describe('every field wrong in turn: 400 naming it, nothing stored', () => {
    const today = () => taipeiDate(new Date());
    // a whole group missing names one of its fields; a city off the list fails its district too
    const cases: [string, unknown, string | RegExp][] = [
      ['requestId', 'not-a-uuid', '申請識別碼格式錯誤'],
      ['requestId', undefined, '申請識別碼不可為空白'],
      ['plan', undefined, /^(投保人數|職業類別|平均年齡)不可為空白$|^請選擇職業類別$/],
      ['plan.headcount', 4, '投保人數須介於5至49之間'],
      ['plan.headcount', 50, '投保人數須介於5至49之間'],
      ['plan.occupationClass', '7', '請選擇職業類別'],
      ['plan.averageAge', 'abc', '平均年齡必須為數字'],
      ['plan.averageAge', 66, '被保險人年齡須介於15至65歲'],
      ['applicant', undefined, /不可為空白$|^請選擇/],
      ['applicant.companyName', '', '要保單位名稱不可為空白'],
      ['applicant.companyName', '公'.repeat(41), '要保單位名稱長度限制為80'],
      ['applicant.taxId', '12345678', '請輸入正確的統一編號'],
      ['applicant.representative', '', '負責人不可為空白'],
      ['applicant.industry', 'Z', '請選擇行業類別'],
      ['applicant.city', '', /^請選擇(縣市|鄉鎮市區)$/],
      ['applicant.city', '火星市', /^請選擇(縣市|鄉鎮市區)$/],
      ['applicant.district', '', '請選擇鄉鎮市區'],
      ['applicant.street', '', '地址不可為空白'],
      ['applicant.contactName', '', '聯絡人不可為空白'],
      ['applicant.contactTitle', '', '聯絡人職稱不可為空白'],
      ['applicant.mobile', '0212345678', '請輸入正確的手機號碼'],
      ['applicant.phone', '12', '請輸入正確的電話號碼'],
      ['applicant.phoneExt', '12a', '分機必須為整數'],
      ['applicant.email', 'hr@', '請輸入正確的電子郵件地址'],
      ['applicant.headcount', 'x', '投保人數必須為數字'],
      ['applicant.totalSalary', 'x', '員工總月薪必須為數字'],
      ['applicant.maxSalary', 'x', '最高月薪必須為數字'],
      ['applicant.startDate', 'tomorrow', '日期錯誤'],
      ['applicant.startDate', 'T+13', '投保始期須為今日起第14天至第60天之間'],
      ['applicant.ageMin', 'x', '被保險人最低年齡必須為數字'],
      ['applicant.ageMax', 'x', '被保險人最高年齡必須為數字'],
      ['applicant.ageMax', 20, '被保險人最高年齡不可小於最低年齡'],
      ['roster', [{}], /^(姓名|身分證字號|出生日期)不可為空白$|^請選擇(性別|職業類別)$/],
      ['roster', 'A123456789', '被保險人名冊格式錯誤'],
      ['roster.0.name', '', '姓名不可為空白'],
      ['roster.0.personId', 'A123456780', '請輸入正確的身分證字號'],
      ['roster.0.birthDate', '1990-02-30', '出生日期格式錯誤'],
      ['roster.0.gender', 'X', '請選擇性別'],
      ['roster.1.occupationClass', '0', '請選擇職業類別'],
      ['consent', false, '請勾選個人資料告知事項'],
      ['consent', undefined, '請勾選個人資料告知事項'],
    ];

    it.each(cases)('%s = %j', async (path, value, message) => {
      // a visitor each: 40 submits would pass one session's 30 writes a minute
      const visitor = await withBasic(t);
      const before = await storedCounts(t);
      const given = value === 'T+13' ? addDays(today(), 13) : value;
      const body = withField({ ...validSubmission(), captcha: 'unread' }, path, given);
      const response = await visitor.shopcart('submitApplication', body);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ returnCode: 400, data: null, msg: expect.stringMatching(message) });
      expect(await storedCounts(t)).toEqual(before);
    });

    it('refuses each salary a salary-multiple cart needs, then stores the complete application', async () => {
      const salaried = await ShopcartVisitor.arrive(t);
      await salaried.addPackage('ADVANCED');
      const base = await salaried.submission();
      let complete = withField(base, 'plan.averageSalary', 50_000);
      complete = withField(complete, 'applicant.totalSalary', 50);
      complete = withField(complete, 'applicant.maxSalary', 8);
      complete = withField(complete, 'roster', [
        { ...base.roster[0], monthlySalary: 48_000 },
        { ...base.roster[1], monthlySalary: 52_000 },
      ]);
      const before = await storedCounts(t);
      for (const [path, value, message] of [
        ['plan.averageSalary', undefined, '平均月薪不可為空白'],
        ['plan.averageSalary', 200_001, '平均月薪須介於1至200000之間'],
        ['applicant.totalSalary', undefined, '員工總月薪不可為空白'],
        ['applicant.totalSalary', 210, '員工月薪總額超過上限'],
        ['applicant.maxSalary', undefined, '最高月薪不可為空白'],
        ['applicant.maxSalary', 21, '月薪上限20萬'],
        ['roster.0.monthlySalary', undefined, '月投保薪資不可為空白'],
      ] as const) {
        const answer = await salaried.shopcart('submitApplication', withField(complete, path, value));
        expect([path, answer.statusCode, answer.json().msg]).toEqual([path, 400, message]);
      }
      expect(await storedCounts(t)).toEqual(before);

      const answer = (await salaried.shopcart('submitApplication', complete)).json();
      expect(answer.returnCode).toBe(0);
      const stored = await t.db
        .selectFrom('applications')
        .select(['average_salary', 'total_salary', 'max_salary', 'premium_annual'])
        .where('application_no', '=', answer.data.applicationNo)
        .executeTakeFirstOrThrow();
      // 進階型 at 10 people, class 1, age 35, average salary 50,000:
      // GTL 月薪 × 24 = 1,200,000 → 120萬 × 14 = 1,680; GAD 300萬 × 8 = 2,400; GAM 5萬 × 80 = 400;
      // GHR 10萬 at 35–39 × 244 = 2,440 → 6,920 a person; × 10 × 0.95 = 65,740 a year
      expect(stored).toEqual({
        average_salary: 50_000,
        total_salary: '50',
        max_salary: '8',
        premium_annual: 65_740,
      });
    });
  });
});

describe('shopcart/findApplication', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());

  it('answers what the flow’s submit stored, only to its own session, and refuses a request id with none', async () => {
    const visitor = await withBasic(t);
    const body = await visitor.submission();
    const unsent = (await visitor.shopcart('findApplication', { requestId: body.requestId })).json();
    expect(unsent).toEqual({ returnCode: 1, data: null, msg: messages.applicationNotReceived() });

    const submitted = (await visitor.shopcart('submitApplication', body)).json().data;
    const found = await visitor.shopcart('findApplication', { requestId: body.requestId });
    expect([found.statusCode, found.json()]).toEqual([200, { returnCode: 0, data: submitted, msg: '' }]);

    const stranger = await ShopcartVisitor.arrive(t);
    const other = (await stranger.shopcart('findApplication', { requestId: body.requestId })).json();
    expect(other).toEqual({ returnCode: 1, data: null, msg: messages.applicationNotReceived() });

    const malformed = await visitor.shopcart('findApplication', { requestId: 'not-a-uuid' });
    expect([malformed.statusCode, malformed.json().returnCode]).toEqual([400, 400]);
  });
});
