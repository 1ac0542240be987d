import type { ContactCase, ContactInboxRow } from '../../src/domain/api/contact-inbox';

/*
 * What the inbox's endpoints answer, for the 聯絡訊息 screen's tests against a fake server: one message as
 * a list row, and as a case with what the sender gave, its notes, replies, handling and the moves offered.
 */

/** A new message about claims, taken by no one. */
export const INBOX_ROW: ContactInboxRow = {
  contactNo: 'CT115112700001',
  status: 'new',
  assignee: null,
  version: 0,
  receivedAt: '2026-11-27T02:00:00.000Z',
  replyBy: '2026-12-01',
  name: '陳美玲',
  companyName: '晴空軟體股份有限公司',
  topic: 'claim',
  quoteHeadcount: null,
  quoteTitle: null,
};

/** `row` as the case screen reads it: a mobile and an e-mail given, no quote, no notes or replies yet. */
export function inboxCase(
  row: ContactInboxRow,
  change: Partial<ContactCase['message']> = {},
  actions: ContactCase['actions'] = ['message.assign'],
): ContactCase {
  return {
    message: {
      ...row,
      taxId: null,
      mobile: '0912-345-678',
      phone: null,
      phoneExt: null,
      email: 'hr@example.com.tw',
      content: '想詢問理賠文件。',
      quote: null,
      notes: [],
      replies: [],
      ...change,
    },
    history: [],
    actions,
  };
}
