import { type Kysely, sql } from 'kysely';
import { beforeEach, expect, it } from 'vitest';
import { SAMPLE_QUOTE_REQUEST } from '../../machine-paths/contact/samples';
import { SAMPLE_INBOX_REPLY } from '../../machine-paths/contact-message/samples';
import { Refusal, refusableWrite } from '../../src/server/db/refusable-write';
import {
  addContactNote,
  assignContactMessage,
  type ContactRefusal,
  type ContactState,
  keepContactReply,
  listContactMessages,
  moveContactMessage,
  readContactMessage,
} from '../../src/server/db/repositories/contact-inbox';
import type { Database } from '../../src/server/db/schema';
import { barrier, emptyInbox, storeMessage } from './contact-inbox';

// Issue 35's inbox rules for the repository, on the database `db()` gives: every case empties the inbox
// first. `concurrent`: the database runs transactions side by side (PostgreSQL), so a race can be staged
// with both transactions open before either writes.

const UPDATED_BY_OTHER = '此訊息已由他人更新';
const refusedAt = (status: string) => `此訊息目前為「${status}」，無法執行此動作`;
// 2026-11-24 09:00 in Taipei
const MORNING = new Date('2026-11-24T01:00:00Z');
const minutes = (n: number) => new Date(MORNING.getTime() + n * 60_000);

type Answer = ContactState | Refusal<ContactRefusal>;

