import { groupSchema } from '../../src/domain/api/tryout';
import { buildCartItem, type InputPackage } from '../../src/domain/cart-item';
import type { Oracle, SentRequest, ServerReply } from '../../tests/support/oracle';

// What the page says when the server cannot be reached (the API client's words), written here.
const NETWORK_DOWN = '網路連線異常，請確認網路後再試一次';
// The page's own words for a refusal that gives no reason.
const NO_QUOTE = '暫時無法試算，請稍後再試一次';
// docs/domain.md §2.3: the online quote stops at 49 people.
const LARGEST_ONLINE_GROUP = 49;

export type TryoutStep = 1 | 2 | 3;

/** What STEP1 confirms: the item the choice becomes and what the catalogue says of it. */
export interface Cover {
  pkg: InputPackage;
  source: 'PKG' | 'CELL';
  ages: readonly [number, number] | null;
  needsSalary: boolean;
  unmetRider: string | null;
}

/** What can happen in a trial: the visitor's actions and the server's answers. */
export type TryoutStimulus =
  /** STEP1: picks a package or cells with their amounts and clicks 下一步 */
  | { kind: 'confirmCover'; cover: Cover }
  /** STEP2: fills 投保人數, 職業類別, the ages (and the salary) and clicks 試算保費 */
  | { kind: 'confirmGroup'; group: unknown }
  /** STEP3: 再試一次 after a failed quote */
  | { kind: 'retry' }
  /** STEP3: 加入購物車, and the cart took the item */
  | { kind: 'added' }
  /** the address bar shows /tryout/STEP<step>: browser Back or Forward, 上一步, or a deep link */
  | { kind: 'open'; step: TryoutStep }
  /** STEP3: 重新試算, on the day it is clicked */
  | { kind: 'startOver'; today: string }
  | { kind: 'reply'; call: 'tryout/quote'; reply: ServerReply };

export interface TryoutView {
  step: TryoutStep;
  /** 試算中: the quote is asked */
  busy: boolean;
  /** STEP3's answer: the total premium a year, 「請洽專人報價」, or why there is none */
  result:
    | { kind: 'quoted'; annualPerPerson: number; annual: number; monthly: number; monthlyPerPerson: number }
    | { kind: 'negotiated' }
    | { kind: 'failed'; message: string }
    | null;
  /** STEP3 says the quoted item is in the cart */
  added: boolean;
}

/**
 * The premium trial as the issue describes it: STEP1 選擇保障 → STEP2 投保團體 → STEP3 試算結果. A cover
 * needs products whose join ages overlap and no rider without its main product; a group must pass the
 * shared schema against the cover. From 50 people there is no online quote: STEP3 says 請洽專人報價 and
 * nothing is sent. Otherwise the server's quote is asked each time the group is confirmed, and changing
 * the cover drops it. Back, Forward and deep links land on the step asked for or the furthest the data
 * allows, as in the shopcart flow; leaving STEP3 while the quote is asked forgets that question.
 */
export class TryoutOracle implements Oracle<TryoutStimulus, TryoutView> {
  readonly sent: SentRequest[] = [];
  private step: TryoutStep = 1;
  private busy = false;
  private cover: Cover | null = null;
  private group: unknown = null;
  private result: TryoutView['result'] = null;
  private added = false;

  constructor(private today: string) {}

  private coverHolds(cover = this.cover): cover is Cover & { ages: readonly [number, number] } {
    return (
      cover !== null && cover.pkg.PROD_LIST.length > 0 && cover.ages !== null && cover.unmetRider === null
    );
  }

  /** What the group is checked against: the cover's join ages and whether it asks the salary. */
  private rules() {
    const cover = this.cover as Cover & { ages: readonly [number, number] };
    return { today: this.today, ages: cover.ages, needsSalary: cover.needsSalary };
  }

  private groupHolds(group = this.group): boolean {
    if (!this.coverHolds() || group === null) return false;
    return groupSchema.isValidSync(group, { context: this.rules() });
  }

  private get largeGroup(): boolean {
    return (this.group as { headcount: number }).headcount > LARGEST_ONLINE_GROUP;
  }

  /** Shows STEP3 for a confirmed group: the answer kept, 請洽專人報價, or a new question to the server. */
  private showResult() {
    this.step = 3;
    if (this.largeGroup) {
      this.result = { kind: 'negotiated' };
      return;
    }
    if (this.result?.kind === 'quoted') return;
    this.result = null;
    this.busy = true;
    const cover = this.cover!;
    this.sent.push({
      call: 'tryout/quote',
      body: { item: buildCartItem(cover.pkg, cover.source, ''), group: this.group },
    });
  }

  private dropResult() {
    this.result = null;
    this.added = false;
  }

  apply(s: TryoutStimulus): void {
    switch (s.kind) {
      case 'confirmCover':
        if (this.step !== 1 || !this.coverHolds(s.cover)) return;
        if (JSON.stringify(s.cover.pkg) !== JSON.stringify(this.cover?.pkg)) this.dropResult();
        this.cover = s.cover;
        this.step = 2;
        return;
      case 'confirmGroup':
        if (this.step !== 2 || !this.groupHolds(s.group)) return;
        // the page keeps (and sends) only what the group's bases ask for: no salary unless a line needs it
        this.group = groupSchema.cast(s.group, { context: this.rules(), stripUnknown: true });
        this.dropResult();
        this.showResult();
        return;
      case 'retry':
        if (this.step !== 3 || this.result?.kind !== 'failed') return;
        this.result = null;
        this.showResult();
        return;
      case 'added':
        if (this.step !== 3 || this.result?.kind !== 'quoted') return;
        this.added = true;
        return;
      case 'open': {
        // the step on screen asked again changes nothing
        if (s.step === this.step) return;
        const step = !this.coverHolds() || s.step === 1 ? 1 : !this.groupHolds() || s.step === 2 ? 2 : 3;
        if (step === this.step) return;
        // a quote asked and left unanswered is forgotten
        this.busy = false;
        if (step === 3) this.showResult();
        else this.step = step;
        return;
      }
      case 'startOver':
        if (this.step !== 3 || this.busy) return;
        this.today = s.today;
        this.cover = null;
        this.group = null;
        this.dropResult();
        this.step = 1;
        return;
      case 'reply': {
        if (!this.busy) return;
        this.busy = false;
        const { reply } = s;
        if (reply !== 'network-error' && reply.returnCode === 0) {
          const { total } = reply.data as {
            total: {
              annualPerPerson: number;
              premiums: { annual: number; monthly: number };
              monthlyPerPerson: number;
            };
          };
          this.result = {
            kind: 'quoted',
            annualPerPerson: total.annualPerPerson,
            annual: total.premiums.annual,
            monthly: total.premiums.monthly,
            monthlyPerPerson: total.monthlyPerPerson,
          };
        } else {
          this.result = {
            kind: 'failed',
            message: reply === 'network-error' ? NETWORK_DOWN : reply.msg || NO_QUOTE,
          };
        }
      }
    }
  }

  view(): TryoutView {
    return {
      step: this.step,
      busy: this.busy,
      result: this.step === 3 ? this.result : null,
      added: this.step === 3 && this.added,
    };
  }
}
