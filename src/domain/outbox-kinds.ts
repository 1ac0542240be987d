/** What an outbox message tells of (issue 36); the database checks a row's kind against these. */
export const OUTBOX_KINDS = [
  /** 申請受理通知, to the applicant's contact */
  'application.received',
  /** 申請狀態更新, to the same */
  'application.moved',
  /** 已收到您的留言, to a contact message's sender */
  'contact.received',
  /** the service desk's reply, to the same */
  'contact.replied',
  /** to the underwriters who chose it: a new application (migration 0024) */
  'staff.application',
  /** to the service people who chose it: a new contact message */
  'staff.contact',
  /** to the underwriters who chose it: an application at 待補件 past DOCUMENTS_OVERDUE_DAYS */
  'staff.overdue',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];
