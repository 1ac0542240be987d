import { BASE_PATH } from './screens';
import { STAFF_ROLES, type StaffRole } from './staff-roles';

/*
 * The staff's pages: their own entry (staff.html), so no visitor page loads any of their code.
 * docs/specification.md §2 gives the login path as /login and the logout path as /groupins/logout; the site
 * lives under /groupins/, so the login page is /groupins/login and the server sends /login there.
 * Each screen names the roles that may open it (the server checks its calls the same way) and its name in
 * the staff's navigation; the order is the navigation's, and a person lands on the first their roles allow.
 */
export const STAFF_PAGES = {
  login: { path: 'login' },
  logout: { path: 'logout' },
  /** the start page: it sends a person to the first screen their roles allow */
  home: { path: 'staff' },
  applications: {
    path: 'staff/applications',
    title: '申請案件',
    nav: '申請案件',
    roles: ['underwriter'],
  },
  /** the contact inbox; one message (`?no=` its 案件編號) opens in the same screen */
  contacts: { path: 'staff/contacts', title: '聯絡訊息', nav: '聯絡訊息', roles: ['service'] },
  /** 寄件匣 (issue 36): every e-mail with its delivery; one (`?id=` its 郵件編號) opens in the same screen */
  outbox: { path: 'staff/outbox', title: '寄件匣', nav: '寄件匣', roles: ['service', 'underwriter'] },
  atlas: { path: 'atlas', title: '流程狀態機圖集', nav: '狀態機圖集', roles: ['analyst'] },
  accounts: { path: 'staff/accounts', title: '帳號管理', nav: '帳號管理', roles: ['admin'] },
  audit: { path: 'staff/audit', title: '稽核紀錄', nav: '稽核紀錄', roles: ['admin'] },
  /** one application (`?no=` its 受理編號), opened from the queue or by its number */
  case: { path: 'staff/case', title: '案件明細', nav: '案件查詢', roles: ['underwriter', 'service'] },
  /** each person's own e-mail notices (issue 36): every role's, last, so nobody lands on it */
  notices: { path: 'staff/notifications', title: '通知設定', nav: '通知設定', roles: STAFF_ROLES },
} as const satisfies Record<
  string,
  { path: string; title?: string; nav?: string; roles?: readonly StaffRole[] }
>;
export type StaffPage = keyof typeof STAFF_PAGES;

/**
 * The pages that are screens of some roles, in the navigation's order: the underwriter's queue first, the
 * atlas where an analyst always landed, then the service desk's inbox and the e-mails it sends; each
 * person's notices last, as every role has them and none should land there.
 */
export const STAFF_SCREENS = [
  'applications',
  'atlas',
  'contacts',
  'outbox',
  'accounts',
  'audit',
  'case',
  'notices',
] as const;
export type StaffScreen = (typeof STAFF_SCREENS)[number];

export const staffHref = (page: StaffPage, search = '') => `${BASE_PATH}${STAFF_PAGES[page].path}${search}`;

/** The page a path of the site (`/login`, below /groupins) is, if it is one of the staff's. */
export function staffPageOf(sitePath: string): StaffPage | undefined {
  const name = sitePath.replace(/^\/+|\/+$/g, '').toLowerCase();
  return (Object.keys(STAFF_PAGES) as StaffPage[]).find((page) => STAFF_PAGES[page].path === name);
}

/** Whether one of `roles` may open `screen`. */
export const mayOpen = (screen: StaffScreen, roles: readonly StaffRole[]): boolean =>
  STAFF_PAGES[screen].roles.some((role: StaffRole) => roles.includes(role));

/** The screens `roles` allow, in the navigation's order. */
export const screensFor = (roles: readonly StaffRole[]): StaffScreen[] =>
  STAFF_SCREENS.filter((screen) => mayOpen(screen, roles));

/**
 * Where a person lands after signing in: the first screen their roles allow (every role has one; an
 * account holds at least one role, so one without is signed out).
 */
export const landingFor = (roles: readonly StaffRole[]): StaffPage => screensFor(roles)[0] ?? 'logout';

/**
 * Where the sign-in sends a person: back to the staff screen a lost session took them from (`back`, a path
 * below the site with its query) when their roles allow it, else where they land.
 */
export function afterSignIn(back: string | undefined, roles: readonly StaffRole[]): string {
  const page = back?.startsWith(BASE_PATH)
    ? staffPageOf(back.split('?', 1)[0]!.slice(BASE_PATH.length))
    : undefined;
  const screen = STAFF_SCREENS.find((s) => s === page);
  if (back && (page === 'home' || (screen && mayOpen(screen, roles)))) return back;
  return staffHref(landingFor(roles));
}
