import { array, type InferType, number, object, string } from 'yup';
import type { AuditAction } from '../audit-actions';
import { messages } from '../messages';
import { staffMessages } from '../staff-messages';
import { STAFF_ROLES, type StaffRole } from '../staff-roles';
import { optionalCaptchaPayload, text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { dayField, pageField } from '../validation/query-fields';
import { APPLICATION_NO } from './overprint';

/*
 * The staff's accounts and sign-in (any role), the admin's account management and the audit log
 * (docs/specification.md §6).
 */

/** A staff account's name: lower-case letters, digits and . _ - (3 to 32). */
export const STAFF_NAME = /^[a-z][a-z0-9._-]{2,31}$/;
/** Wrong passwords in a row for a name from one client address before that address waits STAFF_LOCK_MINUTES. */
export const STAFF_LOCK_AFTER = 5;
export const STAFF_LOCK_MINUTES = 15;
/** Wrong passwords in a row for a name from any address before the addresses it never signed in from wait too. */
export const STAFF_NAME_LOCK_AFTER = 20;
/** Wrong passwords in a row (from the address, or for the name from an unknown one) before the captcha is asked. */
export const STAFF_CAPTCHA_AFTER = 3;
/** A staff session ends this long after its last request (and 8 hours after the sign-in in any case). */
export const STAFF_IDLE_SECONDS = 30 * 60;
/** When the staff screens remind a person that their session is about to end: 5 minutes before, as a visitor's. */
export const STAFF_REMIND_SECONDS = STAFF_IDLE_SECONDS - 5 * 60;
/** `data` of the 401 that refuses a session ended for want of requests, so the sign-in page can say why. */
export const STAFF_IDLE_ENDED = 'staffIdle';
/** The shortest password staff:add and an admin's new account accept. */
export const STAFF_PASSWORD_MIN = 12;
/** The longest password the sign-in takes. */
export const STAFF_PASSWORD_MAX = 200;
/** Audit log entries per page. */
export const AUDIT_PAGE_SIZE = 50;

/** Whom the audit log may be filtered by: an account's name, OPERATOR_ACTOR or UNKNOWN_ACTOR. */
const PERSON = /^(?:[a-z][a-z0-9._-]{2,31}|\(operator\)|\(unknown\))$/;

/** Body of POST staff/login. */
export const loginSchema = object({
  name: text('帳號')
    .required()
    .max(32, (p) => messages.maxLength(labelOf(p), 32)),
  password: string()
    .label('密碼')
    .required()
    .max(STAFF_PASSWORD_MAX, (p) => messages.maxLength(labelOf(p), STAFF_PASSWORD_MAX)),
  /** after STAFF_CAPTCHA_AFTER wrong passwords: the solved captcha; none before */
  captcha: optionalCaptchaPayload(),
});
export type Login = InferType<typeof loginSchema>;

const staffName = () =>
  text('帳號')
    .required()
    .max(32, (p) => messages.maxLength(labelOf(p), 32))
    .matches(STAFF_NAME, { message: (p) => messages.format(labelOf(p)) });

const roles = () =>
  array(
    string()
      .label('角色')
      .required((p) => messages.requiredSelect(labelOf(p)))
      .oneOf([...STAFF_ROLES], (p) => messages.format(labelOf(p))),
  )
    .label('角色')
    .required((p) => messages.requiredSelect(labelOf(p)))
    .min(1, (p) => messages.requiredSelect(labelOf(p)))
    .max(STAFF_ROLES.length, (p) => messages.maxCount(labelOf(p), STAFF_ROLES.length));

/** Body of POST staff/accounts/lock, unlock and end-sessions: whose. */
export const staffNameSchema = object({ name: staffName() });

/** Body of POST staff/accounts: a new account, with the first password the admin typed. */
export const addStaffSchema = object({
  name: staffName(),
  roles: roles(),
  password: string()
    .label('初始密碼')
    .required()
    .min(STAFF_PASSWORD_MIN, (p) => `${labelOf(p)}至少${STAFF_PASSWORD_MIN}個字元`)
    .max(STAFF_PASSWORD_MAX, (p) => messages.maxLength(labelOf(p), STAFF_PASSWORD_MAX)),
});
export type AddStaff = InferType<typeof addStaffSchema>;

/** The admin's form of a new account: the body, with the first password typed a second time. */
export const addStaffFormSchema = addStaffSchema.shape({
  passwordAgain: string()
    .label('再次輸入初始密碼')
    .required()
    // a test, not oneOf: yup checks oneOf before required, which would call an empty field different
    .test(
      'same',
      () => staffMessages.passwordsDiffer(),
      (value, { parent }) => !value || value === parent.password,
    ),
});

/** Body of POST staff/accounts/roles: the roles the account holds from now on. */
export const setRolesSchema = object({ name: staffName(), roles: roles() });
export type SetRoles = InferType<typeof setRolesSchema>;

/**
 * The version of a row a staff screen showed, sent back with a change (a move made on an older one is
 * refused); no form shows it, so anything but a whole number from `min` is malformed.
 */
export const versionField = (min: number) =>
  number()
    .label('版本')
    .required()
    .integer((p) => messages.badFormat(labelOf(p)))
    .min(min, (p) => messages.badFormat(labelOf(p)));

/** Query of GET staff/audit: newest first, a page at a time; each filter optional. */
export const auditQuerySchema = object({
  person: text('人員')
    .max(32, (p) => messages.maxLength(labelOf(p), 32))
    .matches(PERSON, { message: (p) => messages.format(labelOf(p)), excludeEmptyString: true }),
  applicationNo: text('受理編號', 'upper').matches(APPLICATION_NO, {
    message: (p) => messages.format(labelOf(p)),
    excludeEmptyString: true,
  }),
  from: dayField('起日'),
  to: dayField('迄日'),
  page: pageField(),
});
export type AuditQuery = InferType<typeof auditQuerySchema>;

/** The person signed in, answered by staff/login and staff/me. */
export interface StaffSession {
  name: string;
  roles: StaffRole[];
}

/** One account as the admin's list shows it; instants as ISO strings. */
export interface StaffAccount {
  name: string;
  roles: StaffRole[];
  /** locked by an admin: cannot sign in until an admin unlocks it */
  suspended: boolean;
  /** the wrong-password lock, while in force; it ends by itself */
  lockedUntil: string | null;
  lastSignedInAt: string | null;
  createdAt: string;
}

/** One entry of the audit log. */
export interface AuditEntry {
  id: string;
  at: string;
  actor: string;
  action: AuditAction;
  applicationNo: string | null;
  contactNo: string | null;
  targetStaff: string | null;
  detail: string | null;
}

/** A page of the audit log, newest first; `total` counts every entry the filters match. */
export interface AuditPage {
  entries: AuditEntry[];
  page: number;
  pageSize: number;
  total: number;
}
