import { apiGet, apiUrl } from './api-client';
import { takePageAnswer } from './page-answers';

/**
 * A screen's read of one thing by its key (a package id, a page): a GET whose address is known without
 * calling it, so that the server can send the page with its answer in it already.
 */
export interface Read<T> {
  (key: string): Promise<T>;
  urlOf(key: string): string;
  /** the answer the page came with for the key, once (lib/page-answers.ts) */
  answered(key: string): T | undefined;
}

/** The read of `path` with the query a key makes. Only the screens that use one download this module. */
export function apiRead<T>(path: string, queryOf: (key: string) => Record<string, string>): Read<T> {
  const urlOf = (key: string) => apiUrl(path, queryOf(key));
  return Object.assign((key: string) => apiGet<T>(path, queryOf(key)), {
    urlOf,
    answered: (key: string) => takePageAnswer(urlOf(key)) as T | undefined,
  });
}
