import { type StaffPage, staffHref } from '../domain/staff-pages';

/*
 * A staff list's filters and page kept in the address's query, so a reload, Back or a shared link shows the
 * same list: read from the query (anything else left out), and written back as the screen's address.
 */

export type StaffFilters<Key extends string> = Record<Key, string>;

/** The filters `keys` (empty when absent) and the page (1 unless a whole number above it) of `search`. */
export function staffQueryOf<Key extends string>(
  search: string,
  keys: readonly Key[],
): { filters: StaffFilters<Key>; page: number } {
  const params = new URLSearchParams(search);
  const filters = Object.fromEntries(keys.map((key) => [key, params.get(key) ?? ''])) as StaffFilters<Key>;
  const page = Number(params.get('page'));
  return { filters, page: Number.isInteger(page) && page > 1 ? page : 1 };
}

/** The filters given (empty ones left out), as a query; with the page when `page` is given. */
export function staffQuery<Key extends string>(
  filters: StaffFilters<Key>,
  keys: readonly Key[],
  page?: number,
): Record<string, string> {
  const query: Record<string, string> = {};
  for (const key of keys) if (filters[key]) query[key] = filters[key];
  if (page !== undefined) query.page = String(page);
  return query;
}

/** The address of `screen` showing page `page` of the list `filters` find (page 1 left out). */
export function staffListHref<Key extends string>(
  screen: StaffPage,
  filters: StaffFilters<Key>,
  keys: readonly Key[],
  page: number,
): string {
  const query = new URLSearchParams(staffQuery(filters, keys, page > 1 ? page : undefined)).toString();
  return staffHref(screen, query ? `?${query}` : '');
}
