import { assign, setup } from 'xstate';
import { SESSION_END_SECONDS, SESSION_REMIND_SECONDS } from '../src/domain/constants';
import { unbound } from './unbound';

/** The session's times as the server tells them (addSession), so a wrong client clock changes nothing. */
export interface SessionTimes {
  remindSeconds: number;
  endSeconds: number;
  /** seconds the server says have passed since the session started */
  elapsedSeconds: number;
}

export type SessionEvent =
  | { type: 'session.activity' }
  | { type: 'session.continue' }
  | { type: 'session.restart' };

const DEFAULT_TIMES: SessionTimes = {
  remindSeconds: SESSION_REMIND_SECONDS,
  endSeconds: SESSION_END_SECONDS,
  elapsedSeconds: 0,
};

/** Visitor session (docs/specification.md §4): a reminder after 1440 s, the end after 1740 s, both counted from the last start. */
export const sessionMachine = setup({
  types: { context: {} as SessionTimes, events: {} as SessionEvent },
  actors: {
    /** addSession: starts or extends the session on the server and answers its times */
    startSession: unbound<SessionTimes>('startSession'),
    /** cleanSession: ends it on the server */
    endSession: unbound<void>('endSession'),
  },
  delays: {
    remindAfter: ({ context }) => Math.max(0, context.remindSeconds - context.elapsedSeconds) * 1000,
    endAfter: ({ context }) =>
      Math.max(0, context.endSeconds - Math.max(context.remindSeconds, context.elapsedSeconds)) * 1000,
  },
  actions: {
    keepTimes: assign(({ event }) => (event as unknown as { output: SessionTimes }).output),
    // The server could not be asked: count from now with the site's defaults rather than never warn.
    countFromNow: assign(() => DEFAULT_TIMES),
  },
}).createMachine({
  id: 'session',
  context: DEFAULT_TIMES,
  initial: 'starting',
  states: {
    starting: {
      invoke: {
        id: 'startSession',
        src: 'startSession',
        onDone: { target: 'active', actions: 'keepTimes' },
        onError: { target: 'active', actions: 'countFromNow' },
      },
    },
    active: {
      after: { remindAfter: 'reminding' },
      on: { 'session.activity': 'starting' },
    },
    reminding: {
      description: 'The dialog shows the time left and offers to continue.',
      after: { endAfter: 'ending' },
      on: { 'session.continue': 'starting' },
    },
    ending: {
      invoke: { id: 'endSession', src: 'endSession', onDone: 'ended', onError: 'ended' },
    },
    ended: {
      description: 'The visitor is home with a notice saying why; what they submitted is kept.',
      on: { 'session.restart': 'starting' },
    },
  },
});
