import { getNextTransitions, type SnapshotFrom, setup, transition } from 'xstate';
import type { ApplicationStatus } from '../src/domain/application-status';

/*
 * An application's life after 受理 (docs/specification.md §4, "The application's life"): its seven statuses
 * as states, named as the database, the progress page and staff name them, and the moves staff make as
 * events. The one authority on which move may follow which status: the server asks it before it writes a
 * move (src/server/db/repositories/application-events.ts), the operator command lists its moves, and the
 * progress page says what may follow from it.
 */

/** The moves staff make, each with the note the company reads on the progress page. */
export const APPLICATION_MOVES = [
  'review.start',
  'documents.request',
  'documents.receive',
  'underwriting.start',
  'application.accept',
  'application.decline',
  'application.close',
] as const;
export type ApplicationMoveType = (typeof APPLICATION_MOVES)[number];

export interface ApplicationEvent {
  type: ApplicationMoveType;
  /** shown with the move on the progress page; required for 待補件, 不予承保 and 已結案 */
  note?: string | null;
}

/** What each state carries for the atlas and the screens: the status it is. */
export interface ApplicationMeta {
  status: ApplicationStatus;
}

const needsNote = { guard: 'hasNote' } as const;

export const applicationMachine = setup({
  types: { events: {} as ApplicationEvent, meta: {} as ApplicationMeta },
  guards: {
    /** a note that says something: the company is told what to send, why it was declined, why it closed */
    hasNote: ({ event }) => typeof event.note === 'string' && event.note.trim() !== '',
  },
}).createMachine({
  id: 'application',
  initial: '已受理',
  states: {
    已受理: {
      description: 'Stored from the shopcart; the company is to be contacted within 3 working days.',
      meta: { status: '已受理' },
      on: {
        'review.start': { target: '資料審核中' },
        'application.close': { ...needsNote, target: '已結案' },
      },
    },
    資料審核中: {
      description: 'Staff check the 要保書, the roster and the cover against what was applied for.',
      meta: { status: '資料審核中' },
      on: {
        'documents.request': { ...needsNote, target: '待補件' },
        'underwriting.start': { target: '核保中' },
        'application.decline': { ...needsNote, target: '不予承保' },
        'application.close': { ...needsNote, target: '已結案' },
      },
    },
    待補件: {
      description: 'Waiting for the documents the note names; review goes on when they arrive.',
      meta: { status: '待補件' },
      on: {
        'documents.receive': { target: '資料審核中' },
        'application.close': { ...needsNote, target: '已結案' },
      },
    },
    核保中: {
      description: 'Underwriters weigh the cover and the insured; they may still ask for documents.',
      meta: { status: '核保中' },
      on: {
        'documents.request': { ...needsNote, target: '待補件' },
        'application.accept': { target: '已承保' },
        'application.decline': { ...needsNote, target: '不予承保' },
      },
    },
    已承保: {
      description: 'A decision: the policy is issued. Nothing follows.',
      meta: { status: '已承保' },
      type: 'final',
    },
    不予承保: {
      description: 'A decision: the note says why. Nothing follows.',
      meta: { status: '不予承保' },
      type: 'final',
    },
    已結案: {
      description: 'Ended without a decision (withdrawn, or the documents never came). Nothing follows.',
      meta: { status: '已結案' },
      type: 'final',
    },
  },
});

export type ApplicationSnapshot = SnapshotFrom<typeof applicationMachine>;

/** The machine restored at an application's status, as the database holds it. */
export function applicationAt(status: ApplicationStatus): ApplicationSnapshot {
  return applicationMachine.resolveState({ value: status });
}

/** The status a state is, from its meta. */
export function statusOf(snapshot: ApplicationSnapshot): ApplicationStatus {
  return snapshot.getMeta()[`application.${snapshot.value}`]!.status;
}

/** A move the machine offers from a status: its event, the status it leads to, and whether it needs a note. */
export interface OfferedMove {
  event: ApplicationMoveType;
  to: ApplicationStatus;
  noteRequired: boolean;
}

/** The moves the machine offers from a status, in its order; none from a final one. */
export function movesFrom(status: ApplicationStatus): OfferedMove[] {
  const snapshot = applicationAt(status);
  return getNextTransitions(snapshot).map((t) => {
    const event = t.eventType as ApplicationMoveType;
    return {
      event,
      to: t.target![0]!.key as ApplicationStatus,
      noteRequired: !snapshot.can({ type: event, note: null }),
    };
  });
}

export type MoveJudgement =
  | { ok: true; event: ApplicationMoveType; to: ApplicationStatus }
  | { ok: false; reason: 'notAllowed'; allowed: ApplicationStatus[] }
  | { ok: false; reason: 'noteRequired' };

/**
 * Whether the machine takes a move from `from` to `to` with this note: the event that leads there, and the
 * status the machine is in after it; or why not (no such move, or a note the move needs is missing).
 */
export function judgeMove(
  from: ApplicationStatus,
  to: ApplicationStatus,
  note: string | null,
): MoveJudgement {
  const moves = movesFrom(from);
  const move = moves.find((m) => m.to === to);
  if (!move) return { ok: false, reason: 'notAllowed', allowed: moves.map((m) => m.to) };
  const snapshot = applicationAt(from);
  const event = { type: move.event, note };
  if (!snapshot.can(event)) return { ok: false, reason: 'noteRequired' };
  const [next] = transition(applicationMachine, snapshot, event);
  return { ok: true, event: move.event, to: statusOf(next) };
}
