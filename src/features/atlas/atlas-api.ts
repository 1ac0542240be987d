import type { TestRuns, Traffic, TrafficQuery } from '../../domain/api/atlas';
import { staffGet } from '../../lib/staff-api';

/** The atlas's calls: 401 (off to the sign-in) to anyone not signed in, 403 to staff without the analyst role. */
export const atlasApi = {
  traffic: (query: TrafficQuery) => staffGet<Traffic>('atlas/traffic', { ...query }),
  testRuns: () => staffGet<TestRuns>('atlas/test-runs'),
};
