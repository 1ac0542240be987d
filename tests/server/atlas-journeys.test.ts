import { Settings } from 'luxon';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TraceStep } from '../../src/domain/api/atlas';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';
import { signedInStaff } from '../support/staff-visitor';

/*
 * Issue 37, question 1 (訪客旅程): the visitors of a period of Taipei days, newest first, each with its
 * anonymous id, first and last time, how many transitions and which machines; and one visitor's every
 * transition, across machines, in the order taken. The traces arrive as the visitors' flows send them,
 * through POST trace/transitions, at times set by the test's clock (the server stamps each step with its
 * time less `ago`). Taipei is UTC+8: its 2026-03-01 runs from 2026-02-28T16:00Z up to 2026-03-01T16:00Z.
 */

const NOT_SIGNED_IN = { returnCode: 401, data: null, msg: '請先登入員工帳號' };
const NOT_PERMITTED = { returnCode: 403, data: null, msg: '您沒有使用此功能的權限' };

type Step = Omit<TraceStep, 'ago'> & { ago?: number };
const step = (machine: TraceStep['machine'], from: string, event: string, to: string, ago = 0): Step => ({
  machine,
  from,
  event,
  to,
  ago,
});

let t: TestApp;
let analyst: CartVisitor;
/** the visitor who adds a package and applies, and one who accepts cookies and sends the contact form */
let applicant: CartVisitor;
let writer: CartVisitor;
let applicantId: string;
let writerId: string;

/** The visitor's steps sent as its flows send them, the server's clock at `at`. */
async function send(visitor: CartVisitor, at: string, steps: Step[]): Promise<void> {
  vi.setSystemTime(new Date(at));
  const response = await visitor.api('trace/transitions', {
    steps: steps.map((s) => ({ ago: 0, ...s })),
  });
  expect(response.json()).toEqual({ returnCode: 0, data: null, msg: '' });
}

/** The anonymous id the server stored the visitor's last step under (as the database holds it). */
async function storedId(): Promise<string> {
  const { visitor } = await t.db
    .selectFrom('machine_traces')
    .select('visitor')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirstOrThrow();
  return visitor;
}

beforeAll(async () => {
  t = await createTestApp();
  ({ visitor: analyst } = await signedInStaff(t, ['analyst'], 'journey.analyst'));
  applicant = await CartVisitor.arrive(t);
  writer = await CartVisitor.arrive(t);
  vi.useFakeTimers({ toFake: ['Date'] });
  try {
    // Taipei 2026-02-28 23:59:59: the writer accepts the cookies
    await send(writer, '2026-02-28T15:59:59Z', [step('consent', 'asking', 'consent.accept', 'saving')]);
    writerId = await storedId();
    // Taipei 2026-03-01 00:00:00 to 00:00:03: the applicant's cart loads, a package goes in, STEP1 is confirmed
    await send(applicant, '2026-02-28T16:00:03Z', [
      step('cart', 'loading', 'xstate.done.actor.loadCart', 'ready', 3000),
      step('cart', 'ready', 'cart.add', 'adding', 2000),
      step('cart', 'adding', 'xstate.done.actor.addItem', 'ready', 1000),
      step('shopcart', 'cart', 'plan.confirm', 'details', 0),
    ]);
    applicantId = await storedId();
    // Taipei 2026-03-01 11:00: the writer sends the contact form
    await send(writer, '2026-03-01T03:00:00Z', [step('contact', 'editing', 'form.submit', 'submitting')]);
    // Taipei 2026-03-01 23:59:59.999: STEP2 confirmed
    await send(applicant, '2026-03-01T15:59:59.999Z', [
      step('shopcart', 'details', 'applicant.confirm', 'review.answered'),
    ]);
    // Taipei 2026-03-02 00:00:00: sent and answered, two steps of one batch at one time
    await send(applicant, '2026-03-01T16:00:00Z', [
      step('shopcart', 'review.answered', 'application.submit', 'review.submitting'),
      step('shopcart', 'review.submitting', 'xstate.done.actor.submitApplication', 'done'),
    ]);
  } finally {
    vi.useRealTimers();
  }
}, 60_000);
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const list = (query: string) => analyst.read(`atlas/journeys?${query}`);
const journey = (visitor: string) => analyst.read(`atlas/journeys/${visitor}`);

