import { BASE_PATH } from './screens';

/*
 * The analysts' pages: their own entry (analyst.html), so no visitor page loads any of their code. docs/specification.md §2
 * gives the login path as /login and the logout path as /groupins/logout; the site lives under /groupins/,
 * so the login page is /groupins/login and the server sends /login there.
 */
export const ANALYST_PAGES = { login: 'login', logout: 'logout', atlas: 'atlas' } as const;
export type AnalystPage = keyof typeof ANALYST_PAGES;

export const analystHref = (page: AnalystPage, search = '') => `${BASE_PATH}${ANALYST_PAGES[page]}${search}`;

/** The page a path of the site (`/login`, below /groupins) is, if it is one of the analysts'. */
export function analystPageOf(sitePath: string): AnalystPage | undefined {
  const name = sitePath.replace(/^\/+|\/+$/g, '').toLowerCase();
  return (Object.keys(ANALYST_PAGES) as AnalystPage[]).find((page) => ANALYST_PAGES[page] === name);
}
