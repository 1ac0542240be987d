/*
 * The life of a contact message in the back office's inbox (聯絡訊息, issue 35): stored as `new`, taken by a
 * service person (處理中), answered (已回覆), closed (已結案). Which moves exist is the machine's
 * (machines/contact-message.machine.ts); this module names the statuses as the database stores them and as
 * staff read them.
 */

export const CONTACT_STATUSES = ['new', 'handling', 'replied', 'closed'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** How staff read each status. */
export const CONTACT_STATUS_LABELS: Readonly<Record<ContactStatus, string>> = {
  new: '新訊息',
  handling: '處理中',
  replied: '已回覆',
  closed: '已結案',
};

export function isContactStatus(value: unknown): value is ContactStatus {
  return typeof value === 'string' && (CONTACT_STATUSES as readonly string[]).includes(value);
}

/** A note's and a reply's limit by double-width counting: 1,000 Chinese characters. */
export const CONTACT_NOTE_MAX = 2000;
export const CONTACT_REPLY_MAX = 4000;
