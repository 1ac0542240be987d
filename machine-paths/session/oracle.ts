import type { Oracle, SentRequest, ServerReply } from '../../tests/support/oracle';

// docs/specification.md §9 (seconds, as docs/specification.md §4 presumes and the server's answer confirms), used when addSession fails.
const SPEC_REMIND_SECONDS = 1440;
const SPEC_END_SECONDS = 1740;

export type SessionCall = 'addSession' | 'cleanSession';

/** What can happen to the visitor's session: links followed, the dialogs' buttons, answers, time. */
export type SessionStimulus =
  | { kind: 'navigate'; menu: string; link: string; to: string }
  | { kind: 'continue' }
  | { kind: 'confirmEnd' }
  | { kind: 'reply'; call: SessionCall; reply: ServerReply }
  | { kind: 'wait'; ms: number };

export interface SessionView {
  /** the path the visitor is on, under /groupins */
  at: string;
  dialog:
    | { title: '工作階段即將結束'; says: string; focus: '繼續使用' }
    | { title: '工作階段已結束'; says: string; focus: '確定' }
    | null;
  /** what a flow in progress kept in sessionStorage is still there */
  flowKept: boolean;
}

/** The answer of addSession: the server's clock and its session times. */
export interface ServerSession {
  startedAt: string;
  now: string;
  remindSeconds: number;
  endSeconds: number;
}

const minutesAndSeconds = (seconds: number) =>
  `${Math.floor(seconds / 60) > 0 ? `${Math.floor(seconds / 60)} 分 ` : ''}${seconds % 60} 秒`;

/**
 * The session of docs/specification.md §4 and §9: every page and every navigation (re)starts it on the server; a reminder
 * is due `remind` seconds after the server's start and the end `end` seconds after it, with the server's
 * times (docs/specification.md §9's when the server cannot be asked); at the end the server is told, flows in progress
 * are forgotten and the visitor is taken home with a notice; continuing or confirming starts it again.
 */
export class SessionOracle implements Oracle<SessionStimulus, SessionView> {
  readonly sent: SentRequest[] = [];
  private phase: 'starting' | 'active' | 'reminding' | 'ending' | 'ended' = 'starting';
  private now = 0;
  private startedAt = 0;
  private remindedAt = 0;
  private remind = SPEC_REMIND_SECONDS;
  private end = SPEC_END_SECONDS;
  private at: string;
  private flowKept = true;

  constructor(openedAt: string) {
    this.at = openedAt;
    this.start();
  }

  private start() {
    this.phase = 'starting';
    this.sent.push({ call: 'addSession', body: {} });
  }

  apply(s: SessionStimulus): void {
    switch (s.kind) {
      case 'navigate':
        if (this.phase === 'reminding' || this.phase === 'ended') return; // a dialog covers the page
        if (s.to === this.at) return; // a link to the page one is on goes nowhere
        this.at = s.to;
        if (this.phase === 'active') this.start();
        return;
      case 'continue':
        if (this.phase === 'reminding') this.start();
        return;
      case 'confirmEnd':
        if (this.phase === 'ended') this.start();
        return;
      case 'wait':
        this.advance(s.ms);
        return;
      case 'reply':
        if (s.call === 'addSession' && this.phase === 'starting') this.started(s.reply);
        if (s.call === 'cleanSession' && this.phase === 'ending') {
          // whatever the server said, the visitor's session is over
          this.phase = 'ended';
          this.at = '/';
          this.flowKept = false;
        }
    }
  }

  private started(reply: ServerReply) {
    if (reply !== 'network-error' && reply.returnCode === 0) {
      const session = reply.data as ServerSession;
      this.remind = session.remindSeconds;
      this.end = session.endSeconds;
      this.startedAt = this.now - (Date.parse(session.now) - Date.parse(session.startedAt));
    } else {
      this.remind = SPEC_REMIND_SECONDS;
      this.end = SPEC_END_SECONDS;
      this.startedAt = this.now;
    }
    this.phase = 'active';
    this.advance(0);
  }

  /** what the visitor can do now: a dialog covers the page, or it is open to navigation */
  get shows(): 'page' | 'reminder' | 'end' | 'nothing yet' {
    return this.phase === 'reminding'
      ? 'reminder'
      : this.phase === 'ended'
        ? 'end'
        : this.phase === 'ending'
          ? 'nothing yet'
          : 'page';
  }

  awaits(call: SessionCall): boolean {
    return (
      (call === 'addSession' && this.phase === 'starting') ||
      (call === 'cleanSession' && this.phase === 'ending')
    );
  }

  dueInMs(): number | undefined {
    if (this.phase === 'active') return Math.max(0, this.startedAt + this.remind * 1000 - this.now);
    if (this.phase === 'reminding') return Math.max(0, this.startedAt + this.end * 1000 - this.now);
    return undefined;
  }

  advance(ms: number): void {
    this.now += ms;
    const since = this.now - this.startedAt;
    if (this.phase === 'active' && since >= this.remind * 1000) {
      this.phase = 'reminding';
      this.remindedAt = Math.max(this.now - ms, this.startedAt + this.remind * 1000);
    }
    if (this.phase === 'reminding' && since >= this.end * 1000) {
      this.phase = 'ending';
      this.sent.push({ call: 'cleanSession', body: {} });
    }
  }

  view(): SessionView {
    const dialog: SessionView['dialog'] =
      this.phase === 'reminding'
        ? {
            title: '工作階段即將結束',
            // the time left as the dialog opens (checked at that moment only: it counts down after)
            says:
              this.now === this.remindedAt
                ? `本次工作階段將於 ${minutesAndSeconds(Math.round((this.startedAt + this.end * 1000 - this.now) / 1000))} 後結束`
                : '後結束',
            focus: '繼續使用',
          }
        : this.phase === 'ended'
          ? {
              title: '工作階段已結束',
              says: `您已超過 ${Math.round(this.end / 60)} 分鐘沒有操作`,
              focus: '確定',
            }
          : null;
    return { at: this.at, dialog, flowKept: this.flowKept };
  }
}
