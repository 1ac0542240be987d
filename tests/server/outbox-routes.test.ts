import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_CONTACT_MESSAGE } from '../../machine-paths/contact/samples';
import type { OutboxPage } from '../../src/domain/api/outbox';
import { takeDueMessages } from '../../src/server/db/repositories/outbox';
import { CartVisitor } from '../support/cart-visitor';
import { createTestApp, type TestApp } from '../support/server';
import { applyForBasic } from '../support/shopcart';
import { APPLICANT } from '../support/shopcart-input';
import { chooseNotices, signedInStaff } from '../support/staff-visitor';

/*
 * Issue 36's 寄件匣 over HTTP: every e-mail with its state, as it will be sent, and 重新寄送 for a failed
 * one, recorded in the audit log with the application it is about and never an address. For the service
 * desk and the underwriters, whose work writes the e-mails.
 */

describe('寄件匣’s endpoints', () => {
  let t: TestApp;
  // the server's clock, moved on by a test
  let ahead = 0;
  beforeAll(async () => {
    t = await createTestApp({ now: () => new Date(Date.now() + ahead) });
  }, 60_000);
  afterAll(() => t.close());

  it('lists each e-mail as it will be sent, newest first, with the count in each state', async () => {
    const { applicationNo } = await applyForBasic(t);
    const underwriter = await signedInStaff(t, ['underwriter'], 'outbox');
    const answer = (await underwriter.visitor.read('staff/outbox?state=waiting')).json();
    expect(answer.returnCode).toBe(0);
    const [newest] = answer.data.entries;
    expect(newest).toMatchObject({
      kind: 'application.received',
      state: 'waiting',
      recipient: APPLICANT.email,
      recipientName: APPLICANT.contactName,
      attempts: 0,
      lastError: null,
      sentAt: null,
      applicationNo,
      contactNo: null,
    });
    expect(newest.subject).toContain(applicationNo);
    expect(newest.text).toContain(applicationNo);
    expect(newest.html).toContain(applicationNo);
    expect(answer.data.counts.waiting).toBeGreaterThanOrEqual(1);
    expect(answer.data.total).toBe(answer.data.counts.waiting);
  });

  // Issue 36: a process killed mid-delivery leaves the message to be sent again. Until another worker takes
  // it, 寄件匣 tells it as waiting once the lease has run out, in the list, its filter, its counts and alone.
  it('tells an e-mail whose worker stopped answering as waiting once its lease has run out', async () => {
    const { applicationNo } = await applyForBasic(t);
    const underwriter = await signedInStaff(t, ['underwriter'], 'outbox');
    // every e-mail waiting is taken, this one among them
    const taken = await takeDueMessages(t.db, {
      worker: 'a worker that stops answering',
      now: new Date(),
      leaseMs: 60_000,
      limit: 100,
    });
    const { id } = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('application_no', '=', applicationNo)
      .executeTakeFirstOrThrow();
    expect(taken.map((m) => m.id)).toContain(id);
    const read = async () => {
      const one = (await underwriter.visitor.read(`staff/outbox/${id}`)).json().data;
      const sending: OutboxPage = (await underwriter.visitor.read('staff/outbox?state=sending')).json().data;
      const waiting: OutboxPage = (await underwriter.visitor.read('staff/outbox?state=waiting')).json().data;
      return {
        state: one.state,
        inSending: sending.entries.some((e) => e.id === id),
        inWaiting: waiting.entries.some((e) => e.id === id),
        counts: [sending.counts.sending, sending.counts.waiting],
      };
    };
    try {
      const during = await read();
      expect(during).toMatchObject({ state: 'sending', inSending: true, inWaiting: false });
      ahead = 60_000 + 1_000;
      const after = await read();
      expect(after).toMatchObject({ state: 'waiting', inSending: false, inWaiting: true });
      expect(during.counts).toEqual([taken.length, 0]);
      expect(after.counts).toEqual([0, taken.length]);
    } finally {
      ahead = 0;
      await t.db.updateTable('outbox').set({ state: 'sent', taken_by: null, taken_until: null }).execute();
    }
  });

  it('sends a failed e-mail again, recorded in the audit log; refuses one that has not failed', async () => {
    const { applicationNo } = await applyForBasic(t);
    const underwriter = await signedInStaff(t, ['underwriter'], 'outbox');
    const { id } = await t.db
      .selectFrom('outbox')
      .select('id')
      .where('application_no', '=', applicationNo)
      .executeTakeFirstOrThrow();

    const early = (await underwriter.visitor.api(`staff/outbox/${id}/resend`, {})).json();
    expect(early).toMatchObject({ returnCode: 1, msg: '此郵件目前為「待寄送」，僅寄送失敗的郵件可重新寄送' });

    await t.db
      .updateTable('outbox')
      .set({ state: 'failed', attempts: 7, last_error: '550 5.1.1 Recipient address rejected' })
      .where('id', '=', id)
      .execute();
    const resent = (await underwriter.visitor.api(`staff/outbox/${id}/resend`, {})).json();
    expect(resent).toMatchObject({ returnCode: 0, data: { id } });
    const row = await t.db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ state: 'waiting', attempts: 0 });
    expect(row.next_attempt_at.getTime()).toBeLessThanOrEqual(Date.now());

    const audit = await t.db
      .selectFrom('audit_log')
      .select(['actor', 'action', 'detail'])
      .where('application_no', '=', applicationNo)
      .where('action', '=', 'outbox.resend')
      .execute();
    expect(audit).toEqual([
      { actor: underwriter.name, action: 'outbox.resend', detail: `郵件 ${id}：寄送失敗 → 待寄送` },
    ]);
    expect(audit[0]!.detail).not.toContain('@');
  });

  it('reads one e-mail again by its id, as the list shows it', async () => {
    const { applicationNo } = await applyForBasic(t);
    const underwriter = await signedInStaff(t, ['underwriter'], 'outbox');
    const { entries } = (await underwriter.visitor.read('staff/outbox')).json().data as OutboxPage;
    const listed = entries.find((entry) => entry.applicationNo === applicationNo)!;
    expect(listed).toBeDefined();
    const one = await underwriter.visitor.read(`staff/outbox/${listed.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toEqual({ returnCode: 0, data: listed, msg: '' });

    // the state it is in now, not the list's: the worker's outcome shows at the next read
    await t.db
      .updateTable('outbox')
      .set({ state: 'failed', attempts: 1, last_error: '550 5.1.1 Recipient address rejected' })
      .where('id', '=', listed.id)
      .execute();
    const again = (await underwriter.visitor.read(`staff/outbox/${listed.id}`)).json().data;
    expect(again).toMatchObject({
      id: listed.id,
      state: 'failed',
      attempts: 1,
      lastError: '550 5.1.1 Recipient address rejected',
    });
  });

  it('answers one e-mail 404 「查無此郵件」 when there is none, and an id that is not one 400, never 5xx', async () => {
    const service = await signedInStaff(t, ['service'], 'outbox');
    const missing = await service.visitor.read('staff/outbox/999999');
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ returnCode: 404, data: null, msg: '查無此郵件' });
    for (const id of ['abc', '0', '-1', '1.5', '99999999999', '%E5%8F', '1%00']) {
      const bad = await service.visitor.read(`staff/outbox/${id}`);
      expect({ id, status: bad.statusCode, returnCode: bad.json().returnCode }).toEqual({
        id,
        status: 400,
        returnCode: 400,
      });
      expect(bad.json().msg).toMatch(/\p{Script=Han}/u);
    }
    // a whole number out of range is named by its field
    expect((await service.visitor.read('staff/outbox/0')).json().msg).toMatch(/郵件編號/);
  });

  it('answers 404 for no such e-mail, 400 for an id that is not one', async () => {
    const service = await signedInStaff(t, ['service'], 'outbox');
    expect((await service.visitor.api('staff/outbox/999999/resend', {})).statusCode).toBe(404);
    expect((await service.visitor.api('staff/outbox/abc/resend', {})).statusCode).toBe(400);
  });

  it('is refused without a staff session (401) and to the other roles (403)', async () => {
    const visitor = await CartVisitor.arrive(t);
    expect((await visitor.read('staff/outbox')).statusCode).toBe(401);
    const analyst = await signedInStaff(t, ['analyst', 'admin'], 'outbox');
    expect((await analyst.visitor.read('staff/outbox')).statusCode).toBe(403);
    expect((await visitor.read('staff/outbox/1')).statusCode).toBe(401);
    expect((await analyst.visitor.read('staff/outbox/1')).json()).toEqual({
      returnCode: 403,
      data: null,
      msg: '您沒有使用此功能的權限',
    });
    expect((await analyst.visitor.api('staff/outbox/1/resend', {})).statusCode).toBe(403);
  });

  // Issue 45: an underwriter read the service desk's replies and the senders' addresses in 寄件匣, and every
  // reader saw every staff member's notice address. Each person sees the e-mails of the areas their roles
  // open; another staff member's address is masked; a code to a new notice address is its owner's alone.
  it('shows each person only the e-mails of the areas their roles open, others’ addresses masked', async () => {
    const underwriter = await signedInStaff(t, ['underwriter'], 'area');
    const service = await signedInStaff(t, ['service'], 'area');
    const both = await signedInStaff(t, ['service', 'underwriter'], 'area');
    await chooseNotices(t, underwriter, 'area.uw@insure.example.com.tw', ['application.new']);
    await chooseNotices(t, service, 'area.desk@insure.example.com.tw', ['contact.new']);
    // a new notice address waiting for its code: its e-mail is its owner's
    await both.visitor.api('staff/me/notifications', { email: 'area.both@insure.example.com.tw', kinds: [] });
    const { applicationNo } = await applyForBasic(t);
    const sender = await CartVisitor.arrive(t);
    const sent = await sender.api('contact/submit', {
      requestId: crypto.randomUUID(),
      message: SAMPLE_CONTACT_MESSAGE,
      captcha: await sender.captcha(),
    });
    const { contactNo } = sent.json().data as { contactNo: string };

    const listed = async (who: typeof underwriter) =>
      ((await who.visitor.read('staff/outbox')).json().data as OutboxPage).entries;
    const kinds = (entries: OutboxPage['entries']) => [...new Set(entries.map((e) => e.kind))].sort();
    const byUnderwriter = await listed(underwriter);
    const byService = await listed(service);
    const byBoth = await listed(both);
    // each one's own code, from confirming their notice address, and no one else's
    expect(kinds(byUnderwriter)).toEqual(['application.received', 'staff.address', 'staff.application']);
    expect(kinds(byService)).toEqual(['contact.received', 'staff.address', 'staff.contact']);
    for (const [who, entries] of [
      [underwriter, byUnderwriter],
      [service, byService],
      [both, byBoth],
    ] as const)
      expect(entries.filter((e) => e.kind === 'staff.address').map((e) => e.recipientName)).toEqual([
        who.name,
      ]);
    expect(kinds(byBoth)).toEqual([
      'application.received',
      'contact.received',
      'staff.address',
      'staff.application',
      'staff.contact',
    ]);
    // the counts and the total are of what the person may see
    const page = (await service.visitor.read('staff/outbox')).json().data as OutboxPage;
    expect(page.total).toBe(byService.length);
    expect(Object.values(page.counts).reduce((a, b) => a + b, 0)).toBe(byService.length);

    // a staff notice's address is its owner's: masked to everyone else
    const uwNotice = byBoth.find((e) => e.kind === 'staff.application')!;
    expect(uwNotice.recipient).toBe('a***@insure.example.com.tw');
    expect(byUnderwriter.find((e) => e.kind === 'staff.application')!.recipient).toBe(
      'area.uw@insure.example.com.tw',
    );
    // the applicant's and the sender's addresses stay whole for the area they belong to
    const received = (e: OutboxPage['entries'][number]) =>
      e.applicationNo === applicationNo && e.kind === 'application.received';
    expect(byUnderwriter.find(received)!.recipient).toBe(APPLICANT.email);

    // another area's e-mail is no e-mail: not read, not sent again
    const reply = byService.find((e) => e.contactNo === contactNo)!;
    expect((await underwriter.visitor.read(`staff/outbox/${reply.id}`)).statusCode).toBe(404);
    expect((await underwriter.visitor.api(`staff/outbox/${reply.id}/resend`, {})).statusCode).toBe(404);
    const application = byUnderwriter.find(received)!;
    expect((await service.visitor.read(`staff/outbox/${application.id}`)).statusCode).toBe(404);
    const code = byBoth.find((e) => e.kind === 'staff.address')!;
    expect((await underwriter.visitor.read(`staff/outbox/${code.id}`)).statusCode).toBe(404);
    expect(code.text).toContain('●●●●●●');
  });
});
