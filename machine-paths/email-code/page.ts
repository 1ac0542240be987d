import type { EmailCodeStimulus, EmailCodeView } from './oracle';

// What the e-mailed code's page runs share in jsdom and in Chromium: how a stimulus is acted out on 通知設定
// (and on the server's clock), and how the code's view is read.

/** The new address's mailbox: the code its newest e-mail carries. */
export interface CodeMailbox {
  newestCode(): Promise<string>;
}

/** 通知設定 as a person uses it; each action ends once the page has settled. */
export interface NoticesPage {
  /** types the code into 驗證碼 and presses 確認 */
  typeCode(code: string): Promise<void>;
  /** 重新寄送驗證碼 */
  resend(): Promise<void>;
  /** empties 通知信箱 and presses 儲存 */
  giveUp(): Promise<void>;
  /** the server's clock moves past the code's ten minutes, and the page is opened again */
  tenMinutesLater(): Promise<void>;
}

/** A six-digit code that is not `code`. */
export const otherCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

/** Acts `s` out on 通知設定. */
export async function actOnEmailCode(s: EmailCodeStimulus, mailbox: CodeMailbox, page: NoticesPage) {
  switch (s.kind) {
    case 'typeRight':
      return page.typeCode(await mailbox.newestCode());
    case 'typeWrong':
      return page.typeCode(otherCode(await mailbox.newestCode()));
    case 'timePasses':
      return page.tenMinutesLater();
    case 'resend':
      return page.resend();
    case 'giveUp':
      return page.giveUp();
  }
}

/**
 * The code as 通知設定 shows it, read from the page (self-contained, for Chromium too): the state of the new
 * address's code and the tries left while one may be typed, and the address the notices go to now.
 */
export function emailCodeScreen(): EmailCodeView {
  const text = (e: Element | null | undefined) => (e?.textContent ?? '').trim();
  const main = document.querySelector('main');
  const pending = main?.querySelector('section.pending-address');
  if (!pending) {
    const address = (main?.querySelector('input[type="email"]') as HTMLInputElement | null)?.value ?? '';
    return { state: null, triesLeft: null, noticesTo: address || null };
  }
  const tries = /（還可輸入 (\d+) 次）/.exec(text(pending))?.[1];
  return {
    state: text(pending.querySelector('[data-testid="code-state"]')) as EmailCodeView['state'],
    triesLeft: tries === undefined ? null : Number(tries),
    noticesTo: /確認前，通知仍寄至 (\S+?)。/.exec(text(pending))?.[1] ?? null,
  };
}

/** Whether 通知設定 has settled: its form is there and no button is busy with its call. */
export function emailCodeSettled(): boolean {
  const main = document.querySelector('main');
  return (
    main?.querySelector('input[type="email"]') !== null &&
    main?.querySelector('button[aria-disabled="true"]') === null
  );
}