export function contactInboxCases(db: () => Kysely<Database>, concurrent: boolean): void {
  const write = (work: Parameters<typeof refusableWrite<ContactState, ContactRefusal>>[1]) =>
    refusableWrite(db(), work);
  const state = async (contactNo: string) => {
    const detail = await readContactMessage(db(), contactNo);
    return detail && { status: detail.status, assignee: detail.assignee, version: detail.version };
  };

  beforeEach(() => emptyInbox(db()));

  it('lists the messages oldest first, 20 to a page, with the total and the counts per status', async () => {
    const stored: string[] = [];
    for (let n = 0; n < 25; n += 1) stored.push(await storeMessage(db(), minutes(25 - n)));
    const first = await listContactMessages(db(), { page: 1 });
    expect(first.messages.map((m) => m.contactNo)).toEqual(stored.slice(5).reverse());
    expect(first).toMatchObject({ total: 25, page: 1, pageSize: 20 });
    expect(first.counts).toEqual({ new: 25, handling: 0, replied: 0, closed: 0 });
    const second = await listContactMessages(db(), { page: 2 });
    expect(second.messages.map((m) => m.contactNo)).toEqual(stored.slice(0, 5).reverse());
    expect(second.messages[0]).toMatchObject({
      status: 'new',
      assignee: null,
      version: 0,
      name: '陳美玲',
      companyName: '晴空軟體股份有限公司',
      topic: 'quote',
      quoteHeadcount: null,
      receivedAt: minutes(21),
    });
  });

  it('filters by status, assignee, quote requests and received day in Taipei; counts under the other filters', async () => {
    // 23:59 of the 24th and 00:00 of the 25th in Taipei
    const lateOn24 = await storeMessage(db(), new Date('2026-11-24T15:59:00Z'));
    const earlyOn25 = await storeMessage(db(), new Date('2026-11-24T16:00:00Z'), SAMPLE_QUOTE_REQUEST);
    const on26 = await storeMessage(db(), new Date('2026-11-26T02:00:00Z'), SAMPLE_QUOTE_REQUEST);
    await write((trx) => assignContactMessage(trx, { contactNo: earlyOn25, version: 0, staff: 'mei' }));
    await write((trx) => assignContactMessage(trx, { contactNo: on26, version: 0, staff: 'hao' }));
    const listed = async (query: Omit<Parameters<typeof listContactMessages>[1], 'page'>) => {
      const page = await listContactMessages(db(), { page: 1, ...query });
      return { nos: page.messages.map((m) => m.contactNo), total: page.total, counts: page.counts };
    };
    expect(await listed({ status: 'handling' })).toEqual({
      nos: [earlyOn25, on26],
      total: 2,
      counts: { new: 1, handling: 2, replied: 0, closed: 0 },
    });
    expect((await listed({ assignee: 'mei' })).nos).toEqual([earlyOn25]);
    expect(await listed({ quoteOnly: true })).toEqual({
      nos: [earlyOn25, on26],
      total: 2,
      counts: { new: 0, handling: 2, replied: 0, closed: 0 },
    });
    expect((await listed({ receivedTo: '2026-11-24' })).nos).toEqual([lateOn24]);
    expect((await listed({ receivedFrom: '2026-11-25' })).nos).toEqual([earlyOn25, on26]);
    expect(await listed({ receivedFrom: '2026-11-25', receivedTo: '2026-11-25', status: 'new' })).toEqual({
      nos: [],
      total: 0,
      counts: { new: 0, handling: 1, replied: 0, closed: 0 },
    });
    expect((await listContactMessages(db(), { quoteOnly: true, page: 1 })).messages[0]!.quoteHeadcount).toBe(
      80,
    );
  });

  it('reads a message with what the sender gave, the cover priced, its notes and its replies in order', async () => {
    const contactNo = await storeMessage(db(), MORNING, SAMPLE_QUOTE_REQUEST);
    await write((trx) => assignContactMessage(trx, { contactNo, version: 0, staff: 'mei' }));
    const noted = await write((trx) =>
      addContactNote(trx, { contactNo, author: 'mei', text: '先查過往投保紀錄', at: minutes(1) }),
    );
    await write((trx) =>
      keepContactReply(trx, {
        contactNo,
        version: 1,
        author: 'mei',
        text: SAMPLE_INBOX_REPLY,
        at: minutes(2),
      }),
    );
    await write((trx) => addContactNote(trx, { contactNo, author: 'hao', text: '已轉業務', at: minutes(3) }));
    // a note is no move: it names no version and raises none
    expect(noted).toEqual({ contactNo, status: 'handling', assignee: 'mei', version: 1 });
    const detail = await readContactMessage(db(), contactNo);
    expect(detail).toMatchObject({
      contactNo,
      status: 'replied',
      assignee: 'mei',
      version: 2,
      email: 'hr@example.com.tw',
      mobile: '0912-345-678',
      content: SAMPLE_QUOTE_REQUEST.content,
      quoteHeadcount: 80,
      quote: {
        headcount: 80,
        cover: {
          SOURCE_CODE: 'PKG',
          CLASS_TITLE: '基本型',
          PROD_LIST: [
            expect.objectContaining({ PROD_ID: 'GTL', FACE_AMT: 1_000_000 }),
            expect.objectContaining({ PROD_ID: 'GAD', FACE_AMT: 1_000_000 }),
            expect.objectContaining({ PROD_ID: 'GAM', FACE_AMT: 30_000 }),
          ],
        },
      },
      notes: [
        { author: 'mei', at: minutes(1), text: '先查過往投保紀錄' },
        { author: 'hao', at: minutes(3), text: '已轉業務' },
      ],
      replies: [{ author: 'mei', at: minutes(2), text: SAMPLE_INBOX_REPLY }],
    });
    expect(await readContactMessage(db(), 'CT115112499999')).toBeNull();
  });

  it('moves a message new → 處理中 → 已回覆 → 處理中 → 已結案, each from the version read', async () => {
    const contactNo = await storeMessage(db(), MORNING);
    expect(await write((trx) => assignContactMessage(trx, { contactNo, version: 0, staff: 'mei' }))).toEqual({
      contactNo,
      status: 'handling',
      assignee: 'mei',
      version: 1,
    });
    await write((trx) =>
      keepContactReply(trx, { contactNo, version: 1, author: 'mei', text: SAMPLE_INBOX_REPLY, at: MORNING }),
    );
    expect(await state(contactNo)).toEqual({ status: 'replied', assignee: 'mei', version: 2 });
    await write((trx) => moveContactMessage(trx, { contactNo, version: 2, move: 'message.reopen' }));
    expect(await state(contactNo)).toEqual({ status: 'handling', assignee: 'mei', version: 3 });
    await write((trx) => moveContactMessage(trx, { contactNo, version: 3, move: 'message.close' }));
    expect(await state(contactNo)).toEqual({ status: 'closed', assignee: 'mei', version: 4 });
  });

  it('refuses what the machine does not take from the stored status, and writes nothing', async () => {
    const contactNo = await storeMessage(db(), MORNING);
    const reply = (version: number) =>
      write((trx) =>
        keepContactReply(trx, { contactNo, version, author: 'mei', text: SAMPLE_INBOX_REPLY, at: MORNING }),
      );
    const refusal = await reply(0);
    expect(refusal).toEqual(
      new Refusal({
        message: refusedAt('新訊息'),
        current: { contactNo, status: 'new', assignee: null, version: 0 },
      }),
    );
    expect(
      await write((trx) => moveContactMessage(trx, { contactNo, version: 0, move: 'message.close' })),
    ).toBeInstanceOf(Refusal);
    await write((trx) => assignContactMessage(trx, { contactNo, version: 0, staff: 'mei' }));
    await write((trx) => moveContactMessage(trx, { contactNo, version: 1, move: 'message.close' }));
    const closed = { contactNo, status: 'closed', assignee: 'mei', version: 2 };
    expect(await reply(2)).toEqual(new Refusal({ message: refusedAt('已結案'), current: closed }));
    expect(await write((trx) => assignContactMessage(trx, { contactNo, version: 2, staff: 'hao' }))).toEqual(
      new Refusal({ message: refusedAt('已結案'), current: closed }),
    );
    expect(
      await write((trx) => moveContactMessage(trx, { contactNo, version: 2, move: 'message.reopen' })),
    ).toEqual(new Refusal({ message: refusedAt('已結案'), current: closed }));
    expect((await readContactMessage(db(), contactNo))!.replies).toEqual([]);
    // a closed message still takes a note
    expect(
      await write((trx) =>
        addContactNote(trx, { contactNo, author: 'hao', text: '客戶來電致謝', at: MORNING }),
      ),
    ).toEqual(closed);
  });

  it('refuses a write from a version someone else changed, with the message as it now is', async () => {
    const contactNo = await storeMessage(db(), MORNING);
    await write((trx) => assignContactMessage(trx, { contactNo, version: 0, staff: 'hao' }));
    const now = { contactNo, status: 'handling', assignee: 'hao', version: 1 };
    // the screen still shows the message as new (version 0)
    const stale = new Refusal({ message: UPDATED_BY_OTHER, current: now });
    expect(await write((trx) => assignContactMessage(trx, { contactNo, version: 0, staff: 'mei' }))).toEqual(
      stale,
    );
    expect(
      await write((trx) => moveContactMessage(trx, { contactNo, version: 0, move: 'message.close' })),
    ).toEqual(stale);
    expect(
      await write((trx) =>
        keepContactReply(trx, {
          contactNo,
          version: 0,
          author: 'mei',
          text: SAMPLE_INBOX_REPLY,
          at: MORNING,
        }),
      ),
    ).toEqual(stale);
    expect(await state(contactNo)).toEqual({ status: 'handling', assignee: 'hao', version: 1 });
    expect((await readContactMessage(db(), contactNo))!.replies).toEqual([]);
  });

  it('refuses every write to a message that does not exist', async () => {
    const none = new Refusal({ message: '查無此訊息', current: null });
    const contactNo = 'CT115112499999';
    expect(await write((trx) => assignContactMessage(trx, { contactNo, version: 0, staff: 'mei' }))).toEqual(
      none,
    );
    expect(
      await write((trx) => addContactNote(trx, { contactNo, author: 'mei', text: '備註', at: MORNING })),
    ).toEqual(none);
  });

  it('rolls back what the caller wrote in the same transaction when the move is refused', async () => {
    const contactNo = await storeMessage(db(), MORNING);
    // the caller's own write first (the audit entry, in the back office), then a move the machine refuses
    const answer = await write(async (trx) => {
      await addContactNote(trx, { contactNo, author: 'mei', text: '結案前備註', at: MORNING });
      return moveContactMessage(trx, { contactNo, version: 0, move: 'message.close' });
    });
    expect(answer).toBeInstanceOf(Refusal);
    expect((await readContactMessage(db(), contactNo))!.notes).toEqual([]);
  });

  it('lets one of two people taking the same message at once land; the other is told, with the message as it is', async () => {
    for (let round = 0; round < 5; round += 1) {
      const contactNo = await storeMessage(db(), minutes(round));
      const meet = barrier(2);
      const take = (staff: string) =>
        write(async (trx) => {
          // both transactions hold a connection before either reads the message
          if (concurrent) {
            await sql`select 1`.execute(trx);
            await meet();
          }
          return assignContactMessage(trx, { contactNo, version: 0, staff });
        });
      const answers: Answer[] = await Promise.all([take('mei'), take('hao')]);
      const landed = answers.filter((a): a is ContactState => !(a instanceof Refusal));
      const refused = answers.filter((a): a is Refusal<ContactRefusal> => a instanceof Refusal);
      expect(landed).toHaveLength(1);
      const winner = { contactNo, status: 'handling', assignee: landed[0]!.assignee, version: 1 };
      expect(refused).toEqual([new Refusal({ message: UPDATED_BY_OTHER, current: winner })]);
      expect(await state(contactNo)).toEqual({ status: 'handling', assignee: winner.assignee, version: 1 });
    }
  });

  it('lets one of a reply and a close sent at once land, never both', async () => {
    const contactNo = await storeMessage(db(), MORNING);
    await write((trx) => assignContactMessage(trx, { contactNo, version: 0, staff: 'mei' }));
    const meet = barrier(2);
    const at = async (trx: Parameters<Parameters<typeof write>[0]>[0]) => {
      if (concurrent) {
        await sql`select 1`.execute(trx);
        await meet();
      }
    };
    const answers = await Promise.all([
      write(async (trx) => {
        await at(trx);
        return keepContactReply(trx, {
          contactNo,
          version: 1,
          author: 'mei',
          text: SAMPLE_INBOX_REPLY,
          at: MORNING,
        });
      }),
      write(async (trx) => {
        await at(trx);
        return moveContactMessage(trx, { contactNo, version: 1, move: 'message.close' });
      }),
    ]);
    const refused = answers.filter((a) => a instanceof Refusal) as Refusal<ContactRefusal>[];
    expect(refused).toHaveLength(1);
    expect(refused[0]!.reason.message).toBe(UPDATED_BY_OTHER);
    const after = await readContactMessage(db(), contactNo);
    expect(after!.version).toBe(2);
    // the reply is kept exactly when it landed
    expect(after!.replies).toHaveLength(after!.status === 'replied' ? 1 : 0);
    expect(after!.status).toBe(answers[0] instanceof Refusal ? 'closed' : 'replied');
  });
}
