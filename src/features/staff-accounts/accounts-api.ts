import type { StaffAccount } from '../../domain/api/staff';
import type { StaffRole } from '../../domain/staff-roles';
import { staffGet, staffPost } from '../../lib/staff-api';

/** The admin's account calls; every change answers the account list as it is after it. */
export const accountsApi = {
  list: () => staffGet<StaffAccount[]>('staff/accounts'),
  add: (account: { name: string; roles: StaffRole[]; password: string }) =>
    staffPost<StaffAccount[]>('staff/accounts', account),
  setRoles: (name: string, roles: StaffRole[]) =>
    staffPost<StaffAccount[]>('staff/accounts/roles', { name, roles }),
  lock: (name: string) => staffPost<StaffAccount[]>('staff/accounts/lock', { name }),
  unlock: (name: string) => staffPost<StaffAccount[]>('staff/accounts/unlock', { name }),
  endSessions: (name: string) => staffPost<StaffAccount[]>('staff/accounts/end-sessions', { name }),
};
