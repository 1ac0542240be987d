import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE, SAMPLE_QUOTE_REQUEST } from '../../machine-paths/contact/samples';
import { quoteRequestMessages } from '../../src/domain/api/contact';
import { messages } from '../../src/domain/messages';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';

const CONTACT_NO = /^CT\d{7}\d{5}$/;

describe('contact/submit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  const stored = async () => (await t.db.selectFrom('contacts').selectAll().execute()).length;

  async function submission(visitor: CartVisitor, over: Record<string, unknown> = {}) {
    return {
      requestId: randomUUID(),
      message: SAMPLE_CONTACT_MESSAGE,
      captcha: await visitor.captcha(),
      ...over,
    };
  }

  it('stores the message as typed and answers its 案件編號, time and reply day', async () => {
    const visitor = await CartVisitor.arrive(t);
    const body = await submission(visitor);
    const response = await visitor.api('contact/submit', body);
    expect(response.statusCode).toBe(200);
    const { returnCode, data } = response.json();
    expect(returnCode).toBe(0);
    expect(data.contactNo).toMatch(CONTACT_NO);
    expect(Date.parse(data.receivedAt)).toBeGreaterThan(Date.now() - 60_000);
    const row = await t.db
      .selectFrom('contacts')
      .selectAll()
      .where('contact_no', '=', data.contactNo)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      request_id: body.requestId,
      name: '陳美玲',
      company_name: '晴空軟體股份有限公司',
      tax_id: '12345675',
      mobile: '0912-345-678',
      phone: null,
      phone_ext: null,
      email: 'hr@example.com.tw',
      topic: 'quote',
      content: SAMPLE_CONTACT_MESSAGE.content,
      status: 'new',
      assignee: null,
      version: 0,
      quote_cover: null,
      quote_headcount: null,
    });
  });

  it('stores the tryout’s 請洽專人報價 with the cover priced and the head count, no price', async () => {
    const visitor = await CartVisitor.arrive(t);
    const response = await visitor.api(
      'contact/submit',
      await submission(visitor, { message: SAMPLE_QUOTE_REQUEST }),
    );
    expect(response.json().returnCode).toBe(0);
    const row = await t.db
      .selectFrom('contacts')
      .select(['quote_cover', 'quote_headcount', 'status'])
      .where('contact_no', '=', response.json().data.contactNo)
      .executeTakeFirstOrThrow();
    const { SHOPCART_CART_NO: _, ...cover } = SAMPLE_QUOTE_REQUEST.quote!.item;
    expect(row).toEqual({ quote_cover: cover, quote_headcount: 80, status: 'new' });
    expect(cover.PROD_LIST.map((line) => [line.PROD_ID, line.FACE_AMT])).toEqual([
      ['GTL', 1_000_000],
      ['GAD', 1_000_000],
      ['GAM', 30_000],
    ]);
  });

  const quoteWith = (over: { headcount?: number; lines?: (lines: unknown[]) => unknown[] }) => {
    const { item, headcount } = SAMPLE_QUOTE_REQUEST.quote!;
    return {
      ...SAMPLE_QUOTE_REQUEST,
      quote: {
        item: { ...item, PROD_LIST: over.lines ? over.lines(item.PROD_LIST) : item.PROD_LIST },
        headcount: over.headcount ?? headcount,
      },
    };
  };

  it.each([
    [
      'an amount beyond what the product insures',
      quoteWith({ lines: ([first, ...rest]) => [{ ...(first as object), FACE_AMT: 990_000_000 }, ...rest] }),
      '試算保障無法報價：團體一年定期壽險',
    ],
    [
      'a product the catalogue does not have',
      quoteWith({ lines: ([first, ...rest]) => [{ ...(first as object), PROD_ID: 'NOPE' }, ...rest] }),
      quoteRequestMessages.coverRefused(messages.cartUnknownProduct()),
    ],
    [
      '49 people, whom the trial prices online',
      quoteWith({ headcount: 49 }),
      '投保人數49人以下請直接於線上試算保費',
    ],
  ])('refuses a quote request with %s, stores nothing and spends no captcha', async (_, message, says) => {
    const visitor = await CartVisitor.arrive(t);
    const before = await stored();
    const captcha = await visitor.captcha();
    const response = await visitor.api('contact/submit', await submission(visitor, { message, captcha }));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ returnCode: 400, data: null });
    expect(response.json().msg).toContain(says);
    expect(await stored()).toBe(before);
    const again = await visitor.api('contact/submit', await submission(visitor, { captcha }));
    expect(again.json().returnCode).toBe(0);
  });

  it('answers within 2 working days: a message of Friday evening is answered by Tuesday', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    // Friday 2026-11-27 19:00 in Taipei
    vi.setSystemTime(new Date('2026-11-27T11:00:00Z'));
    const visitor = await CartVisitor.arrive(t);
    const { data } = (await visitor.api('contact/submit', await submission(visitor))).json();
    expect(data.replyBy).toBe('2026-12-01');
    expect(data.contactNo.slice(0, 9)).toBe('CT1151127');
  });

  it('numbers the day’s messages one after another', async () => {
    const visitor = await CartVisitor.arrive(t);
    const first = (await visitor.api('contact/submit', await submission(visitor))).json().data.contactNo;
    const second = (await visitor.api('contact/submit', await submission(visitor))).json().data.contactNo;
    expect(Number(second.slice(-5))).toBe(Number(first.slice(-5)) + 1);
  });

  it('answers a repeat of the same request id with the first receipt and stores nothing more', async () => {
    const visitor = await CartVisitor.arrive(t);
    const body = await submission(visitor);
    const first = (await visitor.api('contact/submit', body)).json();
    const before = await stored();
    const again = (await visitor.api('contact/submit', { ...body, captcha: await visitor.captcha() })).json();
    expect(again).toEqual(first);
    expect(await stored()).toBe(before);
  });

  it('treats another session’s request id as new: its captcha checked, its own receipt, none of the first', async () => {
    const first = await CartVisitor.arrive(t);
    const body = await submission(first);
    const receipt = (await first.api('contact/submit', body)).json();
    expect(receipt.returnCode).toBe(0);

    const stranger = await CartVisitor.arrive(t);
    const before = await stored();
    const replayed = await stranger.api('contact/submit', { ...body, captcha: 'x' });
    const unused = await stranger.api('contact/submit', { ...body, captcha: 'x', requestId: randomUUID() });
    expect([replayed.statusCode, replayed.json()]).toEqual([unused.statusCode, unused.json()]);
    expect(replayed.json()).toEqual({ returnCode: 400, data: null, msg: messages.captcha() });
    expect(replayed.body).not.toContain(receipt.data.contactNo);
    expect(await stored()).toBe(before);

    const own = (await stranger.api('contact/submit', { ...body, captcha: await stranger.captcha() })).json();
    expect(own.returnCode).toBe(0);
    expect(own.data.contactNo).toMatch(CONTACT_NO);
    expect(own.data.contactNo).not.toBe(receipt.data.contactNo);
    expect(await stored()).toBe(before + 1);
    // each session's repeat gets its own first receipt
    expect((await first.api('contact/submit', { ...body, captcha: 'x' })).json()).toEqual(receipt);
    expect((await stranger.api('contact/submit', { ...body, captcha: 'x' })).json()).toEqual(own);
    expect(await stored()).toBe(before + 1);
  });

  it.each([
    ['no name', { ...SAMPLE_CONTACT_MESSAGE, name: '' }, '姓名不可為空白'],
    ['neither phone', { ...SAMPLE_CONTACT_MESSAGE, mobile: undefined }, '手機號碼與市話請至少填寫一項'],
    ['a wrong 統一編號', { ...SAMPLE_CONTACT_MESSAGE, taxId: '12345678' }, '請輸入正確的統一編號'],
    ['no consent', { ...SAMPLE_CONTACT_MESSAGE, consent: false }, '請勾選個人資料蒐集告知事項'],
    ['an unknown topic', { ...SAMPLE_CONTACT_MESSAGE, topic: 'loan' }, '洽詢主題'],
    ['內容 over 1000', { ...SAMPLE_CONTACT_MESSAGE, content: '保'.repeat(501) }, '內容長度限制為1000'],
  ])('refuses %s with 400 naming the field, and stores nothing', async (_, message, says) => {
    const visitor = await CartVisitor.arrive(t);
    const before = await stored();
    const response = await visitor.api('contact/submit', await submission(visitor, { message }));
    expect(response.statusCode).toBe(400);
    expect(response.json().returnCode).toBe(400);
    expect(response.json().msg).toContain(says);
    expect(await stored()).toBe(before);
  });

  it('refuses a wrong captcha with 驗證碼錯誤 and stores nothing', async () => {
    const visitor = await CartVisitor.arrive(t);
    const before = await stored();
    const response = await visitor.api(
      'contact/submit',
      await submission(visitor, { captcha: 'bm90IGEgc29sdXRpb24=' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg: messages.captcha() });
    expect(await stored()).toBe(before);
  });

  it('refuses a captcha used once already', async () => {
    const visitor = await CartVisitor.arrive(t);
    const captcha = await visitor.captcha();
    expect((await visitor.api('contact/submit', await submission(visitor, { captcha }))).statusCode).toBe(
      200,
    );
    const reused = await visitor.api('contact/submit', await submission(visitor, { captcha }));
    expect(reused.json().msg).toBe(messages.captcha());
  });

  it('refuses a POST without the CSRF header and stores nothing', async () => {
    const visitor = await CartVisitor.arrive(t);
    const before = await stored();
    const response = await t.app.inject({
      method: 'POST',
      url: '/ODGAWeb/api/contact/submit',
      remoteAddress: visitor.address,
      headers: { cookie: visitor.jar.header() },
      payload: await submission(visitor),
    });
    expect(response.statusCode).toBe(403);
    expect(await stored()).toBe(before);
  });

  it('keeps the message’s personal data out of the logs', async () => {
    const lines: string[] = [];
    const logged = await createTestApp({ logger: { stream: { write: (line) => void lines.push(line) } } });
    try {
      const visitor = await CartVisitor.arrive(logged);
      await visitor.api('contact/submit', await submission(visitor));
      await visitor.api(
        'contact/submit',
        await submission(visitor, { message: { ...SAMPLE_CONTACT_MESSAGE, taxId: '1' } }),
      );
      const log = lines.join('\n');
      expect(log).toContain('contact/submit');
      for (const datum of ['陳美玲', '晴空軟體', '12345675', '0912-345-678', 'hr@example.com.tw', '保費'])
        expect(log).not.toContain(datum);
    } finally {
      await logged.close();
    }
  });
});
