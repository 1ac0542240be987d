import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import { advanceApplication } from '../../src/server/db/repositories/application-events';
import { queueOverdueNotices } from '../../src/server/mail/overdue-notices';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';
import { APPLICANT } from '../support/shopcart-input';
import { chooseNotices, codeSentTo, signedInStaff } from '../support/staff-visitor';

/*
 * Issue 36's staff notices: a new application, a new message, 待補件 waiting past 7 days, each to the staff
 * of its role who chose it (and gave an address), one line and a link into the back office.
 */

const SITE = 'https://insure.example.com.tw';
const DAY = 24 * 60 * 60 * 1000;

describe('staff notices by e-mail', () => {
  let t: TestApp;
  let underwriter: Awaited<ReturnType<typeof signedInStaff>>;
  let quietUnderwriter: Awaited<ReturnType<typeof signedInStaff>>;
  let service: Awaited<ReturnType<typeof signedInStaff>>;
  beforeAll(async () => {
    t = await createTestApp({ config: { siteUrl: SITE } });
    underwriter = await signedInStaff(t, ['underwriter'], 'notice');
    quietUnderwriter = await signedInStaff(t, ['underwriter'], 'notice');
    service = await signedInStaff(t, ['service'], 'notice');
  }, 60_000);
  afterAll(() => t.close());

  const noticesTo = (name: string) =>
    t.db
      .selectFrom('outbox')
      .innerJoin('staff', 'staff.email', 'outbox.recipient')
      .select(['kind', 'subject', 'text', 'html', 'application_no', 'contact_no'])
      .where('staff.name', '=', name)
      .where('kind', 'in', ['staff.application', 'staff.contact', 'staff.overdue'])
      .orderBy('outbox.id')
      .execute();

  it('lets each person choose among the notices their roles offer, at their address', async () => {
    const before = (await underwriter.visitor.read('staff/me/notifications')).json();
    expect(before.data).toEqual({
      email: null,
      pending: null,
      kinds: [],
      offered: ['application.new', 'documents.overdue'],
    });

    const chosen = await chooseNotices(t, underwriter, 'uw.one@insure.example.com.tw', [
      'application.new',
      'documents.overdue',
    ]);
    expect(chosen).toEqual({
      email: 'uw.one@insure.example.com.tw',
      pending: null,
      kinds: ['application.new', 'documents.overdue'],
      offered: ['application.new', 'documents.overdue'],
    });
    // an address, but no notice chosen
    await chooseNotices(t, quietUnderwriter, 'uw.two@insure.example.com.tw', []);

    const refused = (
      await service.visitor.api('staff/me/notifications', {
        email: 'desk@insure.example.com.tw',
        kinds: ['application.new'],
      })
    ).json();
    expect(refused).toMatchObject({ returnCode: 1, msg: '您的角色沒有此通知項目' });
    await chooseNotices(t, service, 'desk@insure.example.com.tw', ['contact.new']);

    const badAddress = await service.visitor.api('staff/me/notifications', { email: 'desk@', kinds: [] });
    expect(badAddress.statusCode).toBe(400);
  });

  it('tells a new application to the underwriters who chose it, one line and a link to the case', async () => {
    const { applicationNo } = await applyForBasic(t);
    const [notice, ...more] = await noticesTo(underwriter.name);
    expect(more).toEqual([]);
    expect(notice).toMatchObject({ kind: 'staff.application', application_no: applicationNo });
    expect(notice!.subject).toContain(`新申請案件 ${applicationNo}`);
    for (const body of [notice!.text, notice!.html]) {
      expect(body).toContain(APPLICANT.companyName);
      expect(body).toContain(`${SITE}/groupins/staff/case?no=${applicationNo}`);
    }
    expect(await noticesTo(quietUnderwriter.name)).toEqual([]);
    expect(await noticesTo(service.name)).toEqual([]);
  });

  it('tells a new contact message to the service people who chose it', async () => {
    const visitor = await CartVisitor.arrive(t);
    const answer = await visitor.api('contact/submit', {
      requestId: randomUUID(),
      message: SAMPLE_CONTACT_MESSAGE,
      captcha: await visitor.captcha(),
    });
    const { contactNo } = answer.json().data;
    const notices = await noticesTo(service.name);
    expect(notices.map((n) => [n.kind, n.contact_no])).toEqual([['staff.contact', contactNo]]);
    expect(notices[0]!.text).toContain(`${SITE}/groupins/staff/contacts?no=${contactNo}`);
    expect((await noticesTo(underwriter.name)).filter((n) => n.kind === 'staff.contact')).toEqual([]);
  });

  it('tells 待補件 past 7 days once per wait, and not before', async () => {
    const { applicationNo } = await applyForBasic(t);
    const asked = new Date();
    await advanceApplication(t.db, { applicationNo, status: '資料審核中', at: asked });
    await advanceApplication(t.db, { applicationNo, status: '待補件', note: '請補送名冊', at: asked });
    const overdue = async () =>
      (await noticesTo(underwriter.name)).filter(
        (n) => n.kind === 'staff.overdue' && n.application_no === applicationNo,
      );

    await queueOverdueNotices(t.db, new Date(asked.getTime() + 7 * DAY - 60_000), SITE);
    expect(await overdue()).toEqual([]);
    await queueOverdueNotices(t.db, new Date(asked.getTime() + 7 * DAY), SITE);
    await queueOverdueNotices(t.db, new Date(asked.getTime() + 8 * DAY), SITE);
    const told = await overdue();
    expect(told).toHaveLength(1);
    expect(told[0]!.subject).toContain(`待補件逾 7 日 ${applicationNo}`);
    expect(await noticesTo(quietUnderwriter.name)).toEqual([]);
  });

  // Issue 45: a notice address could be any address, unconfirmed and unrecorded. A new one is used once the
  // code e-mailed to it is typed; until then the notices go where they went; each change is recorded, masked.
  it('uses a new notice address only once the code e-mailed to it is typed, and records the change', async () => {
    const person = await signedInStaff(t, ['underwriter'], 'address');
    await chooseNotices(t, person, 'old.box@insure.example.com.tw', ['application.new']);
    const asked = (
      await person.visitor.api('staff/me/notifications', {
        email: 'new.box@insure.example.com.tw',
        kinds: ['application.new', 'documents.overdue'],
      })
    ).json().data;
    // the choice of notices is kept at once; the address waits for its code
    expect(asked).toMatchObject({
      email: 'old.box@insure.example.com.tw',
      kinds: ['application.new', 'documents.overdue'],
      pending: { address: 'new.box@insure.example.com.tw', state: 'issued', triesLeft: 5 },
    });
    const code = await codeSentTo(t, 'new.box@insure.example.com.tw');
    const sent = await t.db
      .selectFrom('outbox')
      .select(['kind', 'subject', 'text', 'application_no', 'contact_no'])
      .where('recipient', '=', 'new.box@insure.example.com.tw')
      .execute();
    expect(sent).toEqual([
      {
        kind: 'staff.address',
        subject: '【晴川人壽團體保險】通知信箱驗證碼',
        text: expect.stringContaining('驗證碼：●●●●●●'),
        application_no: null,
        contact_no: null,
      },
    ]);

    // meanwhile a new application is told at the address confirmed before
    const { applicationNo } = await applyForBasic(t);
    const toldAt = await t.db
      .selectFrom('outbox')
      .select('recipient')
      .where('application_no', '=', applicationNo)
      .where('kind', '=', 'staff.application')
      .where('recipient', 'like', '%.box@%')
      .execute();
    expect(toldAt).toEqual([{ recipient: 'old.box@insure.example.com.tw' }]);

    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = (await person.visitor.api('staff/me/notifications/confirm', { code: wrong })).json();
    expect(refused).toEqual({ returnCode: 1, data: null, msg: '驗證碼錯誤，還可再試 4 次' });
    expect((await person.visitor.read('staff/me/notifications')).json().data.pending.triesLeft).toBe(4);
    const confirmed = (await person.visitor.api('staff/me/notifications/confirm', { code })).json().data;
    expect(confirmed).toMatchObject({ email: 'new.box@insure.example.com.tw', pending: null });

    // removing the address needs no code
    const removed = (await person.visitor.api('staff/me/notifications', { email: '', kinds: [] })).json();
    expect(removed.data).toMatchObject({ email: null, pending: null, kinds: [] });
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'target_staff', 'detail'])
      .where('actor', '=', person.name)
      .where('action', '=', 'notice.address')
      .orderBy('id')
      .execute();
    expect(audit).toEqual([
      {
        actor: person.name,
        action: 'notice.address',
        target_staff: person.name,
        detail: '通知信箱改為 o***@insure.example.com.tw',
      },
      {
        actor: person.name,
        action: 'notice.address',
        target_staff: person.name,
        detail: '通知信箱改為 n***@insure.example.com.tw',
      },
      { actor: person.name, action: 'notice.address', target_staff: person.name, detail: '移除通知信箱' },
    ]);
  });

  it('sends the code again on asking, the one before it void; refuses a code when none waits', async () => {
    const person = await signedInStaff(t, ['service'], 'address');
    const none = (await person.visitor.api('staff/me/notifications/resend', {})).json();
    expect(none).toEqual({ returnCode: 1, data: null, msg: '驗證碼已失效，請重新寄送驗證碼' });
    await person.visitor.api('staff/me/notifications', {
      email: 'resend.box@insure.example.com.tw',
      kinds: [],
    });
    const first = await codeSentTo(t, 'resend.box@insure.example.com.tw');
    const again = (await person.visitor.api('staff/me/notifications/resend', {})).json();
    expect(again.data.pending).toMatchObject({
      address: 'resend.box@insure.example.com.tw',
      state: 'issued',
    });
    const second = await codeSentTo(t, 'resend.box@insure.example.com.tw');
    if (first !== second) {
      const old = (await person.visitor.api('staff/me/notifications/confirm', { code: first })).json();
      expect(old.msg).toBe('驗證碼錯誤，還可再試 4 次');
    }
    const confirmed = (await person.visitor.api('staff/me/notifications/confirm', { code: second })).json();
    expect(confirmed.data.email).toBe('resend.box@insure.example.com.tw');
  });

  it('sends no second code for the address already waiting for one; an emptied address withdraws it', async () => {
    const person = await signedInStaff(t, ['underwriter'], 'address');
    const save = async (email: string, kinds: string[]) =>
      (await person.visitor.api('staff/me/notifications', { email, kinds })).json().data;
    await save('wait.box@insure.example.com.tw', []);
    // the notices chosen again, the address as it waits: the code sent stands
    const again = await save('wait.box@insure.example.com.tw', ['application.new']);
    expect(again.pending).toMatchObject({ address: 'wait.box@insure.example.com.tw', state: 'issued' });
    const codes = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('recipient', '=', 'wait.box@insure.example.com.tw')
      .execute();
    expect(codes).toHaveLength(1);
    const code = await codeSentTo(t, 'wait.box@insure.example.com.tw');

    const emptied = await save('', ['application.new']);
    expect(emptied).toMatchObject({ email: null, pending: null, kinds: ['application.new'] });
    const late = (await person.visitor.api('staff/me/notifications/confirm', { code })).json();
    expect(late).toEqual({ returnCode: 1, data: null, msg: '驗證碼已失效，請重新寄送驗證碼' });
    const { state } = await t.db
      .selectFrom('email_codes')
      .select('state')
      .where('subject', '=', person.name)
      .executeTakeFirstOrThrow();
    expect(state).toBe('withdrawn');
  });
});
