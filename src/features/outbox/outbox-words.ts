import type { OutboxEntry } from '../../domain/api/outbox';
import { formatTaipeiSecond } from '../../domain/roc-date';

/*
 * How 寄件匣 says whom an e-mail is for and how its delivery stands, the same in the list and in one
 * e-mail's view.
 */

export const DELIVERY_WORDS = {
  nextAttempt: '下次寄送',
  sentAt: '寄出時間',
  serverAnswer: '郵件伺服器回應',
  none: '—',
} as const;

/** 「陳美玲（hr@example.com.tw）」, or the address alone when the e-mail names no one. */
export const recipientOf = (entry: Pick<OutboxEntry, 'recipient' | 'recipientName'>): string =>
  entry.recipientName ? `${entry.recipientName}（${entry.recipient}）` : entry.recipient;

/**
 * One line for the list: when a waiting e-mail goes next (and the mail server's answer to its last try,
 * if it had one), when a sent one went, or what the mail server answered a failed one.
 */
export function deliveryNote(entry: OutboxEntry): string {
  const answer = entry.lastError ? `${DELIVERY_WORDS.serverAnswer}：${entry.lastError}` : '';
  switch (entry.state) {
    case 'waiting':
      return [`${DELIVERY_WORDS.nextAttempt} ${formatTaipeiSecond(entry.nextAttemptAt)}`, answer]
        .filter(Boolean)
        .join('；');
    case 'sent':
      return entry.sentAt
        ? `${DELIVERY_WORDS.sentAt} ${formatTaipeiSecond(entry.sentAt)}`
        : DELIVERY_WORDS.none;
    case 'failed':
      return answer || DELIVERY_WORDS.none;
    case 'sending':
      return DELIVERY_WORDS.none;
  }
}
