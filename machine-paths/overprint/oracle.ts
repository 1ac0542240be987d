import { lookupSchema } from '../../src/domain/api/overprint';
import type { Oracle, SentRequest, ServerReply } from '../../tests/support/oracle';

// What the page says when the server cannot be reached (the API client's words), written here.
const NETWORK_DOWN = '網路連線異常，請確認網路後再試一次';
// The page's own words for a refusal that gives no reason.
const NO_REASON = '系統忙碌中，請稍後再試';
// The documents in the order they print: 要保書, 被保險人名冊 (only when a roster was given), 申請摘要.
const PRINT_ORDER = ['form', 'roster', 'summary'];
// Issue 45: a code e-mailed to the contact is six digits.
const CODE = /^\d{6}$/;

export type OverprintStep = 1 | 2 | 3 | 4;

/** What the server opened: the token for STEP4, whether it prints the 名冊, and the application's data. */
interface Opened {
  token: string;
  rosterOpen: boolean;
  application: { applicationNo: string; roster: unknown[] };
}

export type OverprintStimulus =
  /** STEP1: types 受理編號, 統一編號, 聯絡手機, solves the captcha and clicks 查詢 */
  | { kind: 'identify'; lookup: unknown }
  /** arrives on STEP1 through the shopcart's print link */
  | { kind: 'followLink'; token: string; applicationNo: string }
  /** STEP2: ticks the documents and clicks 下一步 */
  | { kind: 'choose'; documents: string[] }
  /** STEP2, the 名冊 chosen without its code: types the code the contact received and clicks 確認驗證碼 */
  | { kind: 'enterCode'; code: string }
  /** STEP2: 重新寄送驗證碼 */
  | { kind: 'resendCode' }
  /** STEP2: 改選文件, back from the code to the choice */
  | { kind: 'changeChoice' }
  /** STEP3: 確認無誤，下一步 */
  | { kind: 'confirm' }
  /** STEP4: 下載 PDF (again: 補印) */
  | { kind: 'download' }
  /** the address bar shows /overprint/STEP<step>: Back, Forward, 上一步 or a deep link */
  | { kind: 'open'; step: OverprintStep }
  /** 查詢其他申請 */
  | { kind: 'startOver' }
  | {
      kind: 'reply';
      call:
        | 'overprint/lookup'
        | 'DTODGAZ0/getDecryptData'
        | 'overprint/rosterCode'
        | 'overprint/rosterOpen'
        | 'overprint/document';
      reply: ServerReply;
    };

export interface OverprintView {
  step: OverprintStep;
  /** a call is under way: 查詢中 or 產生文件中 */
  busy: boolean;
  /** why STEP1's lookup, STEP2's code or STEP4's download got nothing, on that step */
  failure: string | null;
  /** STEP2 asks for the code: where it went (the contact's address, masked) */
  codeSentTo: string | null;
  /** STEP2-4 (and STEP1 once one is open): the application on screen */
  applicationNo: string | null;
  /** STEP3 and STEP4: the chosen documents, in the order they print */
  documents: string[] | null;
  /** STEP4: how many copies were downloaded */
  copies: number;
}

/**
 * The overprint as issue 12 describes it: STEP1 identifies an application (its identifiers and a solved
 * captcha, or the print link's token), STEP2 picks documents among those it has, STEP3 shows what will print
 * and is confirmed, STEP4 downloads the PDF as often as asked. Back, Forward and deep links land on the step
 * asked for or the furthest the data allows. A refusal is shown on the step it happened on until the
 * visitor tries again or leaves it. 查詢其他申請 drops everything once an application is open.
 *
 * Issue 45: the 名冊 carries full ID numbers and birth dates, so it prints only when what opened the
 * application opens it too (the print link the applicant's session was given does); otherwise choosing it
 * e-mails a code to the application's contact, and STEP2 asks for it (six digits) before STEP3. 重新寄送驗證碼
 * sends another; a resend refused leaves the code sent before to be typed, a first send refused leaves the
 * choice. 改選文件 goes back to the choice. A code refused is said on STEP2. Leaving STEP2 drops the code's
 * form; the 名冊 chosen and not opened keeps Forward and deep links on STEP2.
 */
export class OverprintOracle implements Oracle<OverprintStimulus, OverprintView> {
  readonly sent: SentRequest[] = [];
  private step: OverprintStep = 1;
  private busy = false;
  private failure: string | null = null;
  private opened: Opened | null = null;
  private documents: string[] | null = null;
  /** STEP2 shows the code's form: where the code went */
  private codeSentTo: string | null = null;
  private confirmedFor: string | null = null;
  private copies = 0;

