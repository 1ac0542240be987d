import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_QUOTE_REQUEST } from '../../machine-paths/contact/samples';
import type { StaffRole } from '../../src/domain/staff-roles';
import { CartVisitor } from '../support/cart-visitor';
import { storeMessage } from '../support/contact-inbox';
import { addStaff, createTestApp, type TestApp } from '../support/server';

/*
 * Issue 35's contact inbox over HTTP: the service desk lists the messages, reads one with its notes, reply
 * and handling, takes it (指派給我, to the person signed in), notes it, keeps a reply and closes or reopens
 * it as the message machine allows (new → 處理中 → 已回覆 → 已結案), each write recorded in the audit log with
 * it; a write on a version someone else changed is refused with 「此訊息已由他人更新」 and where the message
 * stands now. Only the service desk may (the issue's table of roles gives the inbox to 客服 alone).
 */

const PASSWORD = 'a long enough passphrase';
const UNKNOWN_NO = 'CT115010100001';

let people = 0;
async function signedIn(t: TestApp, roles: StaffRole[]) {
  const name = `inbox.${++people}`;
  await addStaff(t.db, name, PASSWORD, roles);
  const visitor = await CartVisitor.arrive(t);
  expect((await visitor.api('staff/login', { name, password: PASSWORD })).json().returnCode).toBe(0);
  return { name, visitor };
}

const auditOf = (t: TestApp, contactNo: string) =>
  t.db
    .selectFrom('audit_log')
    .select(['actor', 'action', 'detail'])
    .where('contact_no', '=', contactNo)
    .orderBy('id')
    .execute();

