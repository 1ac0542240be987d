import { useActorRef, useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { SessionReminder, secondsLeft } from '../../components/session-reminder';
import { onStaffActivity, sessionRenewedLately, signOutIdle } from '../../lib/staff-api';
import { liveStaffSessionMachine } from './staff-session-actors';

/**
 * The staff session's reminder and end, on every page behind the sign-in (docs/specification.md §6): each
 * call the server answers, in this tab or another, starts the count again; the reminder shows before the
 * server's end with the time left and 繼續使用; at the end the person is signed out and sent to the sign-in,
 * which says why and brings them back to this page. Its actor lives while the signed-in pages are shown.
 */
export function StaffSessionTimer() {
  const session = useActorRef(liveStaffSessionMachine);
  // only what is shown: the count starting again on each call renders nothing
  const reminding = useSelector(session, (s) => (s.matches('reminding') ? s.context : null));
  const ended = useSelector(session, (s) => s.matches('ended'));

  useEffect(() => onStaffActivity(() => session.send({ type: 'session.activity' })), [session]);
  useEffect(() => {
    if (!ended) return;
    // another tab's calls kept the session on while this one was reminding: it counts again
    if (sessionRenewedLately()) session.send({ type: 'session.restart' });
    else signOutIdle();
  }, [ended, session]);

  return reminding ? (
    <SessionReminder
      leftSeconds={secondsLeft(reminding)}
      onContinue={() => session.send({ type: 'session.continue' })}
    />
  ) : null;
}
