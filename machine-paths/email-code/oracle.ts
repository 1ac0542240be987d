import type { Oracle, SentRequest } from '../../tests/support/oracle';

// Written from issue 45 (a new notice address is used once the code e-mailed to it is typed) and the code's
// rules the issues give it (six digits, ten minutes, once, void at the fifth wrong one, the newest alone
// counting), without the machine, as 通知設定 shows them to the person who gave the address.

export type EmailCodeStimulus =
  /** types the code the newest e-mail carries and presses 確認 */
  | { kind: 'typeRight' }
  /** types another code and presses 確認 */
  | { kind: 'typeWrong' }
  /** ten minutes pass, and the page is read again */
  | { kind: 'timePasses' }
  /** 重新寄送驗證碼 */
  | { kind: 'resend' }
  /** empties 通知信箱 and presses 儲存 */
  | { kind: 'giveUp' };

export interface EmailCodeView {
  /** the code's state as 確認新的通知信箱 shows it; null when no new address waits */
  state: '待輸入' | '已失效' | '已逾時' | null;
  /** how many more codes may be typed, while one may */
  triesLeft: number | null;
  /** the address the notices go to now */
  noticesTo: string | null;
}

/** Issue 45: a code works for 10 minutes, and the fifth wrong one voids it. */
const TRIES = 5;

/**
 * A person with no notice address gave `address`: a code went to it. What the code's state does not allow
 * changes nothing; the page's calls are the server's own business here (`sent` stays empty).
 */
export class EmailCodeOracle implements Oracle<EmailCodeStimulus, EmailCodeView> {
  readonly sent: SentRequest[] = [];
  private state: EmailCodeView['state'] = '待輸入';
  private tries = TRIES;
  private noticesTo: string | null = null;

  constructor(private readonly address: string) {}

  apply(s: EmailCodeStimulus): void {
    switch (s.kind) {
      case 'typeRight':
        if (this.state !== '待輸入') return;
        this.state = null;
        this.noticesTo = this.address;
        return;
      case 'typeWrong':
        if (this.state !== '待輸入') return;
        this.tries -= 1;
        if (this.tries === 0) this.state = '已失效';
        return;
      case 'timePasses':
        if (this.state === '待輸入') this.state = '已逾時';
        return;
      case 'resend':
        if (this.state === null) return;
        this.state = '待輸入';
        this.tries = TRIES;
        return;
      case 'giveUp':
        this.state = null;
        this.noticesTo = null;
    }
  }

  view(): EmailCodeView {
    return {
      state: this.state,
      triesLeft: this.state === '待輸入' ? this.tries : null,
      noticesTo: this.noticesTo,
    };
  }
}
