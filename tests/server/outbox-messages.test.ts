import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { advanceApplication } from '../../src/server/db/repositories/application-events';
import { keepContactReply } from '../../src/server/db/repositories/contact-inbox';
import { CartVisitor } from '../support/cart-visitor';
import { emptyInbox } from '../support/contact-inbox';
import { createTestApp, type TestApp } from '../support/server';
import { applyForBasic, ShopcartVisitor } from '../support/shopcart';
import { APPLICANT, ROSTER } from '../support/shopcart-input';

// Issue 36: each change that tells someone something writes its e-mail in its own transaction, in
// Traditional Chinese, plain text and HTML with the same facts, and never an ID number, a birth date, a
// print token or a password.

const SITE = 'https://insure.example.com.tw';

describe('the e-mails written with their causes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { siteUrl: SITE } });
    await emptyInbox(t.db);
  }, 30_000);
  afterAll(() => t.close());

  const messagesAbout = (about: { applicationNo: string } | { contactNo: string }) =>
    t.db
      .selectFrom('outbox')
      .selectAll()
      .where(
        'applicationNo' in about ? 'application_no' : 'contact_no',
        '=',
        'applicationNo' in about ? about.applicationNo : about.contactNo,
      )
      .orderBy('id')
      .execute();

  /** what no message may carry: the roster's ID numbers and birth dates (any way written), the token */
  function expectNothingSecret(body: string, token?: string) {
    for (const row of ROSTER) {
      expect(body).not.toContain(row.personId);
      expect(body).not.toContain(row.birthDate);
      expect(body).not.toContain(row.birthDate.replaceAll('-', '/'));
    }
    expect(body).not.toContain(APPLICANT.taxId);
    if (token) expect(body).not.toContain(token);
  }

  it('an application stored: one 申請受理通知 to its contact, with its number, company, cover and progress page', async () => {
    const { applicationNo, linkToken } = await applyForBasic(t);
    const [mail, ...more] = await messagesAbout({ applicationNo });
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'application.received',
      recipient: APPLICANT.email,
      recipient_name: APPLICANT.contactName,
      state: 'waiting',
      attempts: 0,
    });
    expect(mail!.subject).toContain('申請受理通知');
    expect(mail!.subject).toContain(applicationNo);
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain(applicationNo);
      expect(body).toContain(APPLICANT.companyName);
      expect(body).toContain('基本型');
      expect(body).toContain(`${SITE}/groupins/progress`);
      expect(body).toContain('前與您聯繫');
      expectNothingSecret(body, linkToken);
    }
    expect(mail!.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());
  });

  it('a refused application writes no e-mail', async () => {
    const before = await t.db.selectFrom('outbox').select('id').execute();
    const visitor = await ShopcartVisitor.arrive(t);
    await visitor.addPackage('BASIC');
    const answer = await visitor.shopcart('submitApplication', {
      ...(await visitor.submission()),
      captcha: 'not a solution',
    });
    expect(answer.json().returnCode).not.toBe(0);
    expect(await t.db.selectFrom('outbox').select('id').execute()).toEqual(before);
  });

  it('each staff move: one 申請狀態更新 with the new status and its note; at 待補件 what to send and where', async () => {
    const { applicationNo } = await applyForBasic(t);
    await advanceApplication(t.db, { applicationNo, status: '資料審核中', siteUrl: SITE });
    const note = '請補送加蓋公司大章的被保險人名冊';
    await advanceApplication(t.db, { applicationNo, status: '待補件', note, siteUrl: SITE });
    const refused = await advanceApplication(t.db, { applicationNo, status: '已承保', siteUrl: SITE });
    expect(refused.ok).toBe(false);

    const moves = (await messagesAbout({ applicationNo })).filter((m) => m.kind === 'application.moved');
    expect(moves.map((m) => m.subject)).toEqual([
      expect.stringContaining('申請狀態更新：資料審核中'),
      expect.stringContaining('申請狀態更新：待補件'),
    ]);
    const documents = moves[1]!;
    expect(documents.recipient).toBe(APPLICANT.email);
    for (const body of [documents.text, documents.html]) {
      expect(body).toContain(applicationNo);
      expect(body).toContain(note);
      expect(body).toContain('團體保險部收');
      expect(body).toContain(`${SITE}/groupins/progress`);
      expectNothingSecret(body);
    }
  });

  it('a contact message stored: 已收到您的留言 to its sender, with its 案件編號, topic and reply day', async () => {
    const visitor = await CartVisitor.arrive(t);
    const answer = await visitor.api('contact/submit', {
      requestId: randomUUID(),
      message: SAMPLE_CONTACT_MESSAGE,
      captcha: await visitor.captcha(),
    });
    const { contactNo, replyBy } = answer.json().data;
    const [mail, ...more] = await messagesAbout({ contactNo });
    expect(more).toEqual([]);
    expect(mail).toMatchObject({
      kind: 'contact.received',
      recipient: SAMPLE_CONTACT_MESSAGE.email,
      recipient_name: '',
    });
    expect(mail!.subject).toContain('已收到您的留言');
    const [y, m, d] = (replyBy as string).split('-').map(Number);
    for (const body of [mail!.text, mail!.html]) {
      expect(body).toContain(contactNo);
      expect(body).toContain('投保規劃與報價');
      expect(body).toContain(`民國${y! - 1911}年${m}月${d}日`);
    }
  });

  // Issue 45: the form can name any address, so the insurer's acknowledgement repeats nothing typed in it
  it('an acknowledgement carries nothing the sender typed: no name, company, text or link', async () => {
    const typed = {
      name: '客服中心 https://evil.example',
      companyName: '晴川人壽 重要通知 www.evil.example',
      content: '您的保單已停效，請於 http://evil.example/pay 繳費。',
    };
    const visitor = await CartVisitor.arrive(t);
    const answer = await visitor.api('contact/submit', {
      requestId: randomUUID(),
      message: { ...SAMPLE_CONTACT_MESSAGE, ...typed, email: 'someone.else@example.com.tw' },
      captcha: await visitor.captcha(),
    });
    expect(answer.json().returnCode).toBe(0);
    const { contactNo } = answer.json().data;
    const [mail, ...more] = await messagesAbout({ contactNo });
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: 'contact.received', recipient: 'someone.else@example.com.tw' });
    for (const field of [mail!.recipient_name, mail!.subject, mail!.text, mail!.html]) {
      expect(field).not.toMatch(/evil|https?:|www\./);
      for (const words of ['客服中心', '重要通知', '停效', '繳費']) expect(field).not.toContain(words);
    }
    expect(mail!.recipient_name).toBe('');
    expect(mail!.text).toContain(contactNo);
    expect(mail!.text).toContain('投保規劃與報價');
    expect(mail!.html).not.toContain('<a ');
  });

  it('acknowledges 3 messages to one address a Taipei day; the rest are stored and reach the inbox', async () => {
    const address = 'flooded@example.com.tw';
    const sent: string[] = [];
    for (const email of [address, address, address.toUpperCase(), address, 'Flooded@Example.com.tw']) {
      const visitor = await CartVisitor.arrive(t);
      const answer = await visitor.api('contact/submit', {
        requestId: randomUUID(),
        message: { ...SAMPLE_CONTACT_MESSAGE, email },
        captcha: await visitor.captcha(),
      });
      // the sender sees the same receipt whether or not it was acknowledged
      expect(answer.json()).toMatchObject({ returnCode: 0, data: { contactNo: expect.any(String) } });
      sent.push(answer.json().data.contactNo);
    }
    const acknowledged = async () =>
      (
        await t.db
          .selectFrom('outbox')
          .select('contact_no')
          .where('kind', '=', 'contact.received')
          .where('contact_no', 'in', sent)
          .orderBy('id')
          .execute()
      ).map((row) => row.contact_no);
    expect(await acknowledged()).toEqual(sent.slice(0, 3));
    const stored = await t.db
      .selectFrom('contacts')
      .select('contact_no')
      .where('contact_no', 'in', sent)
      .execute();
    expect(stored).toHaveLength(5);
    // another address is acknowledged as ever
    const other = await CartVisitor.arrive(t);
    const answer = await other.api('contact/submit', {
      requestId: randomUUID(),
      message: { ...SAMPLE_CONTACT_MESSAGE, email: 'neighbour@example.com.tw' },
      captcha: await other.captcha(),
    });
    expect(await messagesAbout({ contactNo: answer.json().data.contactNo })).toHaveLength(1);

    // the next Taipei day counts afresh: the day's acknowledgements moved back into yesterday
    await t.db
      .updateTable('outbox')
      .set((eb) => ({ created_at: sql<Date>`${eb.ref('created_at')} - interval '1 day'` }))
      .where('contact_no', 'in', sent)
      .execute();
    const tomorrow = await CartVisitor.arrive(t);
    const again = await tomorrow.api('contact/submit', {
      requestId: randomUUID(),
      message: { ...SAMPLE_CONTACT_MESSAGE, email: address },
      captcha: await tomorrow.captcha(),
    });
    expect(await messagesAbout({ contactNo: again.json().data.contactNo })).toMatchObject([
      { kind: 'contact.received', recipient: address },
    ]);
  });

  it('a staff reply: the reply to the sender, naming the topic and 案件編號', async () => {
    const visitor = await CartVisitor.arrive(t);
    const answer = await visitor.api('contact/submit', {
      requestId: randomUUID(),
      message: { ...SAMPLE_CONTACT_MESSAGE, topic: 'claim' },
      captcha: await visitor.captcha(),
    });
    const { contactNo } = answer.json().data;
    const reply = '您好，理賠申請書可於官網下載。\n填妥後寄回即可。<b>謝謝</b>';
    await t.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('contacts')
        .set({ status: 'handling', assignee: 'mei' })
        .where('contact_no', '=', contactNo)
        .execute();
      await keepContactReply(trx, { contactNo, version: 0, author: 'mei', text: reply, at: new Date() });
    });
    const replied = (await messagesAbout({ contactNo })).filter((m) => m.kind === 'contact.replied');
    expect(replied).toHaveLength(1);
    const mail = replied[0]!;
    expect(mail.recipient).toBe(SAMPLE_CONTACT_MESSAGE.email);
    expect(mail.subject).toContain(contactNo);
    expect(mail.subject).toContain('理賠服務');
    expect(mail.text).toContain('> 您好，理賠申請書可於官網下載。\n> 填妥後寄回即可。<b>謝謝</b>');
    expect(mail.html).toContain('填妥後寄回即可。&lt;b&gt;謝謝&lt;/b&gt;');
    expect(mail.html).not.toContain('<b>');
  });
});
