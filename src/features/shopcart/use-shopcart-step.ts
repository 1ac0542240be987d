import { useNavigate, useRouteContext, useRouterState } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { useActorSelector } from '../../lib/use-actor-selector';
import { type ShopcartActor, shopcartFlow } from './shopcart-flow';

export type ShopcartStep = 1 | 2 | 3 | 4;

/** What each state of the shopcart machine says of itself: the screen's route and its step. */
interface StepMeta {
  route: `/shopcart/STEP${ShopcartStep}`;
  step: ShopcartStep;
}

/** Every state of the machine has its meta. */
const metaOf = (snapshot: AnyMachineSnapshot) =>
  (Object.values(snapshot.getMeta()) as Array<Partial<StepMeta>>).find((m) => m.step) as StepMeta;

/** The step the machine's state says. */
export const stepOf = (snapshot: AnyMachineSnapshot): ShopcartStep => metaOf(snapshot).step;

const routeOf = (snapshot: AnyMachineSnapshot) => metaOf(snapshot).route;

/** The step this page load showed last: moving on from it puts focus on the next step's heading. */
let shownBefore: ShopcartStep | null = null;

/**
 * Keeps the URL and the machine in step for a shopcart screen. On arrival (a link, a reload, browser Back
 * or Forward) the screen asks the machine for its step, which grants it as far as the data allows; the
 * URL is then replaced by the step the machine is on. A step the machine moves to later (下一步, an edit
 * link, an emptied cart) is pushed, so browser Back goes one step back. Renders nothing until in step.
 */
export function useShopcartStep(step: ShopcartStep): { flow: ShopcartActor; inStep: boolean } {
  const { actors } = useRouteContext({ from: '__root__' });
  // taken once: a screen on its way out (after /back2Home forgot the flow) must not start a new one
  const [flow] = useState(() => shopcartFlow(actors.cart));
  const navigate = useNavigate();
  const current = useActorSelector(flow, stepOf);
  // every arrival at this step's address is a new history entry: a link, a reload, Back, Forward, the same
  // address again; null once the address is another page's (this screen is on its way out)
  const arrival = useRouterState({
    select: (s) =>
      s.location.pathname.endsWith(`/shopcart/STEP${step}`)
        ? (s.location.state.__TSR_key ?? s.location.href)
        : null,
  });
  const arrivedAt = useRef<string | null>(null);
  /** the step this screen last sent the address bar to */
  const sentTo = useRef<ShopcartStep | null>(null);

  useEffect(() => {
    const go = (replace: boolean) => {
      sentTo.current = stepOf(flow.getSnapshot());
      void navigate({ to: routeOf(flow.getSnapshot()), replace });
    };
    if (arrival === null) return;
    if (arrivedAt.current !== arrival) {
      arrivedAt.current = arrival;
      sentTo.current = null;
      if (step !== 4) flow.send({ type: 'flow.goto', step });
      if (stepOf(flow.getSnapshot()) !== step) go(true);
      return;
    }
    if (current !== step && current !== sentTo.current) go(false);
  }, [arrival, current, flow, navigate, step]);

  // 下一步, 修改 or an emptied cart replaced the screen under the visitor's focus: it goes to the new step's
  // heading, so a screen reader says where they are and Tab goes on from the top of the step (WCAG 2.4.3)
  useEffect(() => {
    if (current !== step) return;
    if (shownBefore !== null && shownBefore !== step && document.activeElement === document.body)
      document.querySelector<HTMLElement>('main h1')?.focus();
    shownBefore = step;
  }, [current, step]);

  return { flow, inStep: current === step };
}
