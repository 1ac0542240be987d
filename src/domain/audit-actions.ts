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
  'roster.reveal',
  'contact.assign',
  'contact.move',
  'contact.note',
  'contact.reply',
  'staff.add',
  'staff.roles',
  'staff.lock',
  'staff.unlock',
  'staff.endSessions',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** The actor of a command run at the server's terminal (`npm run staff:add`). */
export const OPERATOR_ACTOR = '(operator)';
/** The actor of a failed sign-in whose name no account has: the name typed is never recorded. */
export const UNKNOWN_ACTOR = '(unknown)';
