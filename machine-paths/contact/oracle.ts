import { contactMessageSchema } from '../../src/domain/api/contact';
import type { Oracle, SentRequest, ServerReply } from '../../tests/support/oracle';

// What the page says when the server cannot be reached (the API client's words), written here.
const NETWORK_DOWN = '網路連線異常，請確認網路後再試一次';
// The page's own words for a refusal that gives no reason.
const NO_REASON = '系統忙碌中，請稍後再試';

export type ContactStimulus =
  /** fills the form, solves the captcha (or not: an empty one) and clicks 送出 */
  | { kind: 'send'; message: unknown; captcha: string }
  /** 再留一則訊息, with the key the page makes for the new message */
  | { kind: 'writeAgain'; requestId: string }
  | { kind: 'reply'; call: 'contact/submit'; reply: ServerReply };

export interface ContactView {
  /** the form, or the done view that replaces it */
  phase: 'form' | 'sent';
  /** 送出中 */
  busy: boolean;
  /** why the last try was refused, above the button, until the next try */
  failure: string | null;
  /** the done view: the 案件編號, the day staff answer by, and the address the answer goes to */
  receipt: { contactNo: string; replyBy: string; replyTo: string } | null;
}

/**
 * The contact form as issue 13 describes it: a message whose fields pass the shared rules, with the
 * captcha solved, is sent once; the answer's reference number and reply day replace the form; a refusal
 * keeps the form with its reason, and sending again is the same message (the same request id), so one the
 * server did store is not stored twice. 再留一則訊息 starts a new message with a new id.
 */
export class ContactOracle implements Oracle<ContactStimulus, ContactView> {
  readonly sent: SentRequest[] = [];
  private phase: ContactView['phase'] = 'form';
  private busy = false;
  private failure: string | null = null;
  private receipt: ContactView['receipt'] = null;
  /** the e-mail address of the message last sent */
  private replyTo = '';

  constructor(private requestId: string) {}

  apply(s: ContactStimulus): void {
    if (this.busy && s.kind !== 'reply') return;
    switch (s.kind) {
      case 'send':
        if (this.phase !== 'form' || s.captcha === '' || !contactMessageSchema.isValidSync(s.message)) return;
        this.busy = true;
        this.failure = null;
        this.replyTo = (s.message as { email: string }).email;
        this.sent.push({
          call: 'contact/submit',
          body: { requestId: this.requestId, message: s.message, captcha: s.captcha },
        });
        return;
      case 'writeAgain':
        if (this.phase !== 'sent') return;
        this.phase = 'form';
        this.receipt = null;
        this.requestId = s.requestId;
        return;
      case 'reply': {
        this.busy = false;
        const { reply } = s;
        if (reply !== 'network-error' && reply.returnCode === 0) {
          const { contactNo, replyBy } = reply.data as { contactNo: string; replyBy: string };
          this.phase = 'sent';
          this.receipt = { contactNo, replyBy, replyTo: this.replyTo };
          return;
        }
        this.failure = reply === 'network-error' ? NETWORK_DOWN : reply.msg || NO_REASON;
      }
    }
  }

  view(): ContactView {
    return { phase: this.phase, busy: this.busy, failure: this.failure, receipt: this.receipt };
  }
}
