import type { StaffRole } from './staff-roles';

/*
 * What staff may be told by e-mail (issue 36): each notice is for one role, and each person of that role
 * chooses whether they get it (and gives the address it goes to).
 */

/** 待補件 this many days without the documents is told to the underwriters who asked. */
export const DOCUMENTS_OVERDUE_DAYS = 7;

export const STAFF_NOTICES = [
  { kind: 'application.new', role: 'underwriter', label: '新申請案件' },
  { kind: 'contact.new', role: 'service', label: '新聯絡訊息' },
  { kind: 'documents.overdue', role: 'underwriter', label: `待補件逾 ${DOCUMENTS_OVERDUE_DAYS} 日` },
] as const satisfies ReadonlyArray<{ kind: string; role: StaffRole; label: string }>;

export type StaffNoticeKind = (typeof STAFF_NOTICES)[number]['kind'];
export const STAFF_NOTICE_KINDS: readonly StaffNoticeKind[] = STAFF_NOTICES.map((n) => n.kind);

/** The notices a person with these roles may choose. */
export function noticesFor(roles: readonly StaffRole[]): StaffNoticeKind[] {
  return STAFF_NOTICES.filter((n) => roles.includes(n.role)).map((n) => n.kind);
}