describe('GET atlas/journeys: the visitors of a period', () => {
  it('stores the two visitors under two anonymous ids of 16 hex digits', () => {
    expect(applicantId).toMatch(/^[0-9a-f]{16}$/);
    expect(writerId).toMatch(/^[0-9a-f]{16}$/);
    expect(applicantId).not.toBe(writerId);
  });

  it('lists each visitor of one Taipei day, the latest last transition first, with what they did that day', async () => {
    const response = await list('from=2026-03-01&to=2026-03-01');
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      returnCode: 0,
      msg: '',
      data: {
        from: '2026-03-01',
        to: '2026-03-01',
        machine: null,
        page: 1,
        pageSize: 20,
        total: 2,
        visitors: [
          {
            visitor: applicantId,
            firstAt: '2026-02-28T16:00:00.000Z',
            lastAt: '2026-03-01T15:59:59.999Z',
            transitions: 5,
            machines: ['cart', 'shopcart'],
          },
          {
            visitor: writerId,
            firstAt: '2026-03-01T03:00:00.000Z',
            lastAt: '2026-03-01T03:00:00.000Z',
            transitions: 1,
            machines: ['contact'],
          },
        ],
      },
    });
  });

  it('counts only the period’s own transitions, whole Taipei days at both ends', async () => {
    const next = (await list('from=2026-03-02&to=2026-03-02')).json().data;
    expect(next.visitors).toEqual([
      {
        visitor: applicantId,
        firstAt: '2026-03-01T16:00:00.000Z',
        lastAt: '2026-03-01T16:00:00.000Z',
        transitions: 2,
        machines: ['shopcart'],
      },
    ]);
    const before = (await list('from=2026-02-28&to=2026-02-28')).json().data;
    expect(before).toMatchObject({ total: 1, visitors: [{ visitor: writerId, transitions: 1 }] });
    expect(before.visitors[0].machines).toEqual(['consent']);

    const three = (await list('from=2026-02-28&to=2026-03-02')).json().data;
    expect(three.total).toBe(2);
    expect(three.visitors.map((v: { visitor: string }) => v.visitor)).toEqual([applicantId, writerId]);
    expect(three.visitors[0]).toMatchObject({ transitions: 7, lastAt: '2026-03-01T16:00:00.000Z' });
    // the machines in the order first taken: the cookies on the 28th, the contact form on the 1st
    expect(three.visitors[1]).toMatchObject({
      transitions: 2,
      firstAt: '2026-02-28T15:59:59.000Z',
      machines: ['consent', 'contact'],
    });
  });

  it('lists only the visitors who took a transition of the machine asked, in that period', async () => {
    const shopcart = (await list('from=2026-02-28&to=2026-03-02&machine=shopcart')).json().data;
    expect(shopcart).toMatchObject({ machine: 'shopcart', total: 1 });
    // the visitor's every machine of the period, not only the one asked
    expect(shopcart.visitors).toEqual([
      expect.objectContaining({ visitor: applicantId, machines: ['cart', 'shopcart'] }),
    ]);
    const contact = (await list('from=2026-03-01&to=2026-03-01&machine=contact')).json().data;
    expect(contact.visitors.map((v: { visitor: string }) => v.visitor)).toEqual([writerId]);
    // the cookies were accepted on the 28th, the cart used on the 1st: neither on the day asked
    for (const query of [
      'from=2026-03-01&to=2026-03-01&machine=consent',
      'from=2026-03-02&to=2026-03-02&machine=cart',
    ]) {
      const data = (await list(query)).json().data;
      expect({ query, total: data.total, visitors: data.visitors }).toEqual({
        query,
        total: 0,
        visitors: [],
      });
    }
    // an empty machine is none
    expect((await list('from=2026-03-01&to=2026-03-01&machine=')).json().data.total).toBe(2);
  });

  it('answers a period without traces with no visitors', async () => {
    const response = await list('from=2025-01-01&to=2025-01-31');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toEqual({
      from: '2025-01-01',
      to: '2025-01-31',
      machine: null,
      page: 1,
      pageSize: 20,
      total: 0,
      visitors: [],
    });
  });

  it('gives the anonymous id only: never the session, its cookie, nor what the flows carried', async () => {
    const body = (await list('from=2026-02-28&to=2026-03-02')).body;
    for (const visitor of [applicant, writer]) {
      expect(body).not.toContain(visitor.sessionId);
      expect(body).not.toContain(visitor.jar.get('gi_sid')!);
      expect(body).not.toContain(visitor.sessionId.replaceAll('-', '').slice(0, 16));
    }
  });

  it('pages 20 visitors at a time, newest first', async () => {
    const day = '2026-04-01';
    vi.useFakeTimers({ toFake: ['Date'] });
    const ids: string[] = [];
    for (let i = 0; i < 21; i += 1) {
      // Taipei 2026-04-01 09:00, a minute apart
      await send(await CartVisitor.arrive(t), new Date(Date.UTC(2026, 3, 1, 1, i)).toISOString(), [
        step('tryout', 'step1', 'cover.confirm', 'step2'),
      ]);
      ids.push(await storedId());
    }
    vi.useRealTimers();
    const first = (await list(`from=${day}&to=${day}`)).json().data;
    expect(first).toMatchObject({ page: 1, pageSize: 20, total: 21 });
    expect(first.visitors.map((v: { visitor: string }) => v.visitor)).toEqual(ids.slice(1).reverse());
    const second = (await list(`from=${day}&to=${day}&page=2`)).json().data;
    expect(second).toMatchObject({ page: 2, total: 21 });
    expect(second.visitors.map((v: { visitor: string }) => v.visitor)).toEqual([ids[0]]);
    expect((await list(`from=${day}&to=${day}&page=3`)).json().data).toMatchObject({
      total: 21,
      visitors: [],
    });
  });

  // The tests' own zone is Taipei (tests/support/setup-node.ts); a server's clock is usually UTC.
  it('takes Taipei days on a server whose zone is UTC', async () => {
    const zone = Settings.defaultZone;
    Settings.defaultZone = 'UTC';
    try {
      const day = (await list('from=2026-03-01&to=2026-03-01')).json().data;
      expect(day.visitors.map((v: { transitions: number }) => v.transitions)).toEqual([5, 1]);
      const next = (await list('from=2026-03-02&to=2026-03-02')).json().data;
      expect(next.visitors.map((v: { visitor: string }) => v.visitor)).toEqual([applicantId]);
    } finally {
      Settings.defaultZone = zone;
    }
  });

  it.each([
    ['no start', 'to=2026-03-01', '起日不可為空白'],
    ['no end', 'from=2026-03-01', '迄日不可為空白'],
    ['93 days', 'from=2026-01-01&to=2026-04-03', '起日至迄日最長 92 天'],
    ['from after to', 'from=2026-03-02&to=2026-03-01', '起日不可晚於迄日'],
    ['a day no calendar has', 'from=2026-02-30&to=2026-03-01', '起日格式錯誤'],
    ['a day in another format', 'from=2026-03-01&to=2026/03/02', '迄日格式錯誤'],
    ['an unknown machine', 'from=2026-03-01&to=2026-03-01&machine=payroll', '流程格式錯誤'],
    [
      'a staff machine, which no visitor traces',
      'from=2026-03-01&to=2026-03-01&machine=application',
      '流程格式錯誤',
    ],
    ['page 0', 'from=2026-03-01&to=2026-03-01&page=0', '頁碼不可小於1'],
    ['a page that is no number', 'from=2026-03-01&to=2026-03-01&page=two', '頁碼必須為整數'],
  ])('refuses %s with 400 in Chinese', async (_, query, msg) => {
    const response = await list(query);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg });
  });
});

