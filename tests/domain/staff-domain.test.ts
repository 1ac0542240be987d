import { describe, expect, it } from 'vitest';
import { actorLabel, auditActionLabel, OPERATOR_ACTOR, UNKNOWN_ACTOR } from '../../src/domain/audit-actions';
import { CONTACT_STATUS_LABELS, isContactStatus } from '../../src/domain/contact-status';
import { isStaffRole, maySeeFullRoster, rolesLabel } from '../../src/domain/staff-roles';
import { waitedHours, waitedText } from '../../src/domain/waited';

// The back office's words and rules (issue 35, docs/specification.md §6), written out here as staff read
// them, not read back from the modules.

const AT = '2026-11-27T01:00:00.000Z';
const later = (hours: number, minutes = 0) => new Date(Date.parse(AT) + (hours * 60 + minutes) * 60_000);

describe('how long an application has waited', () => {
  it('counts whole hours, and none when the start is later', () => {
    expect(waitedHours(AT, later(0, 59))).toBe(0);
    expect(waitedHours(AT, later(1))).toBe(1);
    expect(waitedHours(new Date(AT), later(49, 30))).toBe(49);
    expect(waitedHours(later(2), AT)).toBe(0);
  });

  it('says it in days and hours', () => {
    expect(waitedText(AT, later(0, 59))).toBe('未滿 1 小時');
    expect(waitedText(AT, later(5))).toBe('5 小時');
    expect(waitedText(AT, later(23, 59))).toBe('23 小時');
    expect(waitedText(AT, later(24))).toBe('1 天');
    expect(waitedText(AT, later(76))).toBe('3 天 4 小時');
    expect(waitedText(AT, later(48))).toBe('2 天');
  });
});

describe('the staff roles', () => {
  it('are the four of the issue, named as staff read them', () => {
    for (const role of ['analyst', 'service', 'underwriter', 'admin']) expect(isStaffRole(role)).toBe(true);
    for (const value of ['Admin', 'visitor', '', null, 1]) expect(isStaffRole(value)).toBe(false);
    expect(rolesLabel(['analyst', 'service', 'underwriter', 'admin'])).toBe('分析、客服、核保、管理');
    expect(rolesLabel([])).toBe('');
  });

  it('let an underwriter alone see the roster whole (個資法: access by role)', () => {
    expect(maySeeFullRoster(['underwriter'])).toBe(true);
    expect(maySeeFullRoster(['service', 'underwriter'])).toBe(true);
    expect(maySeeFullRoster(['service'])).toBe(false);
    expect(maySeeFullRoster(['analyst', 'admin'])).toBe(false);
    expect(maySeeFullRoster([])).toBe(false);
  });
});

describe('a contact message’s statuses', () => {
  it('are new → 處理中 → 已回覆 → 已結案, stored in English', () => {
    expect(CONTACT_STATUS_LABELS).toEqual({
      new: '新訊息',
      handling: '處理中',
      replied: '已回覆',
      closed: '已結案',
    });
    for (const status of ['new', 'handling', 'replied', 'closed']) expect(isContactStatus(status)).toBe(true);
    for (const value of ['處理中', 'open', '', undefined, 0]) expect(isContactStatus(value)).toBe(false);
  });
});

describe('the audit log’s words', () => {
  it('names every action of the issue in Traditional Chinese', () => {
    expect(
      Object.fromEntries(
        [
          'signIn',
          'signInFailed',
          'signOut',
          'application.move',
          'application.note',
          'roster.reveal',
          'roster.print',
          'contact.assign',
          'contact.move',
          'contact.note',
          'contact.reply',
          'staff.add',
          'staff.roles',
          'staff.lock',
          'staff.unlock',
          'staff.endSessions',
        ].map((action) => [action, auditActionLabel(action)]),
      ),
    ).toEqual({
      signIn: '登入',
      signInFailed: '登入失敗',
      signOut: '登出',
      'application.move': '變更案件狀態',
      'application.note': '新增案件備註',
      'roster.reveal': '檢視完整身分證字號',
      'roster.print': '列印被保險人名冊',
      'contact.assign': '指派聯絡訊息',
      'contact.move': '變更聯絡訊息狀態',
      'contact.note': '新增聯絡訊息備註',
      'contact.reply': '回覆聯絡訊息',
      'staff.add': '新增人員',
      'staff.roles': '設定角色',
      'staff.lock': '停用帳號',
      'staff.unlock': '啟用帳號',
      'staff.endSessions': '結束登入',
    });
  });

  it('shows an action a newer server records as stored, and the two actors that are no account in words', () => {
    expect(auditActionLabel('report.export')).toBe('report.export');
    expect(auditActionLabel('outbox.resend')).toBe('重新寄送郵件');
    expect(actorLabel(OPERATOR_ACTOR)).toBe('主機指令');
    expect(actorLabel(UNKNOWN_ACTOR)).toBe('不明帳號');
    expect(actorLabel('mei')).toBe('mei');
  });
});
