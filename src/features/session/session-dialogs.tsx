import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect } from 'react';
import { Dialog } from '../../components/dialog';
import { SessionReminder, secondsLeft } from '../../components/session-reminder';

/** The session's reminder (time left, continue) and its end notice (docs/specification.md §4). */
export function SessionDialogs() {
  const { actors } = useRouteContext({ from: '__root__' });
  const state = useSelector(actors.session, (s) => s.value);
  const times = useSelector(actors.session, (s) => s.context);
  const navigate = useNavigate();

  useEffect(() => {
    if (state === 'ended') void navigate({ to: '/back2Home' });
  }, [state, navigate]);

  if (state === 'reminding') {
    return (
      <SessionReminder
        leftSeconds={secondsLeft(times)}
        onContinue={() => actors.session.send({ type: 'session.continue' })}
      />
    );
  }
  if (state === 'ended') {
    return (
      <Dialog
        title="工作階段已結束"
        onClose={() => actors.session.send({ type: 'session.restart' })}
        actions={
          <button
            type="button"
            className="button primary"
            onClick={() => actors.session.send({ type: 'session.restart' })}
          >
            確定
          </button>
        }
      >
        <p>
          您已超過 {Math.round(times.endSeconds / 60)}{' '}
          分鐘沒有操作，為保護您的資料安全，本次工作階段已結束並回到首頁。
          購物車中的保障與已送出的申請都會為您保留。
        </p>
      </Dialog>
    );
  }
  return null;
}
