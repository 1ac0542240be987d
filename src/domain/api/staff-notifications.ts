import { array, type InferType, object, string } from 'yup';
import { messages } from '../messages';
import { STAFF_NOTICE_KINDS, type StaffNoticeKind } from '../staff-notifications';
import { text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { email, maxLength } from '../validation/text-rules';

/*
 * A person's e-mail notices (issue 36): GET staff/me/notifications answers what they chose and what their
 * roles offer; POST staff/me/notifications sets the address and the choice. No address: none are sent.
 */

export const staffNotificationsSchema = object({
  email: text('通知信箱', 'halfWidth').test(email()).test(maxLength(100)),
  kinds: array(
    string()
      .label('通知項目')
      .required((p) => messages.requiredSelect(labelOf(p)))
      .oneOf([...STAFF_NOTICE_KINDS], (p) => messages.format(labelOf(p))),
  )
    .label('通知項目')
    .required((p) => messages.requiredSelect(labelOf(p)))
    .max(STAFF_NOTICE_KINDS.length, (p) => messages.maxCount(labelOf(p), STAFF_NOTICE_KINDS.length)),
});
export type StaffNotificationsInput = InferType<typeof staffNotificationsSchema>;

/** What GET answers and POST answers after the write. */
export interface StaffNotifications {
  email: string | null;
  kinds: StaffNoticeKind[];
  /** the notices the person's roles offer */
  offered: StaffNoticeKind[];
}
