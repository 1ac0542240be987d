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
  /** the code that opens an application's 名冊 for printing, to its contact (issue 45, migration 0028) */
  'roster.code',
  /** the code that confirms a staff member's new notice address, to that address */
  'staff.address',
] as const;
export type OutboxKind = (typeof OUTBOX_KINDS)[number];

/**
 * Whose work each kind of e-mail is (issue 45): 寄件匣 shows a person only the e-mails of the areas their
 * roles open: the applications' to an underwriter, the contact messages' to the service desk. A code that
 * confirms a notice address is its owner's alone ('self').
 */
export const OUTBOX_KIND_AREAS: Readonly<Record<OutboxKind, 'underwriter' | 'service' | 'self'>> = {
  'application.received': 'underwriter',
  'application.moved': 'underwriter',
  'roster.code': 'underwriter',
  'staff.application': 'underwriter',
  'staff.overdue': 'underwriter',
  'contact.received': 'service',
  'contact.replied': 'service',
  'staff.contact': 'service',
  'staff.address': 'self',
};

/** The kinds sent to a staff member (its recipient's name is the staff name): others see their address masked. */
export const isStaffKind = (kind: OutboxKind): boolean => kind.startsWith('staff.');