describe('the contact inbox’s endpoints', () => {
  let t: TestApp;
  let service: Awaited<ReturnType<typeof signedIn>>;
  beforeAll(async () => {
    t = await createTestApp();
    service = await signedIn(t, ['service']);
  }, 60_000);
  afterAll(() => t.close());

  it('lists the messages, oldest first, a quote request with its cover and head count, filtered and counted', async () => {
    const older = await storeMessage(t.db, new Date('2026-03-02T01:00:00Z'), SAMPLE_QUOTE_REQUEST);
    const newer = await storeMessage(t.db, new Date('2026-03-03T01:00:00Z'));
    const answer = (
      await service.visitor.read('staff/contacts?receivedFrom=2026-03-02&receivedTo=2026-03-03')
    ).json();
    expect(answer.returnCode).toBe(0);
    expect(answer.data.messages.map((m: { contactNo: string }) => m.contactNo)).toEqual([older, newer]);
    expect(answer.data.messages[0]).toMatchObject({
      status: 'new',
      assignee: null,
      version: 0,
      receivedAt: '2026-03-02T01:00:00.000Z',
      companyName: SAMPLE_QUOTE_REQUEST.companyName,
      quoteHeadcount: 80,
      quoteTitle: SAMPLE_QUOTE_REQUEST.quote!.item.CLASS_TITLE,
    });
    expect(answer.data.messages[1]).toMatchObject({ quoteHeadcount: null, quoteTitle: null });
    expect(answer.data.counts.new).toBe(2);
    const quotes = (
      await service.visitor.read(
        'staff/contacts?quoteOnly=true&receivedFrom=2026-03-02&receivedTo=2026-03-03',
      )
    ).json();
    expect(quotes.data.messages.map((m: { contactNo: string }) => m.contactNo)).toEqual([older]);
    const wrong = await service.visitor.read('staff/contacts?status=open');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().msg).toContain('狀態');
  });

  it('reads one message with the cover and head count that were priced; 404 for none', async () => {
    const contactNo = await storeMessage(t.db, new Date('2026-03-04T01:00:00Z'), SAMPLE_QUOTE_REQUEST);
    const found = (await service.visitor.read(`staff/contacts/${contactNo}`)).json().data;
    expect(found.message).toMatchObject({
      contactNo,
      status: 'new',
      content: SAMPLE_QUOTE_REQUEST.content,
      quote: { headcount: 80, cover: { CLASS_TITLE: SAMPLE_QUOTE_REQUEST.quote!.item.CLASS_TITLE } },
      notes: [],
      replies: [],
    });
    expect(found.history).toEqual([]);
    expect(found.actions).toEqual(['message.assign']);
    const none = await service.visitor.read(`staff/contacts/${UNKNOWN_NO}`);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ returnCode: 404, data: null, msg: '查無此訊息' });
  });

  it('takes a message to the person signed in, notes it, keeps a reply and closes it, each recorded', async () => {
    const contactNo = await storeMessage(t.db, new Date('2026-03-05T01:00:00Z'));
    const path = `staff/contacts/${contactNo}`;
    const assigned = (await service.visitor.api(`${path}/assign`, { version: 0 })).json();
    expect(assigned.returnCode).toBe(0);
    expect(assigned.data.message).toMatchObject({ status: 'handling', assignee: service.name, version: 1 });
    expect(assigned.data.actions).toEqual(['message.reply', 'message.close']);

    const noted = (await service.visitor.api(`${path}/note`, { text: '已致電，下午再聯絡' })).json();
    expect(noted.returnCode).toBe(0);
    expect(noted.data.message.notes).toEqual([
      { author: service.name, at: expect.any(String), text: '已致電，下午再聯絡' },
    ]);
    expect(noted.data.message.version).toBe(1);

    const replied = (
      await service.visitor.api(`${path}/reply`, { version: 1, text: '您好，報價單將於明日寄出。' })
    ).json();
    expect(replied.returnCode).toBe(0);
    expect(replied.data.message.status).toBe('replied');
    expect(replied.data.message.replies.map((r: { text: string }) => r.text)).toEqual([
      '您好，報價單將於明日寄出。',
    ]);
    expect(replied.data.actions).toEqual(['message.reopen', 'message.close']);

    const closed = (await service.visitor.api(`${path}/move`, { version: 2, move: 'message.close' })).json();
    expect(closed.data.message).toMatchObject({ status: 'closed', version: 3 });
    expect(closed.data.actions).toEqual([]);
    expect(closed.data.history.map((e: { action: string }) => e.action)).toEqual([
      'contact.move',
      'contact.reply',
      'contact.note',
      'contact.assign',
    ]);
    // one entry per write, no more: the note's text is not in the log
    expect(await auditOf(t, contactNo)).toEqual([
      { actor: service.name, action: 'contact.assign', detail: '→ 處理中' },
      { actor: service.name, action: 'contact.note', detail: null },
      { actor: service.name, action: 'contact.reply', detail: '→ 已回覆' },
      { actor: service.name, action: 'contact.move', detail: '→ 已結案' },
    ]);
  });

  it('reopens a replied message', async () => {
    const contactNo = await storeMessage(t.db, new Date('2026-03-06T01:00:00Z'));
    const path = `staff/contacts/${contactNo}`;
    await service.visitor.api(`${path}/assign`, { version: 0 });
    await service.visitor.api(`${path}/reply`, { version: 1, text: '已回覆' });
    const reopened = (
      await service.visitor.api(`${path}/move`, { version: 2, move: 'message.reopen' })
    ).json();
    expect(reopened.data.message).toMatchObject({ status: 'handling', version: 3 });
  });

  it('refuses a move the machine does not take from the status, storing nothing', async () => {
    const contactNo = await storeMessage(t.db, new Date('2026-03-07T01:00:00Z'));
    const path = `staff/contacts/${contactNo}`;
    const reply = (await service.visitor.api(`${path}/reply`, { version: 0, text: '未指派先回覆' })).json();
    expect(reply).toEqual({ returnCode: 1, data: null, msg: '此訊息目前為「新訊息」，無法執行此動作' });
    const close = (await service.visitor.api(`${path}/move`, { version: 0, move: 'message.reopen' })).json();
    expect(close.msg).toBe('此訊息目前為「新訊息」，無法執行此動作');
    const found = (await service.visitor.read(path)).json().data;
    expect(found.message).toMatchObject({ status: 'new', version: 0, replies: [] });
    expect(await auditOf(t, contactNo)).toEqual([]);
  });

  it('refuses a write on a version someone else changed: 此訊息已由他人更新, with where it stands now', async () => {
    const contactNo = await storeMessage(t.db, new Date('2026-03-08T01:00:00Z'));
    const path = `staff/contacts/${contactNo}`;
    const other = await signedIn(t, ['service']);
    expect((await other.visitor.api(`${path}/assign`, { version: 0 })).json().returnCode).toBe(0);
    const late = (await service.visitor.api(`${path}/assign`, { version: 0 })).json();
    expect(late).toEqual({
      returnCode: 1,
      data: { status: 'handling', assignee: other.name, version: 1 },
      msg: '此訊息已由他人更新',
    });
    const lateReply = (await service.visitor.api(`${path}/reply`, { version: 0, text: '回覆' })).json();
    expect(lateReply.msg).toBe('此訊息已由他人更新');
    expect(await auditOf(t, contactNo)).toEqual([
      { actor: other.name, action: 'contact.assign', detail: '→ 處理中' },
    ]);
  });

  it('answers 404 for a write on no message, and 400 for a body the schemas refuse', async () => {
    const none = await service.visitor.api(`staff/contacts/${UNKNOWN_NO}/note`, { text: '備註' });
    expect(none.statusCode).toBe(404);
    expect(none.json().msg).toBe('查無此訊息');
    const contactNo = await storeMessage(t.db, new Date('2026-03-09T01:00:00Z'));
    const empty = await service.visitor.api(`staff/contacts/${contactNo}/note`, { text: '' });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().msg).toContain('內部備註');
    const badNo = await service.visitor.read('staff/contacts/GI115112300001');
    expect(badNo.statusCode).toBe(400);
    expect(badNo.json().msg).toContain('案件編號');
  });

  it('lets the service desk in and refuses an underwriter and an admin', async () => {
    const contactNo = await storeMessage(t.db, new Date('2026-03-10T01:00:00Z'));
    for (const role of ['underwriter', 'admin'] as const) {
      const { visitor } = await signedIn(t, [role]);
      expect((await visitor.read('staff/contacts')).statusCode).toBe(403);
      expect((await visitor.read(`staff/contacts/${contactNo}`)).statusCode).toBe(403);
      const assign = await visitor.api(`staff/contacts/${contactNo}/assign`, { version: 0 });
      expect(assign.json()).toEqual({ returnCode: 403, data: null, msg: '您沒有使用此功能的權限' });
    }
    expect((await service.visitor.read(`staff/contacts/${contactNo}`)).json().data.message.status).toBe(
      'new',
    );
  });
});
