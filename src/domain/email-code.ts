/*
 * Codes sent by e-mail (issue 45): six digits mailed to an address, which prove that the person typing them
 * reads it. Which state may follow which is the machine's (machines/email-code.machine.ts); this module
 * names the states, the code's form and limits, and how an address is shown to someone it does not belong to.
 */

export const EMAIL_CODE_STATES = ['issued', 'used', 'voided', 'expired', 'superseded', 'withdrawn'] as const;
export type EmailCodeState = (typeof EMAIL_CODE_STATES)[number];

/** How each state reads on the screens. */
export const EMAIL_CODE_STATE_LABELS: Readonly<Record<EmailCodeState, string>> = {
  issued: '待輸入',
  used: '已使用',
  voided: '已失效',
  expired: '已逾時',
  superseded: '已重寄',
  withdrawn: '已取消',
};

/** What a code opens: the printed 名冊 of an application, a staff member's new notice address. */
export const EMAIL_CODE_PURPOSES = ['roster.print', 'notice.address'] as const;
export type EmailCodePurpose = (typeof EMAIL_CODE_PURPOSES)[number];

/** A code is six digits. */
export const EMAIL_CODE = /^\d{6}$/;
/** How long a code works. */
export const EMAIL_CODE_MINUTES = 10;
/** The wrong code that voids it (the fifth). */
export const EMAIL_CODE_MAX_FAILURES = 5;
/** Codes one person may be sent for one purpose in an hour (each voids the last). */
export const EMAIL_CODE_SENDS_PER_HOUR = 5;

/**
 * An address as shown to someone who must not read it whole: its first character, then the domain
 * (hr@example.com.tw → h***@example.com.tw).
 */
export function maskEmail(address: string): string {
  const at = address.lastIndexOf('@');
  if (at < 1) return '***';
  return `${address.slice(0, 1)}***${address.slice(at)}`;
}
