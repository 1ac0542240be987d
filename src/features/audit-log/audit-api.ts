import type { AuditPage } from '../../domain/api/staff';
import { staffGet } from '../../lib/staff-api';

/** The audit log's one read: a page of entries, newest first, with the filters given. */
export const auditApi = {
  read: (query: Record<string, string>) => staffGet<AuditPage>('staff/audit', query),
};
