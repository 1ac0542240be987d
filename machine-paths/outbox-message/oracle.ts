import type { Oracle, SentRequest } from '../../tests/support/oracle';

// Written from issue 36 (the outbox: waiting → sending → sent, or → waiting again, → failed; 重新寄送 from
// failed; a process killed mid-delivery leaves the message to be sent again; a refused address fails it)
// and docs/decisions.md's schedule (7 tries), without the machine.

export type OutboxMessageStimulus =
  /** a delivery worker takes the message */
  | { kind: 'take' }
  /** the mail server accepts it */
  | { kind: 'accept' }
  /** the try fails: the mail server's answer, for good (5xx) or for now */
  | { kind: 'fail'; attempt: number; answer: string; permanent: boolean }
  /** the worker that took it died: its lease runs out */
  | { kind: 'leaseExpire' }
  /** 重新寄送 in 寄件匣 */
  | { kind: 'resend' };

export interface OutboxMessageView {
  /** the state as 寄件匣 shows it */
  state: '待寄送' | '寄送中' | '已寄出' | '寄送失敗';
  /** a worker may take it now (its try being due) */
  takeable: boolean;
  /** 寄件匣 offers 重新寄送 */
  resend: boolean;
}

/** docs/decisions.md: a message is tried 7 times; the 7th failing is the end */
const TRIES = 7;

/**
 * One message of the outbox as the workers and staff handle it. What its state does not allow changes
 * nothing; no step is a call of the page (the worker talks to the mail server), so `sent` stays empty.
 */
export class OutboxMessageOracle implements Oracle<OutboxMessageStimulus, OutboxMessageView> {
  readonly sent: SentRequest[] = [];
  private state: OutboxMessageView['state'] = '待寄送';

  apply(s: OutboxMessageStimulus): void {
    switch (s.kind) {
      case 'take':
        if (this.state === '待寄送') this.state = '寄送中';
        return;
      case 'accept':
        if (this.state === '寄送中') this.state = '已寄出';
        return;
      case 'fail':
        if (this.state === '寄送中') this.state = s.permanent || s.attempt >= TRIES ? '寄送失敗' : '待寄送';
        return;
      case 'leaseExpire':
        if (this.state === '寄送中') this.state = '待寄送';
        return;
      case 'resend':
        if (this.state === '寄送失敗') this.state = '待寄送';
    }
  }

  view(): OutboxMessageView {
    return { state: this.state, takeable: this.state === '待寄送', resend: this.state === '寄送失敗' };
  }
}
