import { useNavigate, useRouterState } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useRef } from 'react';
import type { AnyActorRef, AnyMachineSnapshot } from 'xstate';

/** What each state of a flow's machine says of itself: its screen's route and its step. */
interface StepMeta {
  route: string;
  step: number;
}

/** Every state of a flow's machine has its meta (the innermost state's, or a parent's). */
const metaOf = (snapshot: AnyMachineSnapshot) =>
  (Object.values(snapshot.getMeta()) as Array<Partial<StepMeta>>).find((m) => m.step) as StepMeta;

/** The step the machine's state says. */
export const stepOf = (snapshot: AnyMachineSnapshot): number => metaOf(snapshot).step;

/**
 * Keeps the URL and a flow's machine in step for one of its screens (`${base}${step}`, e.g.
 * /shopcart/STEP2). On arrival (a link, a reload, browser Back or Forward) the screen asks the machine
 * for its step with `flow.goto`, which grants it as far as the data allows; the URL is then replaced by
 * the step the machine is on. A step the machine moves to later (下一步, an edit link, an emptied cart) is
 * pushed, so browser Back goes one step back. `asks` is false for a step no address may ask for (the
 * shopcart's STEP4: only a stored application shows it). Answers whether the machine is on this step.
 */
export function useFlowStep(flow: AnyActorRef, base: string, step: number, asks = true): boolean {
  const navigate = useNavigate();
  const current = useSelector(flow, (s) => stepOf(s as AnyMachineSnapshot));
  // every arrival at this step's address is a new history entry: a link, a reload, Back, Forward, the same
  // address again; null once the address is another page's (this screen is on its way out)
  const arrival = useRouterState({
    select: (s) =>
      s.location.pathname.endsWith(`${base}${step}`) ? (s.location.state.__TSR_key ?? s.location.href) : null,
  });
  const arrivedAt = useRef<string | null>(null);
  /** the step this screen last sent the address bar to */
  const sentTo = useRef<number | null>(null);

  useEffect(() => {
    const go = (replace: boolean) => {
      const snapshot = flow.getSnapshot() as AnyMachineSnapshot;
      sentTo.current = stepOf(snapshot);
      void navigate({ to: metaOf(snapshot).route as never, replace });
    };
    if (arrival === null) return;
    if (arrivedAt.current !== arrival) {
      arrivedAt.current = arrival;
      sentTo.current = null;
      if (asks) flow.send({ type: 'flow.goto', step });
      if (stepOf(flow.getSnapshot() as AnyMachineSnapshot) !== step) go(true);
      return;
    }
    if (current !== step && current !== sentTo.current) go(false);
  }, [arrival, asks, current, flow, navigate, step]);

  return current === step;
}
