import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/samples/contact.samples';
import { advanceApplication } from '../../src/server/db/repositories/application-events';
import { queueOverdueNotices } from '../../src/server/mail/overdue-notices';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';
import { APPLICANT } from '../support/shopcart-input';
import { signedInStaff } from '../support/staff-visitor';

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
      kinds: [],
      offered: ['application.new', 'documents.overdue'],
    });

    const chosen = (
      await underwriter.visitor.api('staff/me/notifications', {
        email: 'uw.one@insure.example.com.tw',
        kinds: ['application.new', 'documents.overdue'],
      })
    ).json();
    expect(chosen.data).toEqual({
      email: 'uw.one@insure.example.com.tw',
      kinds: ['application.new', 'documents.overdue'],
      offered: ['application.new', 'documents.overdue'],
    });
    // an address, but no notice chosen
    await quietUnderwriter.visitor.api('staff/me/notifications', {
      email: 'uw.two@insure.example.com.tw',
      kinds: [],
    });

    const refused = (
      await service.visitor.api('staff/me/notifications', {
        email: 'desk@insure.example.com.tw',
        kinds: ['application.new'],
      })
    ).json();
    expect(refused).toMatchObject({ returnCode: 1, msg: '您的角色沒有此通知項目' });
    await service.visitor.api('staff/me/notifications', {
      email: 'desk@insure.example.com.tw',
      kinds: ['contact.new'],
    });

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
});
