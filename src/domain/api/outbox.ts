import { type InferType, object } from 'yup';
import { OUTBOX_STATES, type OutboxState } from '../outbox';
import type { OutboxKind } from '../outbox-kinds';
import { choice } from '../validation/fields';
import { pageField, wholeNumber } from '../validation/query-fields';

/*
 * 寄件匣 (issue 36): the back office lists every e-mail of the outbox with its state, as it is sent, and
 * sends a failed one again: GET staff/outbox (the list) and POST staff/outbox/:id/resend.
 */

/** Messages on one page of 寄件匣. */
export const OUTBOX_PAGE_SIZE = 20;

/** The list's filter and page, newest first. */
export const outboxQuerySchema = object({
  state: choice('寄送狀態').oneOf(OUTBOX_STATES),
  page: pageField('頁次'),
});
export type OutboxQuery = InferType<typeof outboxQuerySchema>;

/** Path of one message's call. */
export const outboxParamsSchema = object({
  id: wholeNumber('郵件編號', 1, 2_147_483_647).required(),
});

/** One message as 寄件匣 shows it: whom it is for, what it says (both parts) and how its delivery stands. */
export interface OutboxEntry {
  id: number;
  kind: OutboxKind;
  state: OutboxState;
  recipient: string;
  recipientName: string;
  subject: string;
  text: string;
  html: string;
  /** the Message-ID every try carries, without the sender's domain */
  messageId: string;
  attempts: number;
  /** ISO; when the next try is due while waiting */
  nextAttemptAt: string;
  /** the mail server's answer to the last failed try */
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
  applicationNo: string | null;
  contactNo: string | null;
}

export interface OutboxPage {
  entries: OutboxEntry[];
  /** the messages the filter matches */
  total: number;
  /** messages in each state, the filter aside */
  counts: Record<OutboxState, number>;
}
