import type { QueuePage } from '../../domain/api/application-queue';
import { apiUrl } from '../../lib/api-client';
import { staffGet } from '../../lib/staff-api';

/** The underwriter's queue: a page of applications, the longest waiting first, and the list as a CSV file. */
export const queueApi = {
  read: (query: Record<string, string>) => staffGet<QueuePage>('staff/applications', query),
  /** the address of the CSV of every application the filters find: a GET the staff cookie goes with */
  exportHref: (filters: Record<string, string>) => apiUrl('staff/applications/export', filters),
};
