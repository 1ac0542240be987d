/*
 * The article list's page number, in the tab's session state (docs/specification.md §3, default 1): coming back from an
 * article, or to /featured/article from anywhere, lands on the page the visitor last saw.
 */

const KEY = 'groupins.articlePage';

export const articlePage = {
  get(): number {
    const stored = Number(sessionStorage.getItem(KEY));
    return Number.isInteger(stored) && stored >= 1 ? stored : 1;
  },
  set(page: number): void {
    sessionStorage.setItem(KEY, String(page));
  },
};
