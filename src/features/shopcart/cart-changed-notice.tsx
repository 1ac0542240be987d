import { Link } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { cartChangedSinceConfirmed, type FlowStep } from '../../../machines/shopcart.context';
import { stepOf } from '../../lib/use-flow-step';
import type { ShopcartActor } from './shopcart-flow';

/** The step whose notice is up while the visitor stays on it. */
let noticeUpOn: FlowStep | null = null;

/**
 * 「購物車內容已變更」 on a shopcart step (docs/specification.md §3 rmind1-3): when the cart changed after the visitor
 * confirmed STEP1, each step says so once, and stays saying it while the visitor is on it.
 */
export function CartChangedNotice({ flow, step }: { flow: ShopcartActor; step: FlowStep }) {
  const changed = useSelector(flow, (s) => cartChangedSinceConfirmed(s.context));
  const reminded = useSelector(flow, (s) => s.context.reminders[`rmind${step}`]);
  const [shown, setShown] = useState(() => noticeUpOn === step);
  useEffect(() => {
    if (changed && !reminded) {
      noticeUpOn = step;
      setShown(true);
      flow.send({ type: 'reminder.shown', step });
    }
  }, [changed, reminded, flow, step]);
  // the screen is replaced by itself when an address the data does not allow sends the visitor back to
  // it: the notice stays up; it goes once the flow has left the step
  useEffect(
    () => () => {
      if (stepOf(flow.getSnapshot()) !== step) noticeUpOn = null;
    },
    [flow, step],
  );
  if (!shown || !changed) return null;
  return (
    <div className="notice" role="status">
      <p>
        購物車內容在您確認後已變更，請再次確認投保項目與估算保費
        {step > 1 && (
          <>
            ，必要時<Link to="/shopcart/STEP1">回到確認投保內容</Link>
          </>
        )}
        。
      </p>
    </div>
  );
}
