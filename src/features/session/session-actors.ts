import { fromPromise } from 'xstate';
import { sessionMachine } from '../../../machines/session.machine';
import { apiPost } from '../../lib/api-client';

interface ServerSession {
  startedAt: string;
  now: string;
  remindSeconds: number;
  endSeconds: number;
}

/** The session machine bound to addSession / cleanSession; elapsed time is the server's, never the client's clock. */
export const liveSessionMachine = sessionMachine.provide({
  actors: {
    startSession: fromPromise(async () => {
      const s = await apiPost<ServerSession>('DTODGAZ0/addSession', {});
      const elapsedSeconds = Math.max(0, (Date.parse(s.now) - Date.parse(s.startedAt)) / 1000);
      return { remindSeconds: s.remindSeconds, endSeconds: s.endSeconds, elapsedSeconds };
    }),
    endSession: fromPromise(async () => {
      await apiPost('DTODGAZ0/cleanSession', {});
    }),
  },
});
