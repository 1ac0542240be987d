import type { OutboxEntry, OutboxPage } from '../../domain/api/outbox';
import { staffGet, staffPost } from '../../lib/staff-api';

const path = (id: number) => `staff/outbox/${id}`;

/** 寄件匣: a page of e-mails, one e-mail as it is now, and 重新寄送 of a failed one. */
export const outboxApi = {
  list: (query: Record<string, string>) => staffGet<OutboxPage>('staff/outbox', query),
  read: (id: number) => staffGet<OutboxEntry>(path(id)),
  resend: (id: number) => staffPost<{ id: number }>(`${path(id)}/resend`, {}),
};
