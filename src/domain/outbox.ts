/*
 * An e-mail in the transactional outbox (issue 36): written with the change it tells of, then delivered by
 * the server's worker. Which state may follow which is the machine's (machines/outbox-message.machine.ts);
 * this module names the states as the database stores them and as staff read them, and how often and how
 * long a delivery is tried.
 */

export const OUTBOX_STATES = ['waiting', 'sending', 'sent', 'failed'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];

/** How staff read each state in 寄件匣. */
export const OUTBOX_STATE_LABELS: Readonly<Record<OutboxState, string>> = {
  waiting: '待寄送',
  sending: '寄送中',
  sent: '已寄出',
  failed: '寄送失敗',
};

export function isOutboxState(value: unknown): value is OutboxState {
  return typeof value === 'string' && (OUTBOX_STATES as readonly string[]).includes(value);
}

/**
 * The waits after each failed try, growing: 1 min, 5 min, 15 min, 1 h, 4 h, 12 h. A message is tried once
 * more than there are waits (7 times, over about 17.5 hours); after the last it is failed.
 */
export const OUTBOX_RETRY_WAITS_MS: readonly number[] = [
  60_000,
  5 * 60_000,
  15 * 60_000,
  60 * 60_000,
  4 * 60 * 60_000,
  12 * 60 * 60_000,
];

/** Tries before a message is failed. */
export const OUTBOX_MAX_ATTEMPTS = OUTBOX_RETRY_WAITS_MS.length + 1;

/** The wait after the `attempt`th failed try (1-based), before the next; none after the last. */
export function retryWaitMs(attempt: number): number | null {
  return attempt >= 1 && attempt < OUTBOX_MAX_ATTEMPTS ? OUTBOX_RETRY_WAITS_MS[attempt - 1]! : null;
}
