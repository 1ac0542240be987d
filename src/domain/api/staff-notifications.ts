import { array, type InferType, object, string } from 'yup';
import { messages } from '../messages';
import { STAFF_NOTICE_KINDS, type StaffNoticeKind } from '../staff-notifications';
import { text } from '../validation/fields';
import { labelOf } from '../validation/params';
import { email, maxLength } from '../validation/text-rules';
import { emailCodeSchema } from './email-code';

/*
 * A person's e-mail notices (issue 36): GET staff/me/notifications answers what they chose and what their
 * roles offer; POST staff/me/notifications sets the choice, and a new address waits for the code e-mailed to
 * it (issue 45): POST …/confirm with the code makes it the notice address, POST …/resend sends another code.
 * No address: none are sent.
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

/** Body of POST staff/me/notifications/confirm: the code e-mailed to the new address. */
export const noticeAddressCodeSchema = emailCodeSchema;

/** A new notice address waiting for its code: the notices go to `email` until it is typed. */
export interface PendingNoticeAddress {
  address: string;
  /** 'issued': the code may be typed; 'voided' (five wrong) or 'expired': a new one must be sent */
  state: 'issued' | 'voided' | 'expired';
  triesLeft: number;
  /** ISO instant the code stops working */
  expiresAt: string;
}

/** What GET answers and each POST answers after the write. */
export interface StaffNotifications {
  /** the confirmed address the notices go to */
  email: string | null;
  /** a new address given and not confirmed yet */
  pending: PendingNoticeAddress | null;
  kinds: StaffNoticeKind[];
  /** the notices the person's roles offer */
  offered: StaffNoticeKind[];
}
