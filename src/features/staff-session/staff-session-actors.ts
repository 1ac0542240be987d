import { assign, fromPromise } from 'xstate';
import { type SessionTimes, sessionMachine } from '../../../machines/session.machine';
import { STAFF_IDLE_SECONDS, STAFF_REMIND_SECONDS } from '../../domain/api/staff';
import { lastRenewal, renewStaffSession, sessionRenewedLately, signInApi } from '../../lib/staff-api';

/**
 * A renewal sent this recently is the one that started the session's count (a screen's call just
 * answered, or the sign-in): no need to ask the server again. 繼續使用 comes long after any (the reminder
 * shows STAFF_REMIND_SECONDS after the last), so it always asks.
 */
const JUST_RENEWED_MS = 60_000;

const timesSince = (sentAt: number): SessionTimes => ({
  remindSeconds: STAFF_REMIND_SECONDS,
  endSeconds: STAFF_IDLE_SECONDS,
  elapsedSeconds: Math.max(0, (Date.now() - sentAt) / 1000),
});

/**
 * The visitors' session machine bound to the staff session (docs/specification.md §6): its time is
 * counted from the last call the server answered, which renewed the session there (the server ends it
 * STAFF_IDLE_SECONDS after its last request); starting it again asks the server (staff/me) unless a call
 * has just done so; its end signs out, unless another tab renewed the session meanwhile. Both ends of the
 * count are the page's own clock, so a wrong clock changes nothing. When the server cannot be reached, the
 * count starts now.
 */
export const liveStaffSessionMachine = sessionMachine.provide({
  actors: {
    startSession: fromPromise(async () => {
      const last = lastRenewal();
      const recent = last !== undefined && Date.now() - last < JUST_RENEWED_MS;
      return timesSince(recent ? last : await renewStaffSession());
    }),
    endSession: fromPromise(async () => {
      if (!sessionRenewedLately()) await signInApi.logout();
    }),
  },
  actions: { countFromNow: assign(() => timesSince(Date.now())) },
});
