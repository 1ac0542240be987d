import { applicantSchema, planSchema, rosterSchema } from '../../src/domain/api/shopcart';
import type { Cart } from '../../src/domain/cart-item';
import type { Oracle, SentRequest, ServerReply } from '../../tests/support/oracle';

// What the page says when the server cannot be reached (the API client's words), written here.
const NETWORK_DOWN = '網路連線異常，請確認網路後再試一次';
// The page's own words for a refusal that gives no reason.
const NOT_SENT = '送出失敗，請稍後再試一次';

export type ShopcartStep = 1 | 2 | 3 | 4;

/** What can happen to an application: the visitor's actions and the server's answers. */
export type ShopcartStimulus =
  /** the visitor's cart is another one (an item added, removed or changed, in this tab or another) */
  | { kind: 'cart'; cart: Cart }
  /** STEP1: fills 投保人數, 職業類別, 平均年齡 (and 平均月薪) and clicks 下一步 */
  | { kind: 'confirmPlan'; plan: unknown }
  /** STEP2: fills 要保單位資料, uploads the 名冊 and clicks 下一步 */
  | { kind: 'confirmApplicant'; applicant: unknown; roster: unknown[] }
  /** STEP3: ticks the consent, solves the captcha (leaves it unsolved when '') and clicks 送出申請 */
  | { kind: 'submit'; captcha: string }
  /** the address bar shows /shopcart/STEP<step>: browser Back or Forward, 上一步, or a deep link */
  | { kind: 'open'; step: 1 | 2 | 3 }
  /** STEP3: 修改 on the plan's group (1) or the company's (2) */
  | { kind: 'edit'; step: 1 | 2 }
  /** STEP4's 申請其他保障: a new application with a new key, on the day it starts */
  | { kind: 'startOver'; requestId: string; today: string }
  /** STEP3's 重新查詢, offered while the server has not said what became of a sent application */
  | { kind: 'recheck' }
  | { kind: 'reply'; call: 'shopcart/submitApplication' | 'shopcart/findApplication'; reply: ServerReply };

export interface ShopcartView {
  step: ShopcartStep;
  /** 送出申請 is waiting for the server */
  busy: boolean;
  /** the step shows 「購物車內容已變更」 */
  notice: boolean;
  /** why the server refused the application, on STEP3; '' when it did not */
  failure: string;
  /** the 受理編號 STEP4 shows; '' elsewhere */
  applicationNo: string;
  /** the visitor came from STEP3's 修改: confirming this step goes back to STEP3 when the data allows */
  returnsToReview: boolean;
  /** STEP3 asks the server what became of a sent application (重新查詢) instead of offering 送出申請 */
  recheck: boolean;
  /** STEP1 says the application sent before never reached the server */
  notReceived: boolean;
}

export interface ShopcartStart {
  requestId: string;
  /** ISO date in Asia/Taipei */
  today: string;
  cart: Cart;
}

/** What an application holds of a cart: its items, their products and amounts. */
const contentOf = (cart: Cart) =>
  JSON.stringify(cart.CLASS_LIST.map((c) => [c.CLASS_ID, c.PROD_LIST.map((l) => [l.PROD_ID, l.FACE_AMT])]));

/**
 * The rules the forms check against the cart: the join ages every product accepts (null when they do
 * not overlap, or there is nothing to join) and whether salaries are asked (a salary-multiple item).
 */
function rulesOf(cart: Cart, today: string) {
  const lines = cart.CLASS_LIST.flatMap((c) => c.PROD_LIST);
  if (lines.length === 0) return null;
  const youngest = Math.max(...lines.map((l) => l.JOIN_AGE_MIN));
  const oldest = Math.min(...lines.map((l) => l.JOIN_AGE_MAX));
  if (youngest > oldest) return null;
  return {
    today,
    ages: [youngest, oldest] as const,
    needsSalary: cart.CLASS_LIST.some((c) => c.IS_SLRY_MLTPL === 'Y'),
  };
}

