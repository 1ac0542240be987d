import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { cartChangedSinceConfirmed, type FlowStep } from '../../../machines/shopcart.machine';
import { useActorSelector } from '../../lib/use-actor-selector';
import type { ShopcartActor } from './shopcart-flow';

/**
 * 「購物車內容已變更」 on a shopcart step (SPEC §3 rmind1-3): when the cart changed after the visitor
 * confirmed STEP1, each step says so once, and stays saying it while the visitor is on it.
 */
export function CartChangedNotice({ flow, step }: { flow: ShopcartActor; step: FlowStep }) {
  const changed = useActorSelector(flow, (s) => cartChangedSinceConfirmed(s.context));
  const reminded = useActorSelector(flow, (s) => s.context.reminders[`rmind${step}`]);
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (changed && !reminded) {
      setShown(true);
      flow.send({ type: 'reminder.shown', step });
    }
  }, [changed, reminded, flow, step]);
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
