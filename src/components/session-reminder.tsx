import { useEffect, useState } from 'react';
import { Dialog } from './dialog';

/**
 * The reminder that a session is about to end, a visitor's (docs/specification.md §4) or a staff member's
 * (§6): the time left, counting down, and 繼續使用, which Escape also means.
 */
export function SessionReminder({ leftSeconds, onContinue }: { leftSeconds: number; onContinue(): void }) {
  return (
    <Dialog
      title="工作階段即將結束"
      onClose={onContinue}
      actions={
        <button type="button" className="button primary" onClick={onContinue}>
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

/** Seconds left from `times` when the reminder shows: to the end, from the reminder or from now if later. */
export const secondsLeft = (times: { remindSeconds: number; endSeconds: number; elapsedSeconds: number }) =>
  times.endSeconds - Math.max(times.remindSeconds, times.elapsedSeconds);

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
