import { useRouter, useRouterState } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { RETURN_CODE } from '../domain/envelope';
import type { StaffPage } from '../domain/staff-pages';
import { ApiFailure } from './api-client';
import { failureMessage, staffSession } from './staff-api';
import { type StaffFilters, staffListHref, staffQuery, staffQueryOf } from './staff-query';

/** Why a list could not be read, and whether reading it again may help (a query refused as bad will not). */
export interface StaffListFailure {
  message: string;
  retry: boolean;
}

/**
 * A staff list whose filters and page are the address's query: read from the server whenever the query
 * changes (or on 再試一次); the page shown stays while the next is read, so the control that asked for it
 * keeps its focus. `go` shows another page of other filters.
 */
export function useStaffList<Key extends string, Page>(
  screen: StaffPage,
  keys: readonly Key[],
  read: (query: Record<string, string>) => Promise<Page>,
) {
  const router = useRouter();
  const search = useRouterState({ select: (s) => s.location.searchStr });
  const { filters, page } = staffQueryOf(search, keys);
  const [answer, setAnswer] = useState<{ search: string; page: Page } | null>(null);
  const [failure, setFailure] = useState<StaffListFailure | null>(null);
  const [attempt, setAttempt] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: read again when the address's query changes, or on 再試一次
  useEffect(() => {
    // signed out (the page is on its way to the sign-in, whose address changed the query): nothing to read
    if (!staffSession.known()) return;
    let current = true;
    setFailure(null);
    read(staffQuery(filters, keys, page)).then(
      (list) => current && setAnswer({ search, page: list }),
      (error: unknown) =>
        current &&
        setFailure({
          message: failureMessage(error),
          retry: !(error instanceof ApiFailure && error.returnCode === RETURN_CODE.badInput),
        }),
    );
    return () => {
      current = false;
    };
  }, [search, attempt]);

  return {
    filters,
    answer: answer?.page ?? null,
    failure,
    retry: () => setAttempt((n) => n + 1),
    reading: answer?.search !== search,
    go: (next: StaffFilters<Key>, to: number) => router.history.push(staffListHref(screen, next, keys, to)),
  };
}