/**
 * The shopcart application as the issue describes it: STEP1 確認投保內容 → STEP2 要保單位資料 → STEP3
 * 確認送出 → STEP4 申請完成. Each step's data must pass the shared schemas against the cart as it is;
 * an empty cart cannot go on, and emptied under STEP2 or STEP3 it sends the visitor to STEP1. An address
 * (Back, Forward, a deep link) lands on the step asked for or, when the data does not allow it, the
 * furthest one that it allows. STEP3's 修改 opens a step whose confirmation returns to STEP3. Each step
 * says 「購物車內容已變更」 once when the cart is not the one confirmed on STEP1 (the page marks it
 * shown: docs/specification.md §3 rmind1-3), and keeps saying it while the visitor stays; a change of the cart's content
 * lets every step say it again (docs/specification.md §4). A refused application stays on STEP3 with the server's words.
 * An application sent whose answer never came (the network failed, the page went away) may be stored: the
 * server empties the cart as it stores one, so an empty cart then does not send STEP3 back to STEP1 but
 * asks the server for the application of the flow's requestId: found, STEP4 shows its 受理編號; not
 * stored, STEP1 says it never arrived; no answer again, STEP3 offers 重新查詢 and nothing else.
 */
export class ShopcartOracle implements Oracle<ShopcartStimulus, ShopcartView> {
  readonly sent: SentRequest[] = [];
  private requestId: string;
  private today: string;
  private cart: Cart;
  private step: ShopcartStep = 1;
  private busy = false;
  private plan: unknown = null;
  private applicant: unknown = null;
  private roster: unknown[] = [];
  /** the cart's content when STEP1 was confirmed */
  private confirmed: string | null = null;
  private returnsToReview = false;
  /** the steps that showed the notice since the cart's content last changed */
  private reminded = new Set<ShopcartStep>();
  /** the notice came up on the step the visitor is on (it stays until they leave) */
  private noticeUp = false;
  private failure = '';
  private applicationNo = '';
  /** an application went out and no answer of the server's said whether it was stored */
  private unanswered = false;
  /** STEP3 asks the server about the unanswered application (until it answers found or not stored) */
  private confirming = false;
  private notReceived = false;

  constructor(start: ShopcartStart) {
    this.requestId = start.requestId;
    this.today = start.today;
    this.cart = start.cart;
  }

  private get rules() {
    return rulesOf(this.cart, this.today);
  }

  /** The steps' forms are there: the cart has items whose join ages overlap (a random walk's guide). */
  get formsShown(): boolean {
    return this.rules !== null;
  }

  /** STEP1's data holds for the cart as it is. */
  private planHolds(plan = this.plan): boolean {
    const rules = this.rules;
    return rules !== null && plan !== null && planSchema.isValidSync(plan, { context: rules });
  }

  /** STEP2's data and its 名冊 hold for the cart as it is (ages in the 名冊 count on the 投保始期). */
  private applicantHolds(applicant = this.applicant, roster = this.roster): boolean {
    const rules = this.rules;
    if (rules === null || applicant === null || !applicantSchema.isValidSync(applicant, { context: rules }))
      return false;
    const { startDate } = applicant as { startDate: string };
    return rosterSchema.isValidSync(roster, { context: { ...rules, startDate } });
  }

  /** The furthest step the data allows, up to the one asked for. */
  private allowed(asked: 1 | 2 | 3): ShopcartStep {
    if (asked === 3 && this.planHolds() && this.applicantHolds()) return 3;
    if (asked >= 2 && this.planHolds()) return 2;
    return 1;
  }

  private get changed(): boolean {
    return this.confirmed !== null && this.confirmed !== contentOf(this.cart);
  }

  private show(step: ShopcartStep) {
    if (step !== this.step) this.noticeUp = false;
    this.step = step;
  }

  apply(s: ShopcartStimulus): void {
    this.act(s);
    // the step on screen says the cart changed, once, and marks it said
    if (this.step !== 4 && this.changed && !this.reminded.has(this.step)) {
      this.noticeUp = true;
      this.reminded.add(this.step);
    }
  }

