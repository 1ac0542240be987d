import { useNavigate, useRouteContext } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { AnyMachineSnapshot } from 'xstate';
import { useActorSelector } from '../../lib/use-actor-selector';
import { type ShopcartActor, shopcartFlow } from './shopcart-flow';

export type ShopcartStep = 1 | 2 | 3 | 4;

const ROUTES = {
  1: '/shopcart/STEP1',
  2: '/shopcart/STEP2',
  3: '/shopcart/STEP3',
  4: '/shopcart/STEP4',
} as const;

/** The step this page load showed last: moving on from it puts focus on the next step's heading. */
let shownBefore: ShopcartStep | null = null;

/** The step the machine's state says (its meta). */
export function stepOf(snapshot: AnyMachineSnapshot): ShopcartStep {
  const meta = Object.values(snapshot.getMeta()) as Array<{ step?: ShopcartStep }>;
  return meta.find((m) => m.step)?.step ?? 1;
}

/**
 * Keeps the URL and the machine in step for a shopcart screen. On arrival (a link, a reload, browser Back
 * or Forward) the screen asks the machine for its step, which grants it as far as the data allows; the
 * URL is then replaced by the step the machine is on. A step the machine moves to later (下一步, an edit
 * link, an emptied cart) is pushed, so browser Back goes one step back. Renders nothing until in step.
 */
export function useShopcartStep(step: ShopcartStep): { flow: ShopcartActor; inStep: boolean } {
  const { actors } = useRouteContext({ from: '__root__' });
  const flow = shopcartFlow(actors.cart);
  const navigate = useNavigate();
  const current = useActorSelector(flow, stepOf);
  const arrived = useRef(false);

  useEffect(() => {
    if (!arrived.current) {
      arrived.current = true;
      if (step !== 4 && stepOf(flow.getSnapshot()) !== step) flow.send({ type: 'flow.goto', step });
      const granted = stepOf(flow.getSnapshot());
      if (granted !== step) void navigate({ to: ROUTES[granted], replace: true });
      return;
    }
    if (current !== step) void navigate({ to: ROUTES[current] });
  }, [current, flow, navigate, step]);

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
