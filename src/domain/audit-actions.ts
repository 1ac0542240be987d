/*
 * What the audit log records (docs/specification.md §6): every staff action, by whom and when. A row is
 * written in the same transaction as the action it records, and nothing updates or deletes it.
 */

export const AUDIT_ACTIONS = [
  'signIn',
  'signInFailed',
  'signOut',
  'application.move',
  'application.note',
  'application.read',
  'applications.export',
  'roster.reveal',
  'roster.print',
  'contact.assign',
  'contact.move',
  'contact.note',
  'contact.reply',
  'outbox.resend',
  'staff.add',
  'staff.roles',
  'staff.lock',
  'staff.unlock',
  'staff.endSessions',
  'notice.address',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each action as the admin reads it in the audit log: the one place the labels live. */
export const AUDIT_ACTION_LABELS: Readonly<Record<AuditAction, string>> = {
  signIn: '登入',
  signInFailed: '登入失敗',
  signOut: '登出',
  'application.move': '變更案件狀態',
  'application.note': '新增案件備註',
  'application.read': '開啟案件',
  'applications.export': '匯出申請案件',
  'roster.reveal': '檢視完整身分證字號',
  'roster.print': '列印被保險人名冊',
  'contact.assign': '指派聯絡訊息',
  'contact.move': '變更聯絡訊息狀態',
  'contact.note': '新增聯絡訊息備註',
  'contact.reply': '回覆聯絡訊息',
  'outbox.resend': '重新寄送郵件',
  'staff.add': '新增人員',
  'staff.roles': '設定角色',
  'staff.lock': '停用帳號',
  'staff.unlock': '啟用帳號',
  'staff.endSessions': '結束登入',
  'notice.address': '變更通知信箱',
};

/** An action's label; an action a newer server records that this build does not know, as stored. */
export const auditActionLabel = (action: string): string =>
  (AUDIT_ACTION_LABELS as Record<string, string>)[action] ?? action;

/** The actor of a command run at the server's terminal (`npm run staff:add`). */
export const OPERATOR_ACTOR = '(operator)';
/** The actor of a failed sign-in whose name no account has: the name typed is never recorded. */
export const UNKNOWN_ACTOR = '(unknown)';
/**
 * The actor of the company's own print of its 名冊 on the site (issue 45): opened by its print link or by the
 * code e-mailed to its contact, and recorded as every print of the 名冊 is.
 */
export const APPLICANT_ACTOR = '(applicant)';

const ACTOR_LABELS: Readonly<Record<string, string>> = {
  [OPERATOR_ACTOR]: '主機指令',
  [UNKNOWN_ACTOR]: '不明帳號',
  [APPLICANT_ACTOR]: '要保單位（網站套印）',
};

/** An actor as the admin reads it: those that are no account, in words. */
export const actorLabel = (actor: string): string => ACTOR_LABELS[actor] ?? actor;
