import { describe, expect, it } from 'vitest';
import {
  caseDocumentsSchema,
  caseMoveSchema,
  caseParamsSchema,
} from '../../../src/domain/api/application-case';
import { applicationQueueSchema } from '../../../src/domain/api/application-queue';
import {
  contactAssignSchema,
  contactInboxQuerySchema,
  contactMoveSchema,
  contactNoteSchema,
  contactReplySchema,
} from '../../../src/domain/api/contact-inbox';
import { firstError } from '../validation/first-error';

/*
 * What the back office's calls take (issue 35, docs/specification.md §6 and §7): the queue's filters (投保人數
 * within the 5 to 49 people an online application takes), an application's number, move and documents,
 * and the inbox's filters, notes, replies and moves, each refused with a message naming its field.
 */

describe('the application queue’s query', () => {
  it('takes every filter, each optional', () => {
    expect(firstError(applicationQueueSchema, {})).toBeNull();
    expect(
      firstError(applicationQueueSchema, {
        status: '待補件',
        from: '2026-11-01',
        to: '2026-11-27',
        headcountMin: '5',
        headcountMax: '49',
        industry: 'H',
        q: '晴川',
        page: '2',
      }),
    ).toBeNull();
    expect(applicationQueueSchema.cast({ headcountMin: '', page: '' })).toMatchObject({ page: 1 });
  });

  it('refuses what no filter can be, naming the field', () => {
    expect(firstError(applicationQueueSchema, { status: '審核' })).toBe('案件狀態格式錯誤');
    expect(firstError(applicationQueueSchema, { headcountMin: '4' })).toBe('投保人數下限不可小於5');
    expect(firstError(applicationQueueSchema, { headcountMax: '50' })).toBe('投保人數上限不可大於49');
    expect(firstError(applicationQueueSchema, { headcountMin: '30', headcountMax: '20' })).toBe(
      '投保人數上限不可小於下限',
    );
    expect(firstError(applicationQueueSchema, { headcountMin: '30', headcountMax: '30' })).toBeNull();
    expect(firstError(applicationQueueSchema, { industry: 'Z' })).toBe('行業類別格式錯誤');
    expect(firstError(applicationQueueSchema, { q: 'x'.repeat(61) })).toBe('搜尋長度限制為60');
    expect(firstError(applicationQueueSchema, { q: 'x'.repeat(60) })).toBeNull();
    expect(firstError(applicationQueueSchema, { from: '2026/11/01' })).toBe('受理起日格式錯誤');
    expect(firstError(applicationQueueSchema, { to: '2026-02-30' })).toBe('受理迄日格式錯誤');
    expect(firstError(applicationQueueSchema, { to: '2026-04-31' })).toBe('受理迄日格式錯誤');
    expect(firstError(applicationQueueSchema, { page: '0' })).toBe('頁碼不可小於1');
  });
});

describe('an application’s case', () => {
  it('is named by its 受理編號', () => {
    expect(firstError(caseParamsSchema, { applicationNo: 'GI115112700001' })).toBeNull();
    expect(firstError(caseParamsSchema, { applicationNo: 'GI1151127' })).toBe('受理編號格式錯誤');
    expect(firstError(caseParamsSchema, {})).toBe('受理編號不可為空白');
  });

  it('moves to a status, with a note of at most 200 and the version the screen read', () => {
    expect(firstError(caseMoveSchema, { to: '核保中', note: '', version: 2 })).toBeNull();
    expect(firstError(caseMoveSchema, { to: '待補件', note: 'x'.repeat(200), version: 2 })).toBeNull();
    expect(firstError(caseMoveSchema, { note: '', version: 2 })).toBe('請選擇案件狀態');
    expect(firstError(caseMoveSchema, { to: '完成', version: 2 })).toBe('案件狀態格式錯誤');
    expect(firstError(caseMoveSchema, { to: '待補件', note: 'x'.repeat(201), version: 2 })).toBe(
      '說明長度限制為200',
    );
    expect(firstError(caseMoveSchema, { to: '核保中', version: 0 })).toBe('版本格式錯誤');
  });

  it('prints one or more of the overprint’s documents', () => {
    expect(firstError(caseDocumentsSchema, { documents: ['form', 'roster', 'summary'] })).toBeNull();
    expect(firstError(caseDocumentsSchema, { documents: [] })).toBe('請選擇文件');
    expect(firstError(caseDocumentsSchema, { documents: ['x'] })).toBe('請選擇文件');
  });
});

describe('the contact inbox', () => {
  it('filters by status, assignee, quote requests and received days', () => {
    expect(
      firstError(contactInboxQuerySchema, {
        status: 'new',
        assignee: 'mei',
        quoteOnly: true,
        receivedFrom: '2026-11-01',
        receivedTo: '2026-11-27',
        page: 1,
      }),
    ).toBeNull();
    expect(firstError(contactInboxQuerySchema, { status: '新訊息' })).toBe('請選擇狀態');
    expect(firstError(contactInboxQuerySchema, { assignee: 'x'.repeat(33) })).toBe('處理人員長度限制為32');
    expect(firstError(contactInboxQuerySchema, { receivedFrom: '2026-13-01' })).toBe('日期錯誤');
  });

  it('keeps a note of at most 2,000 and a reply of at most 4,000 (double-width counted), never blank', () => {
    expect(firstError(contactNoteSchema, { text: '已致電' })).toBeNull();
    expect(firstError(contactNoteSchema, { text: '  ' })).toBe('內部備註不可為空白');
    expect(firstError(contactNoteSchema, { text: '字'.repeat(1001) })).toBe('內部備註長度限制為2000');
    expect(firstError(contactReplySchema, { version: 1, text: '您好' })).toBeNull();
    expect(firstError(contactReplySchema, { version: 1, text: '' })).toBe('回覆內容不可為空白');
    expect(firstError(contactReplySchema, { version: 1, text: '字'.repeat(2001) })).toBe(
      '回覆內容長度限制為4000',
    );
  });

  it('moves a message on the version the screen read, by the moves that carry nothing more', () => {
    expect(firstError(contactAssignSchema, { version: 0 })).toBeNull();
    expect(firstError(contactAssignSchema, { version: -1 })).toBe('版本格式錯誤');
    expect(firstError(contactMoveSchema, { version: 1, move: 'message.close' })).toBeNull();
    expect(firstError(contactMoveSchema, { version: 1, move: 'message.reopen' })).toBeNull();
    expect(firstError(contactMoveSchema, { version: 1, move: 'message.reply' })).toBe('請選擇動作');
  });
});