  private ask(call: string, body: unknown) {
    this.busy = true;
    this.failure = null;
    this.sent.push({ call, body });
  }

  private printable(): string[] {
    return PRINT_ORDER.filter((doc) => doc !== 'roster' || (this.opened?.application.roster.length ?? 0) > 0);
  }

  /** The 名冊 is chosen and what opened the application does not print it. */
  private awaitsCode(): boolean {
    return (this.documents?.includes('roster') ?? false) && !this.opened!.rosterOpen;
  }

  private moveTo(step: OverprintStep) {
    this.step = step;
    this.failure = null;
    this.codeSentTo = null;
  }

  apply(s: OverprintStimulus): void {
    if (this.busy && s.kind !== 'reply') return;
    switch (s.kind) {
      case 'identify':
        if (this.step === 1 && lookupSchema.isValidSync(s.lookup)) this.ask('overprint/lookup', s.lookup);
        return;
      case 'followLink':
        if (this.step === 1 && s.token !== '' && /^GI\d{12}$/.test(s.applicationNo))
          this.ask('DTODGAZ0/getDecryptData', { token: s.token, applicationNo: s.applicationNo });
        return;
      case 'choose': {
        if (this.step !== 2 || this.codeSentTo !== null || s.documents.length === 0) return;
        if (!s.documents.every((doc) => this.printable().includes(doc))) return;
        const documents = PRINT_ORDER.filter((doc) => s.documents.includes(doc));
        if (documents.join() !== this.documents?.join()) this.confirmedFor = null;
        this.documents = documents;
        if (this.awaitsCode()) this.ask('overprint/rosterCode', { token: this.opened!.token });
        else this.moveTo(3);
        return;
      }
      case 'enterCode':
        if (this.step === 2 && this.codeSentTo !== null && CODE.test(s.code))
          this.ask('overprint/rosterOpen', { token: this.opened!.token, code: s.code });
        return;
      case 'resendCode':
        if (this.step === 2 && this.codeSentTo !== null)
          this.ask('overprint/rosterCode', { token: this.opened!.token });
        return;
      case 'changeChoice':
        if (this.step === 2 && this.codeSentTo !== null) {
          this.codeSentTo = null;
          this.failure = null;
        }
        return;
      case 'confirm':
        if (this.step !== 3) return;
        this.confirmedFor = this.documents!.join();
        this.step = 4;
        return;
      case 'download':
        if (this.step === 4)
          this.ask('overprint/document', { token: this.opened!.token, documents: this.documents });
        return;
      case 'open': {
        if (s.step === this.step) return;
        const step: OverprintStep =
          s.step === 1 || !this.opened
            ? 1
            : s.step === 2 || !this.documents || this.awaitsCode()
              ? 2
              : s.step === 3 || this.confirmedFor !== this.documents.join()
                ? 3
                : 4;
        if (step === this.step) return;
        this.moveTo(step);
        return;
      }
      case 'startOver':
        if (!this.opened) return;
        this.opened = null;
        this.documents = null;
        this.confirmedFor = null;
        this.copies = 0;
        this.moveTo(1);
        return;
      case 'reply': {
        this.busy = false;
        const { reply } = s;
        if (reply !== 'network-error' && reply.returnCode === 0) {
          if (s.call === 'overprint/document') {
            this.copies += 1;
            return;
          }
          if (s.call === 'overprint/rosterCode') {
            this.codeSentTo = (reply.data as { sentTo: string }).sentTo;
            return;
          }
          if (s.call === 'overprint/rosterOpen') {
            // the same visit, now printing the 名冊: the choice stands, on to STEP3
            this.opened = reply.data as Opened;
            this.moveTo(3);
            return;
          }
          // a newly opened application starts its choice afresh
          this.opened = reply.data as Opened;
          this.documents = null;
          this.confirmedFor = null;
          this.copies = 0;
          this.moveTo(2);
          return;
        }
        this.failure = reply === 'network-error' ? NETWORK_DOWN : reply.msg || NO_REASON;
      }
    }
  }

  view(): OverprintView {
    return {
      step: this.step,
      busy: this.busy,
      failure: this.step !== 3 ? this.failure : null,
      codeSentTo: this.step === 2 ? this.codeSentTo : null,
      applicationNo: this.opened?.application.applicationNo ?? null,
      documents: this.step >= 3 ? this.documents : null,
      copies: this.step === 4 ? this.copies : 0,
    };
  }
}