describe('GET atlas/journeys/:visitor: one visitor’s every transition', () => {
  it('answers every transition of the visitor, across machines and days, in the order taken', async () => {
    const response = await journey(applicantId);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      returnCode: 0,
      msg: '',
      data: {
        visitor: applicantId,
        total: 7,
        transitions: [
          {
            at: '2026-02-28T16:00:00.000Z',
            machine: 'cart',
            from: 'loading',
            event: 'xstate.done.actor.loadCart',
            to: 'ready',
          },
          { at: '2026-02-28T16:00:01.000Z', machine: 'cart', from: 'ready', event: 'cart.add', to: 'adding' },
          {
            at: '2026-02-28T16:00:02.000Z',
            machine: 'cart',
            from: 'adding',
            event: 'xstate.done.actor.addItem',
            to: 'ready',
          },
          {
            at: '2026-02-28T16:00:03.000Z',
            machine: 'shopcart',
            from: 'cart',
            event: 'plan.confirm',
            to: 'details',
          },
          {
            at: '2026-03-01T15:59:59.999Z',
            machine: 'shopcart',
            from: 'details',
            event: 'applicant.confirm',
            to: 'review.answered',
          },
          {
            at: '2026-03-01T16:00:00.000Z',
            machine: 'shopcart',
            from: 'review.answered',
            event: 'application.submit',
            to: 'review.submitting',
          },
          {
            at: '2026-03-01T16:00:00.000Z',
            machine: 'shopcart',
            from: 'review.submitting',
            event: 'xstate.done.actor.submitApplication',
            to: 'done',
          },
        ],
      },
    });
  });

  it('answers the other visitor’s transitions only', async () => {
    const { data } = (await journey(writerId)).json();
    expect(data.transitions).toEqual([
      {
        at: '2026-02-28T15:59:59.000Z',
        machine: 'consent',
        from: 'asking',
        event: 'consent.accept',
        to: 'saving',
      },
      {
        at: '2026-03-01T03:00:00.000Z',
        machine: 'contact',
        from: 'editing',
        event: 'form.submit',
        to: 'submitting',
      },
    ]);
    expect(data.total).toBe(2);
  });

  it('answers 404 to an id no trace carries', async () => {
    const response = await journey('0123456789abcdef');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ returnCode: 404, data: null, msg: '查無此訪客的旅程' });
  });

  it.each([
    ['upper-case hex', () => applicantId.toUpperCase()],
    ['15 digits', () => applicantId.slice(1)],
    ['17 digits', () => `${applicantId}0`],
    ['not hex', () => 'ghijklmnopqrstuv'],
    ['the session id itself', () => applicant.sessionId],
    ['a space', () => '%20'],
  ])('refuses an id of %s with 400, naming the field', async (_, id) => {
    const response = await journey(id());
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ returnCode: 400, data: null, msg: '訪客代號格式錯誤' });
  });
});

describe('the journeys to anyone but an analyst', () => {
  const urls = () => ['atlas/journeys?from=2026-03-01&to=2026-03-01', `atlas/journeys/${applicantId}`];

  it('answers 401 without a staff session, before looking at the query', async () => {
    for (const url of [...urls(), 'atlas/journeys?machine=x', 'atlas/journeys/x']) {
      const response = await applicant.read(url);
      expect({ url, status: response.statusCode, body: response.json() }).toEqual({
        url,
        status: 401,
        body: NOT_SIGNED_IN,
      });
    }
  });

  it.each([['service'], ['underwriter'], ['admin']] as const)(
    'answers 403 to staff with the %s role alone',
    async (role) => {
      const { visitor } = await signedInStaff(t, [role], `journey.${role}`);
      for (const url of urls()) {
        const response = await visitor.read(url);
        expect({ url, status: response.statusCode, body: response.json() }).toEqual({
          url,
          status: 403,
          body: NOT_PERMITTED,
        });
      }
    },
  );
});
