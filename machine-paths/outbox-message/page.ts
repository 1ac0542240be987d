import type { OutboxMessageStimulus, OutboxMessageView } from './oracle';

// What the outbox message's page runs share in jsdom and in Chromium: how a stimulus is acted out (the
// worker and the mail server on the server's side, 重新寄送 on 寄件匣) and how the message's view is read.

/** The delivery side of one message as a level stages it: a worker taking it, the mail server answering. */
export interface OutboxDelivery {
  /** a worker takes the message and sends it in full; the mail server holds its answer */
  take(): Promise<void>;
  /** the mail server answers the held message: accepted (null) or this reply; the worker records it */
  answer(reply: string | null): Promise<void>;
  /** the worker holding the message stops answering, and its lease runs out */
  leaseExpire(): Promise<void>;
  /** the try the message is on (1 for the first) */
  attempt(): number;
}

/** The message's page on 寄件匣: read it again, or press 重新寄送; each ends once the page has settled. */
export interface OutboxMessagePage {
  reload(): Promise<void>;
  resend(): Promise<void>;
}

/**
 * Acts `s` out: the delivery's part on the server, then the page read again (寄件匣 shows what the server
 * has; it does not follow the worker by itself), or 重新寄送 pressed. A failed try is the mail server's reply
 * to the try the message is on: a stimulus naming another try is refused, never acted out some other way.
 */
export async function actOnOutboxMessage(
  s: OutboxMessageStimulus,
  delivery: OutboxDelivery,
  page: OutboxMessagePage,
): Promise<void> {
  switch (s.kind) {
    case 'take':
      await delivery.take();
      break;
    case 'accept':
      await delivery.answer(null);
      break;
    case 'fail':
      if (s.attempt !== delivery.attempt())
        throw new Error(`the mail server answers try ${delivery.attempt()}, not try ${s.attempt}`);
      await delivery.answer(s.answer);
      break;
    case 'leaseExpire':
      await delivery.leaseExpire();
      break;
    case 'resend':
      await page.resend();
      return;
  }
  await page.reload();
}

/**
 * The message as 寄件匣 shows it, read from the page (self-contained, for Chromium too): its state word,
 * whether a next try is shown (a waiting message's), and whether 重新寄送 is offered.
 */
export function outboxMessageScreen(): OutboxMessageView {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const main = document.querySelector('main');
  const labels = [...(main?.querySelectorAll('dt, th') ?? [])].map(text);
  const buttons = [...(main?.querySelectorAll('button') ?? [])].map(text);
  return {
    state: text(main?.querySelector('[data-testid="outbox-state"]')) as OutboxMessageView['state'],
    takeable: labels.includes('下次寄送'),
    resend: buttons.includes('重新寄送'),
  };
}

/** Whether the message's page has settled: no button busy with its call. */
export function outboxMessageSettled(): boolean {
  return document.querySelector('main button[aria-disabled="true"]') === null;
}
