import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { sealToken } from '../../src/server/overprint/sealed-token';
import { deriveSessionKeys } from '../../src/server/session-keys';
import { createTestApp, type TestApp } from '../support/server';
import { applyForBasic as apply, ShopcartVisitor } from '../support/shopcart';

// The overprint's and the progress check's calls (issue 12): no answer gives an application's data without
// its identifiers or a token the server sealed for it; wrong identifiers get one message, never which part
// was wrong; 5 wrong tries on a 受理編號 in 15 minutes, or 20 from one client in an hour, lock further tries.

const MISMATCH = '查無符合的申請資料，請確認受理編號、統一編號與聯絡手機都與申請時填寫的相同';
const PROGRESS_MISMATCH = '查無符合的申請資料，請確認受理編號與統一編號都與申請時填寫的相同';
const INVALID_LINK = '此列印連結無法使用，請以受理編號、統一編號與聯絡手機查詢申請';
const EXPIRED_LINK = '此列印連結已逾期，請以受理編號、統一編號與聯絡手機查詢申請';
const locked = (minutes: number) =>
  `查詢錯誤次數過多，為保護申請資料，請於 ${minutes} 分鐘後再試；如需協助請洽客服專線`;

const identifiers = (applicationNo: string) => ({
  applicationNo,
  taxId: '12345675',
  contactPhone: '0912345678',
});

async function lookup(visitor: ShopcartVisitor, body: object) {
  return visitor.api('overprint/lookup', { ...body, captcha: await visitor.captcha() });
}

async function progress(visitor: ShopcartVisitor, body: object) {
  return visitor.api('progress/query', { ...body, captcha: await visitor.captcha() });
}