  private act(s: ShopcartStimulus): void {
    switch (s.kind) {
      case 'cart': {
        const other = contentOf(s.cart) !== contentOf(this.cart);
        this.cart = s.cart;
        if (!other) return;
        this.reminded.clear();
        if (s.cart.CLASS_LIST.length > 0 || this.busy || this.confirming) return;
        if (this.step === 3 && this.unanswered) this.askServer();
        else if (this.step === 2 || this.step === 3) this.show(1);
        return;
      }
      case 'confirmPlan':
        if (this.step !== 1 || !this.planHolds(s.plan)) return;
        this.plan = s.plan;
        this.notReceived = false;
        this.confirmed = contentOf(this.cart);
        this.show(this.returnsToReview && this.applicantHolds() ? 3 : 2);
        this.returnsToReview = false;
        return;
      case 'confirmApplicant':
        if (this.step !== 2 || !this.applicantHolds(s.applicant, s.roster)) return;
        this.applicant = s.applicant;
        this.roster = s.roster;
        this.returnsToReview = false;
        this.show(3);
        return;
      case 'submit':
        if (this.step !== 3 || this.busy || this.confirming) return;
        if (this.cart.CLASS_LIST.length === 0 || s.captcha.trim() === '') return;
        this.busy = true;
        this.unanswered = true;
        this.failure = '';
        this.sent.push({
          call: 'shopcart/submitApplication',
          body: {
            requestId: this.requestId,
            plan: this.plan,
            applicant: this.applicant,
            roster: this.roster,
            consent: true,
            captcha: s.captcha,
          },
        });
        return;
      case 'open': {
        // the application is made (STEP4) or being sent: the address cannot change that
        if (this.step === 4 || this.busy || this.confirming) return;
        const step = this.allowed(s.step);
        // leaving STEP3 after a lost answer: the application may be stored, so the server is asked first
        if (this.step === 3 && this.unanswered && step < 3) this.askServer();
        else this.show(step);
        return;
      }
      case 'edit':
        if (this.step !== 3 || this.busy || this.confirming) return;
        // the application may be stored: its data cannot be edited before the server says it was not
        if (this.unanswered) {
          this.askServer();
          return;
        }
        this.returnsToReview = true;
        this.show(s.step);
        return;
      case 'startOver':
        // offered by STEP4 only, once the application is made
        if (this.step !== 4) return;
        this.requestId = s.requestId;
        this.today = s.today;
        this.busy = false;
        this.plan = null;
        this.applicant = null;
        this.roster = [];
        this.confirmed = null;
        this.returnsToReview = false;
        this.reminded.clear();
        this.failure = '';
        this.applicationNo = '';
        this.unanswered = false;
        this.notReceived = false;
        this.show(1);
        return;
      case 'recheck':
        if (this.step === 3 && this.confirming && !this.busy) this.askServer();
        return;
      case 'reply': {
        if (!this.busy) return;
        this.busy = false;
        const { reply } = s;
        if (reply !== 'network-error' && reply.returnCode === 0) {
          this.applicationNo = (reply.data as { applicationNo: string }).applicationNo;
          this.unanswered = false;
          this.confirming = false;
          this.show(4);
          return;
        }
        const lost = reply === 'network-error' || reply.returnCode >= 500;
        if (s.call === 'shopcart/findApplication' && !lost) {
          // the server holds no application of this flow: it was never stored
          this.unanswered = false;
          this.confirming = false;
          this.notReceived = true;
          this.show(1);
          return;
        }
        if (!lost) this.unanswered = false;
        this.failure = reply === 'network-error' ? NETWORK_DOWN : reply.msg || NOT_SENT;
      }
    }
  }

  /** The call the page waits on: the submit, or STEP3's question whether a lost submit was stored. */
  get awaiting(): 'shopcart/submitApplication' | 'shopcart/findApplication' | null {
    if (!this.busy) return null;
    return this.confirming ? 'shopcart/findApplication' : 'shopcart/submitApplication';
  }

  /** STEP3 asks the server for the application of the flow's requestId. */
  private askServer() {
    this.confirming = true;
    this.busy = true;
    this.failure = '';
    this.sent.push({ call: 'shopcart/findApplication', body: { requestId: this.requestId } });
  }

  view(): ShopcartView {
    return {
      step: this.step,
      busy: this.busy,
      notice: this.step !== 4 && this.noticeUp && this.changed,
      failure: this.step === 3 ? this.failure : '',
      applicationNo: this.step === 4 ? this.applicationNo : '',
      // STEP1 has no form to confirm while the cart has nothing to join: the offer waits for one
      returnsToReview: (this.step === 2 || (this.step === 1 && this.formsShown)) && this.returnsToReview,
      recheck: this.step === 3 && this.confirming,
      notReceived: this.step === 1 && this.notReceived,
    };
  }
}
