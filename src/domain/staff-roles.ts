/*
 * The roles of the insurer's staff (docs/specification.md §6). A person may hold several; each staff
 * endpoint names the roles that may call it (`config: { roles: [...] }`), checked on the server.
 */

export const STAFF_ROLES = ['analyst', 'service', 'underwriter', 'admin'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

/** The roles' names on the staff's screens. */
export const STAFF_ROLE_LABELS: Readonly<Record<StaffRole, string>> = {
  analyst: '分析',
  service: '客服',
  underwriter: '核保',
  admin: '管理',
};

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === 'string' && (STAFF_ROLES as readonly string[]).includes(value);
}

/** Roles as the staff read them: 「分析、管理」. */
export const rolesLabel = (roles: readonly StaffRole[]): string =>
  roles.map((role) => STAFF_ROLE_LABELS[role]).join('、');

/**
 * Whether these roles may see the roster whole, its full ID numbers and birth dates, on screen or on the
 * printed 名冊: an underwriter only (個資法: access to personal data limited by role, and recorded).
 */
export const maySeeFullRoster = (roles: readonly StaffRole[]): boolean => roles.includes('underwriter');