describe('overprint and progress', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 30_000);
  afterAll(() => t.close());
  afterEach(() => vi.useRealTimers());

  it('opens an application by its identifiers: a token, the data to print, ID numbers masked', async () => {
    const { visitor, applicationNo } = await apply(t);
    // typed as a visitor might: lower case, a hyphenated phone
    const response = await lookup(visitor, {
      ...identifiers(applicationNo.toLowerCase()),
      contactPhone: '0912-345-678',
    });
    const { returnCode, data } = response.json();
    expect(returnCode).toBe(0);
    expect(data.token).toMatch(/^[\w-]{40,}$/);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeGreaterThan(29 * 60_000);
    expect(Date.parse(data.expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60_000);
    expect(data.application).toMatchObject({
      applicationNo,
      status: '已受理',
      company: { name: '晴空軟體股份有限公司', taxId: '12345675' },
      premium: { annual: expect.any(Number) },
    });
    expect(data.application.items.map((i: { title: string }) => i.title)).toEqual(['基本型']);
    expect(data.application.roster.map((r: { personId: string }) => r.personId)).toEqual([
      'A12****789',
      'F13****798',
    ]);
    expect(response.body).not.toContain('A123456789');
  });

  it('prints the chosen documents as one PDF with the token', async () => {
    const { visitor, applicationNo } = await apply(t);
    const { token } = (await lookup(visitor, identifiers(applicationNo))).json().data;
    const response = await visitor.api('overprint/document', { token, documents: ['summary', 'form'] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${applicationNo}.pdf"`);
    expect(Date.now() - Date.parse(String(response.headers['x-printed-at']))).toBeLessThan(60_000);
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('refuses the 名冊 of an application that has none', async () => {
    const { visitor, applicationNo } = await apply(t, undefined, { roster: [] });
    const { token, application } = (await lookup(visitor, identifiers(applicationNo))).json().data;
    expect(application.roster).toEqual([]);
    const answer = (await visitor.api('overprint/document', { token, documents: ['roster'] })).json();
    expect(answer).toEqual({ returnCode: 1, data: null, msg: '此申請未附被保險人名冊，無法列印名冊' });
  });

  it('answers one message for a wrong number, tax id or phone, and gives nothing', async () => {
    const { visitor, applicationNo } = await apply(t);
    const serial = Number(applicationNo.slice(-5));
    const wrong = [
      {
        ...identifiers(applicationNo),
        applicationNo: `${applicationNo.slice(0, -5)}${String(serial + 500).padStart(5, '0')}`,
      },
      { ...identifiers(applicationNo), taxId: '04595257' },
      { ...identifiers(applicationNo), contactPhone: '0912345679' },
      // the landline given beside a mobile is not what STEP1 asks for
      { ...identifiers(applicationNo), contactPhone: '02-2720-8889' },
    ];
    for (const body of wrong) {
      const response = await lookup(visitor, body);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ returnCode: 1, data: 'lookupMismatch', msg: MISMATCH });
    }
  });

  it('takes the landline when the company gave no mobile', async () => {
    const base = await apply(t);
    const submission = await base.visitor.submission();
    const { visitor, applicationNo } = await apply(t, undefined, {
      applicant: { ...submission.applicant, mobile: '', phone: '(02)2720-8889' },
    });
    expect(
      (await lookup(visitor, { ...identifiers(applicationNo), contactPhone: '0227208889' })).json()
        .returnCode,
    ).toBe(0);
  });

  it('refuses a wrong captcha with 驗證碼錯誤 and counts it for nothing', async () => {
    const { visitor, applicationNo } = await apply(t);
    const response = await visitor.api('overprint/lookup', {
      ...identifiers(applicationNo),
      captcha: 'bm90IGEgc29sdXRpb24=',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe('驗證碼錯誤');
    const rows = await t.db
      .selectFrom('lookup_failures')
      .selectAll()
      .where('subject', '=', applicationNo)
      .execute();
    expect(rows).toEqual([]);
  });

  it('locks a 受理編號 after 5 wrong tries for 15 minutes, even for the right identifiers, across a restart', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T02:00:00Z'));
    const { visitor, applicationNo } = await apply(t);
    const wrongTax = { ...identifiers(applicationNo), taxId: '04595257' };
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await lookup(visitor, wrongTax)).json().data);
    expect(answers).toEqual([
      'lookupMismatch',
      'lookupMismatch',
      'lookupMismatch',
      'lookupMismatch',
      'lookupLocked',
    ]);
    expect((await lookup(visitor, identifiers(applicationNo))).json()).toEqual({
      returnCode: 1,
      data: 'lookupLocked',
      msg: locked(15),
    });
    // the progress check shares the lock: the same identifiers are guessed
    expect((await progress(visitor, identifiers(applicationNo))).json().data).toBe('lookupLocked');

    // another server on the same database (a restart) keeps the lock
    const restarted = await createTestApp({ db: t.db });
    try {
      const again = await ShopcartVisitor.arrive(restarted);
      vi.setSystemTime(new Date('2026-11-24T02:14:00Z'));
      expect((await lookup(again, identifiers(applicationNo))).json().msg).toBe(locked(1));
      vi.setSystemTime(new Date('2026-11-24T02:15:01Z'));
      expect((await lookup(again, identifiers(applicationNo))).json().returnCode).toBe(0);
    } finally {
      await restarted.close();
    }
  });

  it('locks a client after 20 wrong tries in an hour, whatever numbers it tries; other clients go on', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T03:00:00Z'));
    const guesser = await apply(t, '198.51.100.7');
    const other = await apply(t, '198.51.100.8');
    const answers: string[] = [];
    for (let i = 0; i < 20; i++) {
      const guess = `GI1151124${String(90_000 + i).padStart(5, '0')}`;
      answers.push((await lookup(guesser.visitor, identifiers(guess))).json().data);
    }
    expect(answers.slice(0, 19).every((a) => a === 'lookupMismatch')).toBe(true);
    expect(answers[19]).toBe('lookupLocked');
    expect((await lookup(guesser.visitor, identifiers(guesser.applicationNo))).json().msg).toBe(locked(60));
    expect((await lookup(other.visitor, identifiers(other.applicationNo))).json().returnCode).toBe(0);
    vi.setSystemTime(new Date('2026-11-24T04:00:01Z'));
    expect((await lookup(guesser.visitor, identifiers(guesser.applicationNo))).json().returnCode).toBe(0);
  });

  it('opens the print link’s token for its own 受理編號 only; altered, foreign or expired tokens give nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-24T05:00:00Z'));
    const first = await apply(t);
    const second = await apply(t);
    const open = (token: string, applicationNo: string) =>
      first.visitor.api('DTODGAZ0/getDecryptData', { token, applicationNo }).then((r) => r.json());

    const opened = await open(first.linkToken, first.applicationNo);
    expect(opened.returnCode).toBe(0);
    expect(opened.data.application.applicationNo).toBe(first.applicationNo);
    expect(Date.parse(opened.data.expiresAt)).toBe(Date.parse('2026-11-25T05:00:00Z'));

    const invalid = { returnCode: 1, data: 'tokenInvalid', msg: INVALID_LINK };
    // another application's token with this number, and this token with another number
    expect(await open(second.linkToken, first.applicationNo)).toEqual(invalid);
    expect(await open(first.linkToken, second.applicationNo)).toEqual(invalid);
    // one character changed
    const flipped =
      first.linkToken.slice(0, 20) + (first.linkToken[20] === 'A' ? 'B' : 'A') + first.linkToken.slice(21);
    expect(await open(flipped, first.applicationNo)).toEqual(invalid);
    // sealed by another deployment (another secret)
    const foreign = await createTestApp({
      db: t.db,
      config: { sessionSecret: 'another-secret-another-secret-0123456789' },
    });
    try {
      const outsider = await apply(foreign);
      expect(await open(outsider.linkToken, outsider.applicationNo)).toEqual(invalid);
    } finally {
      await foreign.close();
    }
    // a day later
    vi.setSystemTime(new Date('2026-11-25T05:00:01Z'));
    expect(await open(first.linkToken, first.applicationNo)).toEqual({
      returnCode: 1,
      data: 'tokenExpired',
      msg: EXPIRED_LINK,
    });
    const document = await first.visitor.api('overprint/document', {
      token: first.linkToken,
      documents: ['form'],
    });
    expect(document.json().data).toBe('tokenExpired');
  });

  it('prints nothing for a forged token', async () => {
    const { visitor } = await apply(t);
    const forged = Buffer.from(JSON.stringify({ applicationNo: 'GI115112400001', expiresAt: 9e15 })).toString(
      'base64url',
    );
    const response = await visitor.api('overprint/document', { token: forged, documents: ['form'] });
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toEqual({ returnCode: 1, data: 'tokenInvalid', msg: INVALID_LINK });
  });

  it('refuses, as any bad token, one sealed with the right key whose claims are malformed', async () => {
    const { visitor, applicationNo } = await apply(t);
    const { tokenKey } = deriveSessionKeys(t.config.sessionSecret);
    const invalid = { returnCode: 1, data: 'tokenInvalid', msg: INVALID_LINK };
    const far = Date.now() + 60_000;
    for (const claims of [
      // an expiry no date can hold, one not a whole millisecond, one not a number
      { applicationNo, expiresAt: 1e300 },
      { applicationNo, expiresAt: 8.64e15 + 1 },
      { applicationNo, expiresAt: far + 0.5 },
      { applicationNo, expiresAt: new Date(far).toISOString() },
      // no 受理編號
      { applicationNo: `${applicationNo} `, expiresAt: far },
      { applicationNo: 42, expiresAt: far },
    ]) {
      const token = sealToken(tokenKey, 'overprint', claims as never);
      const opened = await visitor.api('DTODGAZ0/getDecryptData', { token, applicationNo });
      expect([opened.statusCode, opened.json()], JSON.stringify(claims)).toEqual([200, invalid]);
      const printed = await visitor.api('overprint/document', { token, documents: ['form'] });
      expect([printed.statusCode, printed.json()], JSON.stringify(claims)).toEqual([200, invalid]);
    }
  });

  it('shows the progress timeline by 受理編號 and 統一編號, after staff moved it along', async () => {
    const { visitor, applicationNo } = await apply(t);
    const wrong = await progress(visitor, { applicationNo, taxId: '04595257' });
    expect(wrong.json()).toEqual({ returnCode: 1, data: 'lookupMismatch', msg: PROGRESS_MISMATCH });
    const { id } = await t.db
      .selectFrom('applications')
      .select('id')
      .where('application_no', '=', applicationNo)
      .executeTakeFirstOrThrow();
    await t.db.updateTable('applications').set({ status: '待補件' }).where('id', '=', id).execute();
    await t.db
      .insertInto('application_events')
      .values([
        { application_id: id, status: '資料審核中', note: null, created_at: new Date(Date.now() + 1_000) },
        {
          application_id: id,
          status: '待補件',
          note: '被保險人名冊',
          created_at: new Date(Date.now() + 2_000),
        },
      ])
      .execute();
    const answer = (await progress(visitor, { applicationNo, taxId: '12345675' })).json();
    expect(answer.returnCode).toBe(0);
    expect(answer.data).toMatchObject({
      applicationNo,
      companyName: '晴空軟體股份有限公司',
      status: '待補件',
    });
    expect(
      answer.data.events.map((e: { status: string; note: string | null }) => [e.status, e.note]),
    ).toEqual([
      ['已受理', null],
      ['資料審核中', null],
      ['待補件', '被保險人名冊'],
    ]);
    // nothing personal beyond the company's name
    expect(JSON.stringify(answer.data)).not.toMatch(/0912|A123456789|hr@|林小美/);
  });
});
