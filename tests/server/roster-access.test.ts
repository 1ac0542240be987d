import type { LightMyRequestResponse } from 'fastify';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliveryWorker } from '../../src/server/mail/delivery-worker';
import { type MailSender, smtpSender } from '../../src/server/mail/mail-sender';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';
import { APPLICANT } from '../support/shopcart-input';
import { type SmtpInbox, startSmtpInbox } from '../support/smtp-inbox';
import { codeSentTo, signedInStaff } from '../support/staff-visitor';

/*
 * Issue 45, point 1: the 名冊 with its full ID numbers and birth dates cannot be had by a staff person
 * without the underwriter role through any door. The case a service person opens shows the company's
 * 統一編號 and the contact's mobile, which are what the visitor's overprint asks for: with them alone the
 * overprint opens the application but neither prints the 名冊 nor shows the birth dates. The 名冊 prints
 * with the print link the applicant's own session was given, or with a code e-mailed to the application's
 * contact (six digits, ten minutes, once, void at the fifth wrong one), which no staff screen shows. Every
 * print of the 名冊, by staff or by the company, is in the audit log, as is each opening of a case and each
 * export of the queue.
 */

const FROM = { address: 'no-reply@insure.example.com.tw', name: '晴川人壽團體保險' };
const CODE_REQUIRED = '被保險人名冊載有完整身分證字號，列印前須輸入寄至申請聯絡人信箱的驗證碼';
// the sample application's roster (tests/support/shopcart-input.ts) as typed
const FULL_IDS = ['A123456789', 'F131232798'];
const BIRTH_DATES = ['1991-03-15', '1984-07-02'];
const MINUTE = 60_000;

const isPdf = (response: LightMyRequestResponse) =>
  response.statusCode === 200 && response.rawPayload.subarray(0, 5).toString() === '%PDF-';

const pdfText = async (response: LightMyRequestResponse) =>
  (await extractText(await getDocumentProxy(new Uint8Array(response.rawPayload)), { mergePages: true })).text;

