import type { Journey, JourneysPage, TestRuns, Traffic, TrafficQuery } from '../../domain/api/atlas';
import { staffGet } from '../../lib/staff-api';

/** The atlas's calls: 401 (off to the sign-in) to anyone not signed in, 403 to staff without the analyst role. */
export const atlasApi = {
  traffic: (query: TrafficQuery) => staffGet<Traffic>('atlas/traffic', { ...query }),
  /** the visitors of a period (`from`, `to`; `machine` and `page` when given), newest first */
  journeys: (query: Record<string, string>) => staffGet<JourneysPage>('atlas/journeys', query),
  journey: (visitor: string) => staffGet<Journey>(`atlas/journeys/${encodeURIComponent(visitor)}`),
  testRuns: () => staffGet<TestRuns>('atlas/test-runs'),
};
