import type { StaffNotifications, StaffNotificationsInput } from '../../domain/api/staff-notifications';
import { staffGet, staffPost } from '../../lib/staff-api';

/** The person's own e-mail notices: what they chose (and what their roles offer), and a new choice. */
export const noticesApi = {
  read: () => staffGet<StaffNotifications>('staff/me/notifications'),
  save: (choice: StaffNotificationsInput) => staffPost<StaffNotifications>('staff/me/notifications', choice),
  /** the code e-mailed to a new address: it becomes the notice address */
  confirm: (code: string) => staffPost<StaffNotifications>('staff/me/notifications/confirm', { code }),
  resend: () => staffPost<StaffNotifications>('staff/me/notifications/resend', {}),
};
