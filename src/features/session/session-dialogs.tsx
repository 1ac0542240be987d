import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { Dialog } from '../../components/dialog';

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
    const leftSeconds = times.endSeconds - Math.max(times.remindSeconds, times.elapsedSeconds);
    return (
      <Dialog
        title="工作階段即將結束"
        onClose={() => actors.session.send({ type: 'session.continue' })}
        actions={
          <button
            type="button"
            className="button primary"
            onClick={() => actors.session.send({ type: 'session.continue' })}
          >
            繼續使用
          </button>
        }
      >
        <p>
          您已有一段時間沒有操作。為保護您的資料，本次工作階段將於 <Countdown seconds={leftSeconds} />{' '}
          後結束。若要繼續使用，請按「繼續使用」。
        </p>
      </Dialog>
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

function Countdown({ seconds }: { seconds: number }) {
  const [deadline] = useState(() => Date.now() + seconds * 1000);
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft(Math.max(0, Math.round((deadline - Date.now()) / 1000))), 1000);
    return () => clearInterval(timer);
  }, [deadline]);
  const minutes = Math.floor(left / 60);
  const rest = left % 60;
  return (
    <strong>
      {minutes > 0 ? `${minutes} 分 ` : ''}
      {rest} 秒
    </strong>
  );
}
