import type { AnalystSession, TestRuns, Traffic, TrafficQuery } from '../../domain/api/atlas';
import { apiGet, apiPost } from '../../lib/api-client';

/** The atlas's calls; each answers 401 (an ApiFailure) to anyone not logged in as an analyst. */
export const atlasApi = {
  login: (name: string, password: string) => apiPost<AnalystSession>('atlas/login', { name, password }),
  logout: () => apiPost<null>('atlas/logout', {}),
  me: () => apiGet<AnalystSession>('atlas/me'),
  traffic: (query: TrafficQuery) => apiGet<Traffic>('atlas/traffic', { ...query }),
  testRuns: () => apiGet<TestRuns>('atlas/test-runs'),
};
