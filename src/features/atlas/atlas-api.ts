import type { TestRuns, Traffic, TrafficQuery } from '../../domain/api/atlas';
import type { StaffSession } from '../../domain/api/staff';
import { apiGet, apiPost } from '../../lib/api-client';

/**
 * The sign-in's and the atlas's calls; the atlas's answer 401 (an ApiFailure) to anyone not signed in, 403
 * to staff without the analyst role.
 */
export const atlasApi = {
  login: (name: string, password: string) => apiPost<StaffSession>('staff/login', { name, password }),
  logout: () => apiPost<null>('staff/logout', {}),
  me: () => apiGet<StaffSession>('staff/me'),
  traffic: (query: TrafficQuery) => apiGet<Traffic>('atlas/traffic', { ...query }),
  testRuns: () => apiGet<TestRuns>('atlas/test-runs'),
};