describe('the 名冊 and who may have it', () => {
  let t: TestApp;
  let ahead = 0;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(Date.now() + ahead) });
  }, 60_000);
  afterAll(() => t.close());

  /** A visitor who typed the identifiers a case shows: the overprint's lookup answer. */
  async function lookedUp(applicationNo: string, taxId: string, contactPhone: string) {
    const visitor = await CartVisitor.arrive(t);
    const answer = await visitor.api('overprint/lookup', {
      applicationNo,
      taxId,
      contactPhone,
      captcha: await visitor.captcha(),
    });
    expect(answer.json().returnCode).toBe(0);
    return { visitor, access: answer.json().data };
  }

  const rosterPrints = (applicationNo: string) =>
    t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('application_no', '=', applicationNo)
      .where('action', '=', 'roster.print')
      .orderBy('id')
      .execute();

  it('gives a service person, through the case and the overprint, no 名冊 and no birth date', async () => {
    const { applicationNo } = await applyForBasic(t);
    const service = await signedInStaff(t, ['service'], 'roster');
    const opened = (await service.visitor.read(`staff/applications/${applicationNo}`)).json().data;
    expect(opened.mayRevealRoster).toBe(false);
    // the case shows no birth date to the service desk, and the ID numbers masked
    expect(opened.record.roster.map((r: { birthDate: unknown }) => r.birthDate)).toEqual([null, null]);
    expect(JSON.stringify(opened)).not.toMatch(/A123456789|1991-03-15|1984-07-02/);

    // the identifiers the case shows are the overprint's: they open the application, masked
    const { taxId } = opened.record.company;
    const { visitor, access } = await lookedUp(applicationNo, taxId, opened.record.contact.mobile);
    expect(access.rosterOpen).toBe(false);
    expect(access.application.roster.map((r: { birthDate: unknown }) => r.birthDate)).toEqual([null, null]);
    const print = await visitor.api('overprint/document', { token: access.token, documents: ['roster'] });
    expect(print.json()).toEqual({ returnCode: 1, data: 'rosterCodeRequired', msg: CODE_REQUIRED });
    for (const documents of [
      ['form', 'roster'],
      ['roster', 'summary'],
      ['form', 'roster', 'summary'],
    ]) {
      const mixed = await visitor.api('overprint/document', { token: access.token, documents });
      expect(isPdf(mixed)).toBe(false);
    }
    // the 要保書 and 摘要, which carry no roster, still print
    expect(isPdf(await visitor.api('overprint/document', { token: access.token, documents: ['form'] }))).toBe(
      true,
    );
    expect(await rosterPrints(applicationNo)).toEqual([]);
  });

  it('shows an underwriter the birth dates on the case, the ID numbers still masked', async () => {
    const { applicationNo } = await applyForBasic(t);
    const underwriter = await signedInStaff(t, ['underwriter'], 'roster');
    const { record } = (await underwriter.visitor.read(`staff/applications/${applicationNo}`)).json().data;
    expect(record.roster.map((r: { birthDate: string }) => r.birthDate)).toEqual(BIRTH_DATES);
    expect(record.roster.map((r: { personId: string }) => r.personId)).toEqual(['A12****789', 'F13****798']);
  });

  it('prints the 名冊 with the print link the applicant’s session was given, each print recorded', async () => {
    const { visitor, applicationNo, linkToken } = await applyForBasic(t);
    const opened = (await visitor.api('DTODGAZ0/getDecryptData', { token: linkToken, applicationNo })).json()
      .data;
    expect(opened.rosterOpen).toBe(true);
    expect(opened.application.roster.map((r: { birthDate: string }) => r.birthDate)).toEqual(BIRTH_DATES);
    const first = await visitor.api('overprint/document', { token: linkToken, documents: ['roster'] });
    expect(isPdf(first)).toBe(true);
    const text = await pdfText(first);
    for (const id of FULL_IDS) expect(text).toContain(id);
    // the same print again is the copy kept (the same bytes), and a print of the 名冊 all the same
    const again = await visitor.api('overprint/document', { token: linkToken, documents: ['roster'] });
    expect(again.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(await rosterPrints(applicationNo)).toEqual([
      { actor: '(applicant)', action: 'roster.print', detail: '名冊 2 人' },
      { actor: '(applicant)', action: 'roster.print', detail: '名冊 2 人' },
    ]);
  });

  it('opens the 名冊 of a lookup with the code e-mailed to the contact, never shown to staff', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor, access } = await lookedUp(applicationNo, '12345675', '0912345678');
    const sent = (await visitor.api('overprint/rosterCode', { token: access.token })).json();
    expect(sent).toMatchObject({ returnCode: 0, data: { sentTo: 'h***@sky-soft.example.tw' } });
    expect(Date.parse(sent.data.expiresAt) - Date.now()).toBeGreaterThan(9 * MINUTE);
    expect(Date.parse(sent.data.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * MINUTE);
    const code = await codeSentTo(t, APPLICANT.email);

    // the message waits with the code's place held: 寄件匣 shows no code to anyone
    const underwriter = await signedInStaff(t, ['underwriter'], 'roster');
    const listed = (await underwriter.visitor.read('staff/outbox')).json().data.entries;
    const message = listed.find((e: { kind: string; applicationNo: string }) => e.kind === 'roster.code');
    expect(message).toMatchObject({ applicationNo, recipient: APPLICANT.email });
    expect(message.text).toContain('●●●●●●');
    expect(JSON.stringify(listed)).not.toContain(code);
    const one = await underwriter.visitor.read(`staff/outbox/${message.id}`);
    expect(one.body).not.toContain(code);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = (await visitor.api('overprint/rosterOpen', { token: access.token, code: wrong })).json();
    expect(refused).toEqual({ returnCode: 1, data: 'codeMismatch', msg: '驗證碼錯誤，還可再試 4 次' });
    // typed in full width, as a phone's keyboard may
    const fullWidth = code.replace(/\d/g, (d) => String.fromCharCode(d.charCodeAt(0) + 0xfee0));
    const open = (await visitor.api('overprint/rosterOpen', { token: access.token, code: fullWidth })).json();
    expect(open).toMatchObject({ returnCode: 0, data: { rosterOpen: true } });
    expect(open.data.token).not.toBe(access.token);
    // the same visit: the token the code opened ends when the lookup's did
    expect(open.data.expiresAt).toBe(access.expiresAt);
    expect(open.data.application.roster.map((r: { birthDate: string }) => r.birthDate)).toEqual(BIRTH_DATES);
    expect(JSON.stringify(open.data)).not.toMatch(/A123456789/);

    const print = await visitor.api('overprint/document', { token: open.data.token, documents: ['roster'] });
    expect(isPdf(print)).toBe(true);
    expect(await rosterPrints(applicationNo)).toEqual([
      { actor: '(applicant)', action: 'roster.print', detail: '名冊 2 人' },
    ]);
    // used once: the same code opens nothing again
    const reused = (await visitor.api('overprint/rosterOpen', { token: access.token, code })).json();
    expect(reused).toMatchObject({ returnCode: 1, data: 'codeNone' });
  });

  it('voids a code at the fifth wrong one, ends it after 10 minutes, and counts only the newest', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor, access } = await lookedUp(applicationNo, '12345675', '0912345678');
    const send = async () => (await visitor.api('overprint/rosterCode', { token: access.token })).json();
    const open = async (code: string) =>
      (await visitor.api('overprint/rosterOpen', { token: access.token, code })).json();

    await send();
    const first = await codeSentTo(t, APPLICANT.email);
    const wrong = String((Number(first) + 1) % 1_000_000).padStart(6, '0');
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await open(wrong)).msg);
    expect(answers).toEqual([
      '驗證碼錯誤，還可再試 4 次',
      '驗證碼錯誤，還可再試 3 次',
      '驗證碼錯誤，還可再試 2 次',
      '驗證碼錯誤，還可再試 1 次',
      '驗證碼錯誤次數過多，已失效，請重新寄送驗證碼',
    ]);
    // void: the right code opens nothing now
    expect(await open(first)).toMatchObject({ returnCode: 1, data: 'codeVoided' });

    await send();
    const second = await codeSentTo(t, APPLICANT.email);
    await send();
    const third = await codeSentTo(t, APPLICANT.email);
    // a newer code was sent: the one before it opens nothing, and counts as a wrong one against the newest
    if (second !== third) expect(await open(second)).toMatchObject({ data: 'codeMismatch' });
    try {
      ahead = 10 * MINUTE + 1_000;
      expect(await open(third)).toEqual({
        returnCode: 1,
        data: 'codeExpired',
        msg: '驗證碼已逾時，請重新寄送驗證碼',
      });
    } finally {
      ahead = 0;
    }
    const row = await t.db
      .selectFrom('email_codes')
      .select(['state', 'code_hash'])
      .where('subject', '=', applicationNo)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(row.state).toBe('expired');
    // kept as an HMAC, never as sent
    expect(row.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.code_hash).not.toContain(third);
  });

  it('sends at most 5 codes for one application in an hour', async () => {
    const { applicationNo } = await applyForBasic(t);
    const { visitor, access } = await lookedUp(applicationNo, '12345675', '0912345678');
    const answers = [];
    for (let i = 0; i < 6; i++)
      answers.push((await visitor.api('overprint/rosterCode', { token: access.token })).json());
    expect(answers.slice(0, 5).map((a) => a.returnCode)).toEqual([0, 0, 0, 0, 0]);
    expect(answers[5]).toEqual({
      returnCode: 1,
      data: 'codeTooMany',
      msg: '驗證碼寄送次數過多，請於 60 分鐘後再試',
    });
    const queued = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('application_no', '=', applicationNo)
      .where('kind', '=', 'roster.code')
      .execute();
    expect(queued).toHaveLength(5);
  });

  it('sends at most 20 codes an hour asked from one client, whatever the applications', async () => {
    const client = '198.51.100.45';
    const sends = [];
    for (let i = 0; i < 5; i++) {
      const { applicationNo } = await applyForBasic(t, client);
      const visitor = await CartVisitor.arrive(t, client);
      const lookup = await visitor.api('overprint/lookup', {
        applicationNo,
        taxId: '12345675',
        contactPhone: '0912345678',
        captcha: await visitor.captcha(),
      });
      const { token } = lookup.json().data;
      for (let j = 0; j < 4; j++) sends.push((await visitor.api('overprint/rosterCode', { token })).json());
    }
    expect(sends.slice(0, 20).every((answer) => answer.returnCode === 0)).toBe(true);
    // the 21st from the same client: another application, none of whose codes was sent
    const { applicationNo } = await applyForBasic(t, client);
    const visitor = await CartVisitor.arrive(t, client);
    const { token } = (
      await visitor.api('overprint/lookup', {
        applicationNo,
        taxId: '12345675',
        contactPhone: '0912345678',
        captcha: await visitor.captcha(),
      })
    ).json().data;
    expect((await visitor.api('overprint/rosterCode', { token })).json()).toEqual({
      returnCode: 1,
      data: 'codeTooMany',
      msg: '驗證碼寄送次數過多，請於 60 分鐘後再試',
    });
    // another client asks for the same application's code as usual
    const other = await CartVisitor.arrive(t, '198.51.100.46');
    const theirs = (
      await other.api('overprint/lookup', {
        applicationNo,
        taxId: '12345675',
        contactPhone: '0912345678',
        captcha: await other.captcha(),
      })
    ).json().data;
    expect((await other.api('overprint/rosterCode', { token: theirs.token })).json().returnCode).toBe(0);
  }, 60_000);

  it('refuses a code of another form with the field named, and opens nothing with a token forged or of a link', async () => {
    const { visitor, applicationNo } = await applyForBasic(t);
    const { access } = await lookedUp(applicationNo, '12345675', '0912345678');
    for (const code of ['12345', '1234567', 'abcdef', '']) {
      const bad = await visitor.api('overprint/rosterOpen', { token: access.token, code });
      expect({ code, status: bad.statusCode }).toEqual({ code, status: 400 });
      expect(bad.json().msg).toMatch(/驗證碼/);
    }
    const forged = (await visitor.api('overprint/rosterCode', { token: `${access.token}x` })).json();
    expect(forged).toMatchObject({ returnCode: 1, data: 'tokenInvalid' });
  });

  it('puts the code in the e-mail as it is sent, and keeps no code once it is sent', async () => {
    const inbox: SmtpInbox = await startSmtpInbox();
    const sender: MailSender = smtpSender(inbox.url, FROM);
    try {
      const { applicationNo } = await applyForBasic(t);
      const { visitor, access } = await lookedUp(applicationNo, '12345675', '0912345678');
      await visitor.api('overprint/rosterCode', { token: access.token });
      const code = await codeSentTo(t, APPLICANT.email);
      await deliveryWorker({ db: t.db, sender, log: t.app.log }).runOnce();
      const mail = inbox.received.find((m) => m.subject.includes(`驗證碼（受理編號 ${applicationNo}）`))!;
      expect(mail.subject).toBe(`【晴川人壽團體保險】列印被保險人名冊驗證碼（受理編號 ${applicationNo}）`);
      expect(mail.text).toContain(`驗證碼：${code}`);
      expect(mail.html).toContain(code);
      expect(mail.text).not.toContain('●●●●●●');
      const row = await t.db
        .selectFrom('outbox')
        .select(['state', 'secret', 'text', 'html'])
        .where('application_no', '=', applicationNo)
        .where('kind', '=', 'roster.code')
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({ state: 'sent', secret: null });
      expect(`${row.text}${row.html}`).not.toContain(code);
    } finally {
      sender.close();
      await inbox.stop();
    }
  });

  it('records each opening of a case and each export of the queue, and lists neither in a case’s handling', async () => {
    const { applicationNo } = await applyForBasic(t);
    const underwriter = await signedInStaff(t, ['underwriter'], 'roster');
    await underwriter.visitor.read(`staff/applications/${applicationNo}`);
    const second = (await underwriter.visitor.read(`staff/applications/${applicationNo}`)).json().data;
    const exported = await underwriter.visitor.read(`staff/applications/export?q=${applicationNo}`);
    expect(exported.statusCode).toBe(200);
    const entries = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'application_no', 'detail'])
      .where('actor', '=', underwriter.name)
      .where('action', 'in', ['application.read', 'applications.export'])
      .orderBy('id')
      .execute();
    expect(entries).toEqual([
      { actor: underwriter.name, action: 'application.read', application_no: applicationNo, detail: null },
      { actor: underwriter.name, action: 'application.read', application_no: applicationNo, detail: null },
      {
        actor: underwriter.name,
        action: 'applications.export',
        application_no: null,
        detail: '匯出 1 筆（含搜尋條件）',
      },
    ]);
    expect(second.handling.map((h: { action: string }) => h.action)).not.toContain('application.read');
    // no such application: nothing opened, nothing recorded
    await underwriter.visitor.read('staff/applications/GI115010100099');
    const none = await t.db
      .selectFrom('audit_log')
      .select('id')
      .where('application_no', '=', 'GI115010100099')
      .execute();
    expect(none).toEqual([]);
  });
});
