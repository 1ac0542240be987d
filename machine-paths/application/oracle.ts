import type { Oracle, SentRequest } from '../../tests/support/oracle';

/*
 * An application's life as issue 35 and docs/specification.md §4 ("The application's life") describe it,
 * written from them without XState: the seven statuses, the moves staff make between them, and the note
 * rule. Nothing here is read from the machine.
 */

type Status = '已受理' | '資料審核中' | '待補件' | '核保中' | '已承保' | '不予承保' | '已結案';

/** Each move: the statuses it may be made from, where it leads, and whether the company must read why. */
const MOVES: Record<string, { from: readonly Status[]; to: Status; noteRequired: boolean }> = {
  /** 開始審核 */
  'review.start': { from: ['已受理'], to: '資料審核中', noteRequired: false },
  /** 要求補件: the note names the documents */
  'documents.request': { from: ['資料審核中', '核保中'], to: '待補件', noteRequired: true },
  /** 收到補件: review goes on */
  'documents.receive': { from: ['待補件'], to: '資料審核中', noteRequired: false },
  /** 送核保 */
  'underwriting.start': { from: ['資料審核中'], to: '核保中', noteRequired: false },
  /** 承保 */
  'application.accept': { from: ['核保中'], to: '已承保', noteRequired: false },
  /** 不予承保: the note says why */
  'application.decline': { from: ['資料審核中', '核保中'], to: '不予承保', noteRequired: true },
  /** 結案: withdrawn, or the documents never came; the note says which */
  'application.close': { from: ['已受理', '資料審核中', '待補件'], to: '已結案', noteRequired: true },
};

/** A decision or an end: nothing follows. */
const FINAL: readonly Status[] = ['已承保', '不予承保', '已結案'];

export type ApplicationStimulus =
  /** staff make a move (a button of the back office, a line of the operator command), with a note or none */
  { kind: 'move'; move: string; note: string | null };

export interface ApplicationView {
  status: Status;
  /** the moves staff are offered now, by name, sorted */
  moves: string[];
  /** those of them that need a note, sorted */
  needNote: string[];
  /** nothing follows the status */
  final: boolean;
}

export class ApplicationOracle implements Oracle<ApplicationStimulus, ApplicationView> {
  readonly sent: SentRequest[] = [];
  private status: Status = '已受理';

  apply(s: ApplicationStimulus): void {
    const move = MOVES[s.move];
    if (!move?.from.includes(this.status)) return;
    // a note of spaces says nothing: the company would read nothing
    if (move.noteRequired && (s.note === null || s.note.trim() === '')) return;
    this.status = move.to;
  }

  view(): ApplicationView {
    const offered = Object.keys(MOVES)
      .filter((name) => MOVES[name]!.from.includes(this.status))
      .sort();
    return {
      status: this.status,
      moves: offered,
      needNote: offered.filter((name) => MOVES[name]!.noteRequired),
      final: FINAL.includes(this.status),
    };
  }
}
